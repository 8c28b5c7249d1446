/**
 * The service: Express in front, Next (admin UI + Payload REST under /api) behind it, one
 * Payload instance and one connection pool for both. A process that does not serve the admin UI
 * (ADMIN_UI=off, or an API worker of ADMIN_UI=separate) never loads Next.
 */
import cluster from 'node:cluster'
import type { Server } from 'node:http'

import { mailboxConfig } from './adf/mailbox/config'
import { shipSavedViews } from './admin/savedViews'
import { adminUiNotServed } from './http/adminPages'
import { adminProxy } from './http/adminProxy'
import { createApp } from './http/app'
import { answerClientErrors } from './http/clientErrors'
import { keepConnectionsAlive } from './http/keepAlive'
import { acceptAbsoluteForm } from './http/originForm'
import { payloadRest } from './http/payloadRest'
import { runsJobsInProcess, startJobRunner } from './jobs/runner'
import { loadEnv } from './lib/loadEnv'
import { logger } from './lib/logger'
import { adminUiMode, port, servesAlone, settings, webConcurrency } from './lib/settings'
import { onShutdownSignal } from './lib/shutdown'
import { startFailed, untilRunning } from './lib/startupGuard'
import { warmDecoder } from './lookups/vin/decoder'
import { seedDemoAccounts, seedDemoData, shouldSeed } from './seed'
import { adminUi } from './start/adminUi'
import { tuneApiHeap } from './start/apiHeap'
import { adminSocket, primaryStartedDatabase, runPrimary, workerRole } from './start/cluster'
import { apiBanner, ensureLocalAdmin, loginBanner } from './start/firstAdmin'
import { MIGRATION_LOCK, oneAtATime, openRuntime } from './start/runtime'

const SHUTDOWN_GRACE_MS = 10_000

/** Serves HTTP: the whole service, or one worker of several (src/start/cluster.ts). */
export const main = async (): Promise<void> => {
  const started = Date.now()
  const startup = untilRunning('the service')
  const role = workerRole()
  const mode = adminUiMode()
  // First, so a worker hears the primary's word on the build while Payload starts.
  const admin = mode === 'on' || role === 'admin' ? adminUi() : null
  // A follower starts once the lead has migrated; the lead does what there must be one of.
  const leads = role === 'single' || role === 'lead'
  const runtime = await openRuntime({ migrate: leads })
  const { payload } = runtime
  const local = role === 'single' ? Boolean(runtime.embedded) : primaryStartedDatabase()

  // With its build current, the admin UI is ready before the process answers, as the API is;
  // without, the API answers at once and /admin says the UI is being built.
  if (admin?.current) await admin.ready
  const socket = adminSocket()
  const { app, close: closeApp } = createApp({
    // Until Next serves the admin UI here, Payload's REST handlers without Next's route module.
    apiHandler: payloadRest(payload.config, { next: () => admin?.serving() ?? false }),
    nextHandler: admin ? admin.handler : socket ? adminProxy(socket) : adminUiNotServed,
    payload,
  })

  // The login exists before the service answers, and is shown before it reports ready.
  const firstLogin = local && leads ? await ensureLocalAdmin(payload) : null
  // So do the demo accounts and their credentials file, whose path the banner shows; the demo
  // records follow once the service answers.
  const seeds = leads && shouldSeed(local)
  const demo = seeds ? await seedDemoAccounts(payload) : null
  // The admin worker of ADMIN_UI=separate listens on its socket, where the API workers reach it.
  const where = role === 'admin' && socket ? socket : port()
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(where, (error?: Error) => (error ? reject(error) : resolve(s)))
  })
  const address = server.address()
  const boundPort = typeof address === 'object' && address ? address.port : port()
  const url = `http://localhost:${boundPort}`
  if (leads)
    process.stdout.write(
      loginBanner(
        url,
        firstLogin,
        mode === 'off' ? 'off' : admin?.current === false ? 'building' : 'on',
        demo?.credentialsFile,
      ),
    )
  acceptAbsoluteForm(server)
  answerClientErrors(server)
  keepConnectionsAlive(server)
  admin?.startBuild()
  // Unpacks and opens the vPIC file now, so the first VIN lookup is not the slow one.
  warmDecoder()
  logger.info(
    {
      adminUi: mode,
      ms: Date.now() - started,
      ...(role === 'admin' ? { socket } : { port: boundPort, url }),
    },
    'commerce service listening',
  )
  if (leads && settings('auth').MFA_REQUIRED === 'admins')
    logger.warn(
      { MFA_REQUIRED: 'admins' },
      'staff other than admins sign in with a password alone: set MFA_REQUIRED=all wherever real customer information is kept',
    )
  // Under the migration lock: nodes started together on one database ship each view once.
  if (leads) await oneAtATime(payload, MIGRATION_LOCK, () => shipSavedViews(payload))
  if (seeds) await seedDemoData(payload)
  const jobRunner = leads && runsJobsInProcess() ? startJobRunner(payload) : null
  // Where the jobs run, the lead mailbox is read (any number of pollers may share it). The IMAP
  // and MIME libraries (about 130 modules) load only where a mailbox is configured.
  const mailboxSettings = leads && runsJobsInProcess() ? mailboxConfig() : null
  const mailbox = mailboxSettings
    ? (await import('./adf/mailbox/poller')).startMailboxPoller(payload, {
        config: mailboxSettings,
      })
    : null
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
    await admin?.close()
    // A job in flight finishes (its provider call has its own timeout) before the pool closes.
    await Promise.all([jobRunner?.stop(), mailbox?.stop()])
    await closeApp()
    await runtime.close()
    logger.info('stopped')
  })
  // The demo data and jobs are ready too: where to go, last.
  if (leads) process.stdout.write(apiBanner(url))
  startup.running()
  // Once it runs: set during the start, the heap's bounds slowed the start.
  if (!admin) tuneApiHeap()
}

/** `npm start`: one process, or a primary and WEB_CONCURRENCY workers. */
export const serve = async (): Promise<void> => {
  loadEnv()
  if (cluster.isPrimary && !servesAlone()) await runPrimary(webConcurrency())
  else await main()
}

const invokedDirectly =
  process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))
if (invokedDirectly) {
  serve().catch((error) => startFailed('the service', error))
}
