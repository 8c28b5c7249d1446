/**
 * `npm start`: serve. The admin UI's build, when it is missing or stale, runs beside the API
 * (src/start/adminUi.ts) instead of before it.
 */
Object.assign(process.env, {
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED || '1',
  NODE_ENV: process.env.NODE_ENV || 'production',
})

const { ignoreClosedOutput } = await import('@/lib/closedOutput')
ignoreClosedOutput()
const { startFailed } = await import('@/lib/startupGuard')
try {
  // Before Payload and the service load (scripts/run.mjs held the young generation until here).
  const { holdSingleApiProcessYoung } = await import('@/start/apiHeap')
  holdSingleApiProcessYoung()

  const { serve } = await import('@/server')
  await serve()
} catch (error) {
  startFailed('the service', error)
}

export {}
