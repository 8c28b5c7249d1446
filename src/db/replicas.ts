import type { Payload } from 'payload'
import type pg from 'pg'

import { classifyFailure, sqlStateOf } from '@/lib/failures'
import { isRecord } from '@/lib/isRecord'
import { logger } from '@/lib/logger'

import { adapterOf, poolOf, replicaPoolsOf } from './adapter'

/**
 * Payload's PostgreSQL adapter, with read replicas configured, sends reads outside a transaction
 * to a replica, except for `readReplicasAfterWriteInterval` after a write made by this process
 * (it stamps `lastWriteTimestamp`). These reach into that so a read can be sent to the primary
 * for a caller who wrote elsewhere.
 */
export const hasReadReplicas = (payload: Payload): boolean =>
  Boolean(adapterOf(payload).primaryDrizzle)

/** Reads of this process go to the primary for the adapter's read-after-write window from now. */
export const readFromPrimaryForAWhile = (payload: Payload): void => {
  const adapter = adapterOf(payload)
  if (adapter.primaryDrizzle) adapter.lastWriteTimestamp = Date.now()
}

/** The replicas' connection pools, in DATABASE_READ_URLS order (drizzle's `withReplicas` keeps them). */
export const replicaPools = replicaPoolsOf

/** After a replica fails, how long its reads go to the primary before one read tries it again. */
export const REPLICA_COOL_DOWN_MS = 5_000

export type ReplicaState = { replica: number; since: string; state: 'down' | 'up' }

type Send = (...args: unknown[]) => Promise<unknown>
type Breaker = { check: (timeoutMs: number) => Promise<void>; state: () => ReplicaState }

const breakers = new WeakMap<Payload, Breaker[]>()

/**
 * A replica that cannot be reached or drops the connection (classified 'unavailable') must not
 * fail the read: it is sent again to the primary at once. A statement cancelled by its own
 * timeout (57014) is the query's doing, not the replica's, and is not run a second time.
 */
const replicaDown = (error: unknown): boolean =>
  classifyFailure(error)?.kind === 'unavailable' && sqlStateOf(error) !== '57014'

const hostOf = (pool: pg.Pool): string | undefined => {
  try {
    return new URL(String(Reflect.get(pool, 'options')?.connectionString)).host
  } catch {
    return undefined
  }
}

/**
 * A breaker on one replica's pool. Every read of the replica goes through `pool.query` (drizzle
 * hands it the pool), so that is where a failed read is retried on the primary. Once a read has
 * failed, reads go straight to the primary for REPLICA_COOL_DOWN_MS, then one read tries the
 * replica again (the others still go to the primary): back, its reads return to it; still down,
 * another cool-down. The switch and the return are logged once each, not per read.
 */
const breaker = (pool: pg.Pool, primary: pg.Pool, replica: number): Breaker => {
  const send = pool.query.bind(pool) as Send
  const sendToPrimary = primary.query.bind(primary) as Send
  const where = { host: hostOf(pool), replica }
  let down = false
  let since = Date.now()
  let retryAt = 0
  const failed = (error: unknown) => {
    retryAt = Date.now() + REPLICA_COOL_DOWN_MS
    if (down) return
    down = true
    since = Date.now()
    logger.warn(
      {
        ...where,
        code: sqlStateOf(error) ?? (isRecord(error) ? error.code : undefined),
        reason: isRecord(error) ? error.message : String(error),
      },
      'read replica unavailable: its reads go to the primary',
    )
  }
  const succeeded = () => {
    if (!down) return
    down = false
    since = Date.now()
    logger.info(where, 'read replica is back: its reads go to it again')
  }
  pool.query = ((...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return send(...args) // pg's callback form: drizzle never uses it
    if (down) {
      if (Date.now() < retryAt) return sendToPrimary(...args)
      retryAt = Date.now() + REPLICA_COOL_DOWN_MS // this read is the cool-down's one probe
    }
    return send(...args).then(
      (result) => {
        succeeded()
        return result
      },
      (error: unknown) => {
        if (!replicaDown(error)) throw error
        failed(error)
        return sendToPrimary(...args)
      },
    )
  }) as pg.Pool['query']
  return {
    check: async (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined
      const silent = new Promise<'silent'>((resolve) => {
        timer = setTimeout(() => resolve('silent'), timeoutMs)
      })
      try {
        if ((await Promise.race([send('select 1'), silent])) === 'silent')
          failed(new Error(`no answer within ${timeoutMs} ms`))
        else succeeded()
      } catch (error) {
        if (replicaDown(error)) failed(error)
      } finally {
        clearTimeout(timer)
      }
    },
    state: () => ({ replica, since: new Date(since).toISOString(), state: down ? 'down' : 'up' }),
  }
}

/** Puts a breaker on each replica of Payload's adapter (once). */
export const fallBackToPrimary = (payload: Payload): void => {
  const primary = poolOf(payload)
  const pools = replicaPools(payload)
  if (!primary || !pools.length || breakers.has(payload)) return
  breakers.set(
    payload,
    pools.map((pool, index) => breaker(pool, primary, index + 1)),
  )
}

/**
 * Each replica's state for `/readyz`, after asking it `select 1` (a replica no read has tried
 * since it stopped is found down too, and one found answering is used again at once).
 */
export const checkReplicas = async (
  payload: Payload,
  timeoutMs: number,
): Promise<ReplicaState[]> => {
  const all = breakers.get(payload) ?? []
  await Promise.all(all.map((one) => one.check(timeoutMs)))
  return all.map((one) => one.state())
}
