/**
 * A trial import's rows are created and rolled back (src/admin/transfer/importRows.ts), but PostgreSQL's sequences
 * are not transactional: every row tried would use up a number, and the ids staff see would jump
 * after a rejected file. So inside a trial's transactions, a row inserted into a table numbered
 * by a sequence is given an id of its own instead, below zero, which never reaches the sequence
 * and is rolled back with the row.
 */
import type { Payload } from 'payload'

import { isRecord } from '@/lib/isRecord'

import { aroundInsert, drizzleTableOf, sessionDbOf } from './adapter'

const trials = new WeakSet<object>()
const installed = new WeakSet<Payload>()
let last = 0

/** The next trial id: -1, -2, …, wrapping before PostgreSQL's smallest integer. */
const nextTrialId = () => {
  last = last <= -2_147_483_647 ? -1 : last - 1
  return last
}

const withTrialIds = (payload: Payload, tableName: string, values: unknown): void => {
  if (drizzleTableOf(payload, tableName)?.id?.columnType !== 'PgSerial') return
  for (const row of Array.isArray(values) ? values : [values]) {
    if (isRecord(row) && row.id == null) row.id = nextTrialId()
  }
}

/** Marks the transaction `transactionID` as a trial's: its inserts take trial ids. */
export const markTrial = (payload: Payload, transactionID: number | string): void => {
  if (!installed.has(payload)) {
    installed.add(payload)
    aroundInsert(payload, (args, insert) => {
      if (trials.has(args.db)) withTrialIds(payload, args.tableName, args.values)
      return insert(args)
    })
  }
  const db = sessionDbOf(payload, transactionID)
  if (db) trials.add(db)
}
