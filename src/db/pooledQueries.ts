import type { Payload } from 'payload'
import type pg from 'pg'

type Send = (...args: unknown[]) => Promise<unknown>

const done = new WeakSet<pg.ClientBase>()

const isCallbackOrSubmittable = (args: unknown[]): boolean =>
  typeof args.at(-1) === 'function' ||
  (typeof args[0] === 'object' && args[0] !== null && 'submit' in args[0])

/**
 * A transaction's queries all go through its one connection, and Payload issues some of them at
 * once: field validators and hooks of one save run in parallel (two `filterOptions` checks and a
 * title lookup of a deal), as does relationship population. pg queues a query sent while another
 * runs, with a deprecation warning ("Calling client.query() when the client is already executing
 * a query"), and pg 9 will refuse it. Each query on a pooled client now waits for the one before
 * it: the same order pg's queue kept, without relying on it. The callback and submittable forms
 * (pool.query, cursors) are pg's own single-query paths and are left alone.
 */
const oneQueryAtATime = (client: pg.ClientBase): void => {
  if (done.has(client)) return
  done.add(client)
  const send = client.query.bind(client) as Send
  let previous: Promise<unknown> = Promise.resolve()
  client.query = ((...args: unknown[]) => {
    if (isCallbackOrSubmittable(args)) return send(...args)
    const result = previous.then(() => send(...args))
    previous = result.catch(() => {})
    return result
  }) as pg.ClientBase['query']
}

/** Every client of Payload's pool, those open now and those it opens later. */
export const oneQueryAtATimePerConnection = (payload: Payload): void => {
  const pool = (payload.db as unknown as { pool?: pg.Pool }).pool
  if (!pool) return
  pool.on('connect', oneQueryAtATime)
  for (const client of (pool as unknown as { _clients?: pg.PoolClient[] })._clients ?? [])
    oneQueryAtATime(client)
}
