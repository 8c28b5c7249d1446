/**
 * Rows a change's afterChange hooks add beside it (its audit entry, its webhook deliveries, the
 * trim of its old versions) sent as one statement in its transaction, not one statement each:
 * each hook queues its statements, and `sendBatchedWrites`, the last afterChange hook of every
 * collection (payload.config.ts), sends them together as data-modifying CTEs, which PostgreSQL
 * runs all, to completion, whether or not the statement reads them.
 */
import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { transactionDb } from './transaction'

/** One statement of a batch, named when a later one of the same write reads what it returns. */
export type BatchedStatement = { name?: string; query: SQL }

/**
 * A write's statements, given a way to name a CTE: `as('entry')` is a name no other write of the
 * batch uses, for a statement's `name` and for the statements after it to read it by.
 */
export type BatchedWrite = (as: (name: string) => string) => BatchedStatement[]

/** The change a write belongs to: what its operation's last afterChange hook sends. */
const changeKey = (collection: string, id: number | string) => `${collection}:${id}`

/** Queues `write` to be sent with the change of `collection`'s record `id`. */
export const batchWrite = (
  req: PayloadRequest,
  collection: string,
  id: number | string,
  write: BatchedWrite,
): void => {
  const queued = (req.context.batchedWrites ??= {})
  ;(queued[changeKey(collection, id)] ??= []).push(write)
}

/** The statements as one: a lone statement as it is, several as CTEs of a `SELECT 1`. */
export const together = (writes: BatchedWrite[]): SQL => {
  const statements = writes.flatMap((write, index) => write((name) => `w${index}_${name}`))
  if (statements.length === 1) return statements[0].query
  const parts = statements.map(
    ({ name, query }, index) => sql`${sql.identifier(name ?? `s${index}`)} AS (${query})`,
  )
  return sql`WITH ${sql.join(parts, sql`, `)} SELECT 1`
}

/** Sends `write` at once, in the request's transaction (a write no afterChange hook follows). */
export const sendWrite = async (req: PayloadRequest, write: BatchedWrite): Promise<void> => {
  await (await transactionDb(req)).execute(together([write]))
}

/** afterChange, the last of every collection: sends what this change's hooks queued. */
export const sendBatchedWrites: CollectionAfterChangeHook = async ({ collection, doc, req }) => {
  const queued = req.context.batchedWrites ?? {}
  const key = changeKey(collection.slug, doc.id)
  const writes = queued[key]
  if (!writes?.length) return doc
  delete queued[key]
  await (await transactionDb(req)).execute(together(writes))
  return doc
}
