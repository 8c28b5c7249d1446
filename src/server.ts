/**
 * The service: Express in front, Next (admin UI + Payload REST under /api) behind it, one
 * Payload instance and one connection pool for both.
 */
import cluster from 'node:cluster'
import type { Server } from 'node:http'

import next from 'next'

import { createApp } from './http/app'
import { answerClientErrors } from './http/clientErrors'
import { runsJobsInProcess, startJobRunner } from './jobs/runner'
import { loadEnv } from './lib/loadEnv'
import { logger } from './lib/logger'
import { projectRoot } from './lib/paths'
import { isProduction, port, webConcurrency } from './lib/settings'
import { onShutdownSignal } from './lib/shutdown'
import { startFailed, untilRunning } from './lib/startupGuard'
import { warmDecoder } from './lookups/vin/decoder'
import { seedDemoData, shouldSeed } from './seed'
import { primaryStartedDatabase, runPrimary, workerRole } from './start/cluster'
import { ensureLocalAdmin, loginBanner } from './start/firstAdmin'
import { openRuntime } from './start/runtime'

const SHUTDOWN_GRACE_MS = 10_000

/** Serves HTTP: the whole service, or one worker of several (src/start/cluster.ts). */
export const main = async (): Promise<void> => {
  const started = Date.now()
  const startup = untilRunning('the service')
  const role = workerRole()
  // A follower starts once the lead has migrated; the lead does what there must be one of.
  const runtime = await openRuntime({ migrate: role !== 'follower' })
  const { payload } = runtime
  const local = role === 'single' ? Boolean(runtime.embedded) : primaryStartedDatabase()
  const leads = role !== 'follower'

  const dev = !isProduction()
  const nextApp = next({ dev, dir: projectRoot })
  await nextApp.prepare()
  const handle = nextApp.getRequestHandler()
  const { app, close: closeApp } = createApp({
    nextHandler: (req, res) => handle(req, res),
    payload,
  })

  // The login exists before the service answers, and is shown before it reports ready.
  const firstLogin = local && leads ? await ensureLocalAdmin(payload) : null
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(port(), (error?: Error) => (error ? reject(error) : resolve(s)))
  })
  const address = server.address()
  const boundPort = typeof address === 'object' && address ? address.port : port()
  const url = `http://localhost:${boundPort}`
  if (leads) process.stdout.write(loginBanner(url, firstLogin))
  answerClientErrors(server)
  // Unpacks and opens the vPIC file now, so the first VIN lookup is not the slow one.
  warmDecoder()
  logger.info({ ms: Date.now() - started, port: boundPort, url }, 'commerce service listening')
  if (leads && shouldSeed(local)) await seedDemoData(payload)
  const jobRunner = leads && runsJobsInProcess() ? startJobRunner(payload) : null
  // Before the last lines: a signal sent on seeing them must find this handler (replacing the other
  // handlers of a signal drops one that arrived and was not dispatched yet).
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight')
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
    force.unref()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeIdleConnections()
    })
    await nextApp.close().catch(() => {})
    // A job in flight finishes (its provider call has its own timeout) before the pool closes.
    await jobRunner?.stop()
    await closeApp()
    await runtime.close()
    logger.info('stopped')
  })
  // The demo data and jobs are ready too: where to go, last.
  if (leads) process.stdout.write(`\nAPI:      ${url}/api\n\n`)
  startup.running()
}

/** `npm start`: one process, or a primary and WEB_CONCURRENCY workers. */
export const serve = async (): Promise<void> => {
  loadEnv()
  const count = webConcurrency()
  if (cluster.isPrimary && count > 1) await runPrimary(count)
  else await main()
}

const invokedDirectly =
  process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))
if (invokedDirectly) {
  serve().catch((error) => startFailed('the service', error))
}
