import type { Payload } from 'payload'
import type pg from 'pg'

import { logger } from '@/lib/logger'

import { poolOf } from './adapter'
import { pooledClients } from './pooledQueries'
import { replicaPools } from './replicas'

/** Repeats of one error code within this window add nothing to the log (a restart closes every idle connection at once). */
const QUIET_MS = 10_000

const handled = new WeakSet<pg.Pool>()

/**
 * PostgreSQL closing an idle pooled connection (57P01 when it restarts or a backend is
 * terminated, a reset socket when the network drops) is an `error` event on the pool, and an
 * unhandled one ends the process. The pool has already discarded that client and opens another
 * when it is next needed, so the event only needs logging: its code and message, never the
 * client it carries (which holds the connection settings). Once per code per burst. A read
 * replica's pools are handled too, at debug: a replica that is down is logged by its breaker
 * (./replicas.ts), once.
 */
export const handlePoolErrors = (payload: Payload): void => {
  const pool = poolOf(payload)
  if (pool) handleErrorsOf(pool, 'warn')
  for (const replica of replicaPools(payload)) handleErrorsOf(replica, 'debug')
}

const handleErrorsOf = (pool: pg.Pool, level: 'debug' | 'warn'): void => {
  if (handled.has(pool)) return
  handled.add(pool)
  const lastLogged = new Map<string, number>()
  const log = (error: Error & { code?: string }, what: string) => {
    const code = error.code ?? 'unknown'
    const now = Date.now()
    if (now - (lastLogged.get(code) ?? -Infinity) < QUIET_MS) return
    lastLogged.set(code, now)
    logger[level]({ code, reason: error.message }, what)
  }
  pool.on('error', (error: Error & { code?: string }) =>
    log(error, 'the database closed an idle connection; the pool opens a new one when needed'),
  )
  // A client that is checked out (in a transaction, or between two queries of a request) also
  // emits `error` when its connection dies, and the pool listens only to idle ones. The request
  // using it gets the error from its query; the event itself must not end the process.
  const onClientError = (error: Error & { code?: string }) =>
    log(error, 'a database connection in use was closed; its request fails and may be retried')
  const watch = (client: pg.PoolClient) => {
    if (!client.listeners('error').includes(onClientError)) client.on('error', onClientError)
  }
  pool.on('connect', watch)
  for (const client of pooledClients(pool)) watch(client)
}
