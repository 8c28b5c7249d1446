import { sql } from '@payloadcms/db-postgres'
import type { FieldHook } from 'payload'

import { transactionDb } from '@/db/transaction'
import { relationId } from '@/lib/relationId'

/**
 * beforeChange of a legal hold's `consumer`: share-locks the consumer's row until the hold's
 * write commits. A disposal under way (which holds the row FOR UPDATE) makes the hold wait for
 * it; a disposal starting meanwhile skips the consumer (SKIP LOCKED) and, once the hold is
 * committed, finds it held. No hold is ever missed by a disposal running beside it.
 */
export const lockHeldConsumer: FieldHook = async ({ req, value }) => {
  const consumer = relationId(value)
  if (consumer !== undefined)
    await (
      await transactionDb(req)
    ).execute(sql`SELECT 1 FROM consumer WHERE id = ${String(consumer)} FOR SHARE`)
  return value
}
