/** `npm start`: build the admin UI if it is missing or stale, then serve. */
Object.assign(process.env, {
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED || '1',
  NODE_ENV: process.env.NODE_ENV || 'production',
})

const { ensureBuild } = await import('../server/adminBuild')
const { startFailed } = await import('../lib/startupGuard')
try {
  await ensureBuild()
  const { main } = await import('../server')
  await main()
} catch (error) {
  startFailed('the service', error)
}

export {}
