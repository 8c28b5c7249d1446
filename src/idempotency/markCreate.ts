import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook } from 'payload'

import { transactionDb } from '@/db/transaction'

import { ROW_HEADER } from './keys'

/**
 * afterChange on every collection: a create made under a claimed key marks the key in the
 * create's own transaction, so the key knows a record was saved even if the answer never is.
 */
export const markIdempotentCreate: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  const rowId = req.headers?.get(ROW_HEADER)
  if (operation !== 'create' || !rowId) return doc
  await (
    await transactionDb(req)
  ).execute(sql`UPDATE idempotency_keys SET committed = true WHERE id = ${rowId}`)
  return doc
}
