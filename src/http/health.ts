import type { Router } from 'express'
import express from 'express'
import type { Payload } from 'payload'

import { poolOf } from '@/db/adapter'
import { checkReplicas, hasReadReplicas } from '@/db/replicas'

const READY_TIMEOUT_MS = 2000

/** What `work` resolves to, or `fallback` once READY_TIMEOUT_MS pass (or when it fails). */
export const withinReadyTimeout = async <T>(work: Promise<T>, fallback: T): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), READY_TIMEOUT_MS)
  })
  const result = await Promise.race([work.catch(() => fallback), timeout])
  clearTimeout(timer)
  return result
}

/** Resolves when the database answers a trivial query within the timeout. */
export const databaseReachable = async (payload: Payload): Promise<boolean> => {
  const pool = poolOf(payload)
  if (!pool) return false
  return withinReadyTimeout(
    pool.query('select 1').then(() => true),
    false,
  )
}

/**
 * `/healthz`: the process answers. `/readyz`: it can also reach its database; a replica that is
 * down only says so (its reads go to the primary), without credentials or addresses.
 */
export const healthRoutes = (payload: Payload): Router => {
  const router = express.Router()
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' })
  })
  router.get('/readyz', async (_req, res) => {
    const [ok, replicas] = await Promise.all([
      databaseReachable(payload),
      hasReadReplicas(payload) ? checkReplicas(payload, READY_TIMEOUT_MS) : undefined,
    ])
    res.status(ok ? 200 : 503).json({
      database: ok ? 'reachable' : 'unreachable',
      replicas,
      status: ok ? 'ready' : 'unavailable',
    })
  })
  return router
}
