/** `npm start`: build the admin UI if it is missing or stale, then serve. */
Object.assign(process.env, {
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED || '1',
  NODE_ENV: process.env.NODE_ENV || 'production',
})

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

export {}
