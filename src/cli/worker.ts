/**
 * npm run worker: runs the queued jobs (credit apps to providers) without serving HTTP, for
 * installs that run the service on several machines with JOBS_RUNNER=off. Any number of workers
 * and services may run: one at a time holds the runner lock (src/jobs/runner.ts).
 */
import { startJobRunner } from '../jobs/runner'
import { logger } from '../lib/logger'
import { onShutdownSignal } from '../lib/shutdown'
import { openRuntime } from '../server/runtime'

try {
  const runtime = await openRuntime()
  const runner = startJobRunner(runtime.payload)
  logger.info('worker started: running queued jobs')
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'worker stopping: finishing the job in flight')
    await runner.stop()
    await runtime.close()
  })
} catch (error) {
  logger.fatal({ err: error }, 'the worker could not start')
  process.exit(1)
}
