/** `npm start`: build the admin UI if it is missing or stale, then serve. */
process.env.NODE_ENV ||= 'production'
process.env.NEXT_TELEMETRY_DISABLED ||= '1'

const { ensureBuild } = await import('./build')
const { logger } = await import('../lib/logger')
try {
  await ensureBuild()
  const { main } = await import('../server')
  await main()
} catch (error) {
  logger.fatal({ err: error }, 'the service could not start')
  process.exit(1)
}
