import type { Payload } from 'payload'
import type pg from 'pg'

import { poolOf } from './adapter'

type Send = (...args: unknown[]) => Promise<unknown>

/** pg's error when a query had no answer within `query_timeout`. */
export const QUERY_READ_TIMEOUT = 'Query read timeout'

/**
 * The pool's settings for DATABASE_QUERY_TIMEOUT_MS: PostgreSQL cancels a longer statement
 * (57014, a 503), and pg gives up on a connection that has not answered a second after that.
 */
export const queryTimeouts = (
  ms: number,
): { query_timeout?: number; statement_timeout?: number } =>
  ms > 0 ? { query_timeout: ms + 1000, statement_timeout: ms } : {}

/**
 * The pool's session settings for DATABASE_JIT. PostgreSQL plans JIT compilation by a statement's
 * estimated cost, and the commerce list statement's count fallback (never run while `live_row_counts`
 * holds the table) is costed as a scan of the whole table: at 10,000,000 web events every first
 * page spent 53 ms compiling 67 functions for a read of 5 ms (docs/performance.md, "At a dealer
 * group's size"). The service's statements are short reads and writes, which JIT never pays for.
 */
export const sessionOptions = (jit: boolean): { options?: string } =>
  jit ? {} : { options: '-c jit=off' }

const guarded = new WeakSet<pg.ClientBase>()

const isCallbackOrSubmittable = (args: unknown[]): boolean =>
  typeof args.at(-1) === 'function' ||
  (typeof args[0] === 'object' && args[0] !== null && 'submit' in args[0])

/** Ends the client's socket: pg then fails what is queued on it and the pool drops it on release. */
const closeConnection = (client: pg.ClientBase): void =>
  // pg's socket, which its types do not declare.
  Reflect.get(client, 'connection')?.stream?.destroy()

/**
 * Two guards on every query sent through a pooled client:
 * - One at a time. A transaction's queries all go through its one connection, and Payload sends
 *   some at once: the field validators and hooks of one save run in parallel (a deal's two
 *   `filterOptions` checks and its title lookup), as does relationship population. pg queued a
 *   query sent while another ran, with a deprecation warning ("Calling client.query() when the
 *   client is already executing a query"), and pg 9 will refuse it. Each query now waits for the
 *   one before it: the order pg's queue kept, without relying on it.
 * - A connection that left a query unanswered past `query_timeout` (the database host or the
 *   network went silent) is closed. pg fails that query but keeps it as the connection's active
 *   one, so the transaction's ROLLBACK, and every later user of the connection, would wait
 *   behind it for the timeout again.
 * The callback and submittable forms (pool.query, cursors) are pg's own single-query paths, and
 * pool.query already discards a client whose query failed.
 */
const guard = (client: pg.ClientBase): void => {
  if (guarded.has(client)) return
  guarded.add(client)
  const send = client.query.bind(client) as Send
  let previous: Promise<unknown> = Promise.resolve()
  client.query = ((...args: unknown[]) => {
    if (isCallbackOrSubmittable(args)) return send(...args)
    const result = previous.then(() => send(...args))
    previous = result.catch((error: Error) => {
      if (error?.message === QUERY_READ_TIMEOUT) closeConnection(client)
    })
    return result
  }) as pg.ClientBase['query']
}

/** The clients a pool has open: pg keeps them in a field its types do not declare. */
export const pooledClients = (pool: pg.Pool): pg.PoolClient[] => Reflect.get(pool, '_clients') ?? []

/** Guards every client of Payload's pool, those open now and those it opens later. */
export const guardPooledQueries = (payload: Payload): void => {
  const pool = poolOf(payload)
  if (!pool) return
  pool.on('connect', guard)
  for (const client of pooledClients(pool)) guard(client)
}
