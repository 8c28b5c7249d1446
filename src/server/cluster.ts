/**
 * WEB_CONCURRENCY above 1: this process (the primary) serves nothing itself. It owns what there is
 * one of — the embedded PostgreSQL, the local secrets, the in-memory rate-limit counts when there
 * is no Redis — and forks that many workers, which share the port.
 *
 * The first worker is the lead: it migrates, creates the local admin, seeds the demo data and
 * runs the jobs, as a single process does. The others are forked once it listens, so they find
 * the schema up to date. A worker that dies is replaced (a lead by a lead); one that dies before
 * it ever listened stops the whole service, as a single process whose start fails would.
 */
import cluster, { type Worker } from 'node:cluster'

import { RateLimiterClusterMaster } from 'rate-limiter-flexible'

import { resolveCreditDataKeys } from '../creditData/keys'
import { resolveDatabase } from '../db/resolveDatabase'
import { loadEnv } from '../lib/loadEnv'
import { logger } from '../lib/logger'
import { resolvePayloadSecret } from '../lib/secret'
import { checkSettings } from '../lib/settings'
import { onShutdownSignal } from '../lib/shutdown'

/** What a worker is told by the primary, through its environment. */
const ROLE = 'COMMERCE_WORKER_ROLE'
const LOCAL = 'COMMERCE_LOCAL_DATABASE'
const RESTART_DELAY_MS = 1000

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

export const runPrimary = async (count: number): Promise<void> => {
  loadEnv()
  checkSettings()
  const embedded = await resolveDatabase()
  // In this process's environment, which every worker inherits.
  resolvePayloadSecret({ local: Boolean(embedded) })
  resolveCreditDataKeys({ local: Boolean(embedded) })
  new RateLimiterClusterMaster()
  // Workers accept from the shared socket themselves. Node's default on Linux (the primary
  // accepts and hands each connection over) loses a connection handed to a worker in the instant
  // it dies; here the kernel keeps it queued for the other. 50 connections: 7,419 and 6,405
  // requests per worker, and the same throughput as round-robin.
  cluster.schedulingPolicy = cluster.SCHED_NONE
  const env = { [LOCAL]: embedded ? '1' : '' }
  let stopping = false

  const fork = (role: 'follower' | 'lead'): Worker => {
    const worker = cluster.fork({ ...env, [ROLE]: role })
    worker.once('exit', (code, signal) => {
      if (stopping) return
      logger.error({ code, role, signal }, 'a worker died; starting another')
      setTimeout(() => {
        if (!stopping) fork(role)
      }, RESTART_DELAY_MS).unref()
    })
    return worker
  }

  const stop = async () => {
    stopping = true
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
  logger.info({ workers: count }, 'all workers listening')
}
