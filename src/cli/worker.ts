/**
 * npm run worker: runs the queued jobs (credit apps to providers) without serving HTTP, for
 * installs that run the service on several machines with JOBS_RUNNER=off. Any number of workers
 * and services may run: one at a time holds the runner lock (src/jobs/runner.ts).
 */
import { startMailboxPoller } from '@/adf/mailbox'
import { startJobRunner } from '@/jobs/runner'
import { ignoreClosedOutput } from '@/lib/closedOutput'
import { logger } from '@/lib/logger'
import { onShutdownSignal } from '@/lib/shutdown'
import { startFailed, untilRunning } from '@/lib/startupGuard'
import { openRuntime } from '@/start/runtime'

ignoreClosedOutput()
const startup = untilRunning('the worker')
try {
  const runtime = await openRuntime()
  const runner = startJobRunner(runtime.payload)
  // With LEADS_IMAP_URL set, the lead mailbox too (any number of pollers may share it).
  const mailbox = startMailboxPoller(runtime.payload)
  // Before announcing the start: a signal sent on seeing it must find this handler (replacing the
  // other handlers of a signal drops one that arrived and was not dispatched yet).
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'worker stopping: finishing the job in flight')
    await Promise.all([runner.stop(), mailbox?.stop()])
    await runtime.close()
  })
  logger.info('worker started: running queued jobs')
  startup.running()
} catch (error) {
  startFailed('the worker', error)
}
