/** The advisory locks that make two submissions of one person at one location wait for each other. */
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { transactionDb } from '@/db/transaction'

import type { DuplicateRule, MatchKeys } from './matchKeys'

/** The lock names of a candidate at its location, in one order (so two holders never deadlock). */
export const lockNames = (
  location: string | undefined,
  keys: MatchKeys,
  rules: DuplicateRule[],
) => {
  const place = `lead duplicate ${location ?? '(no location)'}`
  const names = [
    ...(rules.includes('email') && keys.email ? [`${place} email ${keys.email}`] : []),
    ...(rules.some((rule) => rule !== 'email')
      ? keys.phones.map((p) => `${place} phone ${p}`)
      : []),
  ]
  return [...new Set(names)].sort()
}

/** Takes the advisory locks named, in one statement and in sorted order (so two callers never deadlock). */
export const takeLocks = async (req: PayloadRequest, names: string[]): Promise<void> => {
  if (!names.length) return
  const db = await transactionDb(req)
  await db.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(name, 0))
          FROM jsonb_array_elements_text(${JSON.stringify([...new Set(names)].sort())}::jsonb) AS name`,
  )
}
