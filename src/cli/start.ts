/** `npm start`: build the admin UI if it is missing or stale, then serve. */
import cluster from 'node:cluster'

Object.assign(process.env, {
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED || '1',
  NODE_ENV: process.env.NODE_ENV || 'production',
})

const { ignoreClosedOutput } = await import('@/lib/closedOutput')
ignoreClosedOutput()
const { ensureBuild } = await import('@/start/adminBuild')
const { startFailed } = await import('@/lib/startupGuard')
try {
  // Workers of a cluster start from this file too; their primary has built already.
  if (cluster.isPrimary) await ensureBuild()
  const { serve } = await import('@/server')
  await serve()
} catch (error) {
  startFailed('the service', error)
}

export {}
