import { sql } from '@payloadcms/db-postgres'
import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { transactionDb } from '@/db/transaction'

import type { Lead } from '../../payload-types'
import { idOf } from './ids'

/**
 * The next staff user on a location's rota. The position lives in the location's row and is
 * advanced by one UPDATE in the lead's transaction: concurrent creates queue on the row lock, a
 * restart loses nothing, and a create that rolls back gives its turn back.
 */
export const nextOnRota = async (
  req: PayloadRequest,
  location: string,
): Promise<number | undefined> => {
  const found = await req.payload.findByID({
    collection: 'location',
    depth: 0,
    disableErrors: true,
    id: location,
    req,
    select: { desk: { rota: true } },
  })
  const rota = (found?.desk?.rota ?? []).flatMap((user) => idOf(user) || [])
  if (!rota.length) return undefined
  const db = await transactionDb(req)
  const { rows } = await db.execute<{ position: number }>(
    sql`UPDATE location SET desk_rota_next = COALESCE(desk_rota_next, 0) + 1
        WHERE id = ${location} RETURNING desk_rota_next - 1 AS position`,
  )
  return rota[Number(rows[0]?.position ?? 0) % rota.length]
}

/** beforeChange on leads: a new lead without an assignee gets the next one on its location's rota. */
export const assignFromRota: CollectionBeforeChangeHook<Lead> = async ({
  data,
  operation,
  req,
}) => {
  const location = idOf(data.location)
  if (operation !== 'create' || data.assignee || !location) return data
  const assignee = await nextOnRota(req, location)
  return assignee ? { ...data, assignee } : data
}
