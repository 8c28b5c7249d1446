/**
 * Runs queued jobs: in the service process by default, or in `npm run worker`. However many
 * processes run this, one at a time is the runner: it holds a PostgreSQL advisory lock on a
 * connection of its own, and the others poll for the lock. If the runner dies, its connection
 * closes, the lock is free, and another process takes over within one poll interval.
 *
 * Because only the lock holder runs jobs, a job still marked `processing` when a process takes
 * the lock was cut off by a dead runner (Payload would never pick it up again): it is released
 * and runs again. The credit app's idempotency key makes that safe at the provider.
 *
 * Payload deletes the jobs of a batch that completed only once the whole batch has run, so a
 * runner that dies mid-batch leaves completed jobs behind for good. The runner deletes completed
 * jobs when it takes the lock and every CLEANUP_EVERY_MS after, with expired idempotency keys. Jobs that failed for good stay,
 * for staff admins to read (admin UI → Operations → Jobs).
 */
import type { Payload } from 'payload'
import type pg from 'pg'

import { noticeLapsedCounteroffers } from '@/compliance/adverseAction/notices'
import { COMPLIANCE_SWEEP_MS, complianceSweep } from '@/compliance/retention/daily'
import { COMPLIANCE_QUEUE } from '@/compliance/sanctions/rescreen'
import { poolOf } from '@/db/adapter'
import { foldRowCounts } from '@/db/rowCounts'
import { classifyFailure } from '@/errors'
import { deleteExpiredKeys } from '@/idempotency'
import { escalateOverdueLeads } from '@/leadDesk/escalation'
import { logger } from '@/lib/logger'
import { settings } from '@/lib/settings'
import { checkProviderSettings } from '@/providers/config'
import { PROVIDER_QUEUE } from '@/providers/submit'
import { type WebhookDispatcher, webhookDispatcher } from '@/webhooks/deliver'

/** Any constant shared by every runner of this database: it names the lock. */
const RUNNER_LOCK = 724_015_311
const BATCH = 10
const CLEANUP_EVERY_MS = 60_000

export type JobRunner = { stop: () => Promise<void> }

export const jobsPollMs = (): number => settings('jobs').JOBS_POLL_MS

/** In-process unless JOBS_RUNNER=off (when `npm run worker` runs them instead). */
export const runsJobsInProcess = (): boolean => settings('jobs').JOBS_RUNNER !== 'off'

/** One runner's state: the connection holding the lock (null while standing by), and its loop's. */
type Runner = {
  cleanedAt: number
  /** When this runner last ran the daily compliance sweep (src/compliance/retention/daily.ts). */
  compliedAt: number
  /** When this runner last looked for leads to escalate (src/leadDesk/escalation.ts). */
  escalatedAt: number
  /** When this runner last looked for lapsed counteroffers (src/compliance/adverseAction). */
  counteroffersAt: number
  /** When this runner last folded the kept row counts of ended backends (src/db/rowCounts.ts). */
  foldedAt: number
  /** Webhook deliveries, sent by the lock holder beside the jobs (src/webhooks/deliver.ts). */
  webhooks: WebhookDispatcher
  lock: null | pg.PoolClient
  pool: pg.Pool
  stopped: boolean
  /** Ends the wait between two polls at once. */
  wake: () => void
}

const deleteCompletedJobs = async (runner: Runner, client: pg.PoolClient) => {
  runner.cleanedAt = Date.now()
  const { rowCount } = await client.query(
    'DELETE FROM payload_jobs WHERE completed_at IS NOT NULL AND has_error IS NOT TRUE',
  )
  if (rowCount)
    logger.info(
      { deleted: rowCount },
      'job runner: deleted completed jobs left by an interrupted run',
    )
  const expiredKeys = await deleteExpiredKeys(client)
  if (expiredKeys)
    logger.debug({ deleted: expiredKeys }, 'job runner: deleted expired idempotency keys')
}

const release = async (runner: Runner, broken = false) => {
  const client = runner.lock
  runner.lock = null
  if (!client) return
  if (!broken) await client.query('SELECT pg_advisory_unlock($1)', [RUNNER_LOCK]).catch(() => {})
  // Never back to the pool: it carries this runner's error listener. (Closing the pool may have
  // released it already.)
  try {
    client.release(true)
  } catch {
    // Already released by the pool's end.
  }
}

/** Takes the lock if no other process holds it, then cleans up after the runner before. */
const acquire = async (runner: Runner): Promise<boolean> => {
  const client = await runner.pool.connect()
  const { rows } = await client
    .query('SELECT pg_try_advisory_lock($1) AS locked', [RUNNER_LOCK])
    .catch((error) => {
      client.release(true)
      throw error
    })
  if (!rows[0].locked) {
    client.release()
    return false
  }
  client.on('error', () => void release(runner, true))
  runner.lock = client
  const { rowCount } = await client.query(
    'UPDATE payload_jobs SET processing = false WHERE processing = true',
  )
  logger.info({ released: rowCount }, 'job runner: this process runs the jobs')
  await deleteCompletedJobs(runner, client)
  return true
}

type Sweep = 'compliedAt' | 'counteroffersAt' | 'escalatedAt' | 'foldedAt'

/**
 * Runs a periodic sweep when `everyMs` have passed since this runner last did (at once when it
 * takes the lock). Its failure stops no job: a database gone away is reported by the pool's
 * listener, and the next round tries again.
 */
const sweepWhenDue = async (
  runner: Runner,
  last: Sweep,
  everyMs: number,
  name: string,
  sweep: () => Promise<unknown>,
) => {
  if (Date.now() - runner[last] < everyMs) return
  runner[last] = Date.now()
  await sweep().catch((error) => {
    if (classifyFailure(error)?.kind === 'unavailable') return
    logger.error({ err: error }, `job runner: the ${name} sweep failed`)
  })
}

/** Lead escalation (LEAD_ESCALATION_CHECK_SECONDS), retention and requests (daily), lapsed counteroffers (ADVERSE_ACTION_CHECK_SECONDS), the row counts' fold (every minute). */
const sweepsWhenDue = async (payload: Payload, runner: Runner) => {
  const seconds = (value: number) => value * 1000
  await sweepWhenDue(
    runner,
    'escalatedAt',
    seconds(settings('leadDesk').LEAD_ESCALATION_CHECK_SECONDS),
    'lead escalation',
    () => escalateOverdueLeads(payload),
  )
  await sweepWhenDue(runner, 'compliedAt', COMPLIANCE_SWEEP_MS, 'compliance', () =>
    complianceSweep(payload),
  )
  await sweepWhenDue(
    runner,
    'counteroffersAt',
    seconds(settings('adverseAction').ADVERSE_ACTION_CHECK_SECONDS),
    'counteroffer',
    () => noticeLapsedCounteroffers(payload),
  )
  await sweepWhenDue(runner, 'foldedAt', CLEANUP_EVERY_MS, 'row count fold', () =>
    foldRowCounts(poolOf(payload)),
  )
}

/** Runs one batch if this process holds (or takes) the lock; true when the batch was full. */
const runBatch = async (payload: Payload, runner: Runner): Promise<boolean> => {
  if (!runner.lock && !(await acquire(runner))) return false
  if (runner.lock && Date.now() - runner.cleanedAt >= CLEANUP_EVERY_MS)
    await deleteCompletedJobs(runner, runner.lock)
  const result = await payload.jobs.run({
    limit: BATCH,
    queue: PROVIDER_QUEUE,
    silent: { info: true },
  })
  // Screening against a new sanctions list: one long job at a time, with its progress on the list.
  await payload.jobs.run({ limit: 1, queue: COMPLIANCE_QUEUE, silent: { info: true } })
  await runner.webhooks.poll()
  await sweepsWhenDue(payload, runner)
  return Object.keys(result?.jobStatus ?? {}).length >= BATCH
}

const pause = (runner: Runner, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    runner.wake = () => {
      clearTimeout(timer)
      resolve()
    }
  })

const runUntilStopped = async (payload: Payload, runner: Runner, pollMs: number) => {
  while (!runner.stopped) {
    let fullBatch = false
    try {
      fullBatch = await runBatch(payload, runner)
    } catch (error) {
      // A lost database connection is reported once, by the pool's listener, not again here.
      if (classifyFailure(error)?.kind === 'unavailable')
        logger.warn('job runner: the database went away during a run; trying again')
      else logger.error({ err: error }, 'job runner: a run failed; trying again')
      await release(runner, true)
    }
    if (runner.stopped) break
    // A full batch means more may be due: run again at once, and wait only when the queue is drained.
    if (!fullBatch) await pause(runner, pollMs)
  }
  await release(runner)
}

export const startJobRunner = (
  payload: Payload,
  { pollMs = jobsPollMs() }: { pollMs?: number } = {},
): JobRunner => {
  checkProviderSettings()
  const runner: Runner = {
    cleanedAt: 0,
    compliedAt: 0,
    counteroffersAt: 0,
    foldedAt: 0,
    escalatedAt: 0,
    lock: null,
    pool: poolOf(payload),
    stopped: false,
    wake: () => {},
    webhooks: webhookDispatcher(payload),
  }
  const loop = runUntilStopped(payload, runner, pollMs)
  return {
    stop: async () => {
      runner.stopped = true
      runner.wake()
      await loop
      await runner.webhooks.settle()
    },
  }
}
