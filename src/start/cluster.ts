/**
 * WEB_CONCURRENCY above 1: this process (the primary) serves nothing itself. It owns what there is
 * one of — the embedded PostgreSQL, the local secrets, the in-memory rate-limit counts when there
 * is no Redis — and forks that many workers, which share the port.
 *
 * The first worker is the lead: it migrates, creates the local admin, seeds the demo data and
 * runs the jobs, as a single process does. The others are forked once it listens, so they find
 * the schema up to date. A worker that dies is replaced (a lead by a lead, see `supervise`); one
 * that dies during the service's start stops the whole service, as a single process whose start
 * fails would.
 */
import cluster, { type Worker } from 'node:cluster'

import { RateLimiterClusterMaster } from 'rate-limiter-flexible'

import type { EmbeddedServer } from '@/db/embedded'
import { logger } from '@/lib/logger'
import { onShutdownSignal } from '@/lib/shutdown'

import { openEnvironment } from './runtime'

/** What a worker is told by the primary, through its environment. */
const ROLE = 'COMMERCE_WORKER_ROLE'
const LOCAL = 'COMMERCE_LOCAL_DATABASE'
const RESTART_DELAY_MS = 1000
const MAX_RESTART_DELAY_MS = 30_000
const STABLE_MS = 60_000

export type WorkerRole = 'follower' | 'lead' | 'single'

/** This process's part: `single` when it serves alone (no cluster). */
export const workerRole = (): WorkerRole =>
  cluster.isWorker ? (process.env[ROLE] === 'lead' ? 'lead' : 'follower') : 'single'

/** In a worker: whether the primary started the embedded PostgreSQL (a local install). */
export const primaryStartedDatabase = (): boolean => process.env[LOCAL] === '1'

/** Resolves once `worker` listens; rejects if it exits first. */
const listening = (worker: Worker): Promise<void> =>
  new Promise((resolve, reject) => {
    const exited = (code: number) => reject(new Error(`worker exited with code ${code}`))
    worker.once('exit', exited)
    worker.once('listening', () => {
      worker.off('exit', exited)
      resolve()
    })
  })

/**
 * Forks a worker for `role`, and another when it dies once the service runs: after 1 s, doubling
 * with each death in a row up to 30 s (a worker that lived a minute resets the count), so a
 * database that is down is not hammered by starts that cannot succeed.
 */
const supervise = (env: Record<string, string>, state: { running: boolean; stopping: boolean }) => {
  let deaths = 0
  const fork = (role: 'follower' | 'lead'): Worker => {
    const worker = cluster.fork({ ...env, [ROLE]: role })
    const born = Date.now()
    worker.once('exit', (code, signal) => {
      // During start-up the failure is the start's own (`listening` rejects).
      if (state.stopping || !state.running) return
      deaths = Date.now() - born > STABLE_MS ? 1 : deaths + 1
      const delayMs = Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** (deaths - 1))
      logger.error({ code, delayMs, role, signal }, 'a worker died; starting another')
      setTimeout(() => {
        if (!state.stopping) fork(role)
      }, delayMs)
    })
    return worker
  }
  return fork
}

/** Stops every worker (each finishes its requests in flight), then the embedded PostgreSQL. */
const stopAll = async (embedded: EmbeddedServer | null) => {
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined)
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve()
          worker.once('exit', () => resolve())
          worker.process.kill('SIGTERM')
        }),
    ),
  )
  if (embedded?.owned) await embedded.stop()
}

export const runPrimary = async (count: number): Promise<void> => {
  // In this process's environment, which every worker inherits.
  const embedded = await openEnvironment()
  new RateLimiterClusterMaster()
  // Workers accept from the shared socket themselves. Node's default on Linux (the primary
  // accepts and hands each connection over) loses a connection handed to a worker in the instant
  // it dies; here the kernel keeps it queued for the other. 50 connections: 7,419 and 6,405
  // requests per worker, and the same throughput as round-robin.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  // Stack traces in the workers' logs name the TypeScript sources, as in this process's.
  cluster.setupPrimary({ execArgv: [...process.execArgv, '--enable-source-maps'] })
  const state = { running: false, stopping: false }
  const fork = supervise({ [LOCAL]: embedded ? '1' : '' }, state)
  let stopped: Promise<void> | undefined
  const stop = () => {
    state.stopping = true
    return (stopped ??= stopAll(embedded))
  }
  onShutdownSignal(async (signal) => {
    logger.info({ signal }, 'stopping the workers')
    await stop()
  })
  try {
    await listening(fork('lead'))
    await Promise.all(Array.from({ length: count - 1 }, () => listening(fork('follower'))))
  } catch (error) {
    await stop()
    throw error
  }
  state.running = true
  logger.info({ workers: count }, 'all workers listening')
}
