/**
 * Sends a compiled statement where Payload's own read would go: the request's transaction when it
 * has one, else the primary for a while after this process wrote (with read replicas), else a
 * replica. A statement with a name is prepared once per connection and reused (pg keeps the
 * names per connection); only statements whose text is fixed per shape are named, never one
 * that holds a caller's filter, so the number of prepared statements stays bounded.
 */
import type { PayloadRequest } from 'payload'

import { clientOf, readDbOf } from '@/db/adapter'

export const sendStatement = async (
  req: PayloadRequest,
  statement: { name?: string; text: string; values: unknown[] },
): Promise<Record<string, unknown>[]> => {
  const client = clientOf(await readDbOf(req))
  if (!client) throw new Error('no database client for a compiled read')
  const { rows } = await client.query(
    statement.name ? statement : { text: statement.text, values: statement.values },
  )
  return rows
}
