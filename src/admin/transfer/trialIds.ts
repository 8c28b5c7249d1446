/**
 * A trial import's rows are created and rolled back (./importRows.ts), but PostgreSQL's sequences
 * are not transactional: every row tried would use up a number, and the ids staff see would jump
 * after a rejected file. So inside a trial's transactions, a row inserted into a table numbered
 * by a sequence is given an id of its own instead, below zero, which never reaches the sequence
 * and is rolled back with the row.
 */
import type { Payload } from 'payload'

type Insert = (args: { db: object; tableName: string; values: unknown }) => Promise<unknown>
type Adapter = {
  insert: Insert
  sessions: Record<string, { db: object } | undefined>
  tables: Record<string, Record<string, { columnType?: string }>>
}

const trials = new WeakSet<object>()
const installed = new WeakSet<object>()
let last = 0

/** The next trial id: -1, -2, …, wrapping before PostgreSQL's smallest integer. */
const nextTrialId = () => {
  last = last <= -2_147_483_647 ? -1 : last - 1
  return last
}

const withTrialIds = (adapter: Adapter, tableName: string, values: unknown): void => {
  if (adapter.tables[tableName]?.id?.columnType !== 'PgSerial') return
  for (const row of Array.isArray(values) ? values : [values]) {
    if (row && typeof row === 'object' && (row as { id?: unknown }).id == null)
      (row as { id?: number }).id = nextTrialId()
  }
}

const adapterOf = (payload: Payload): Adapter => payload.db as unknown as Adapter

/** Marks the transaction `transactionID` as a trial's: its inserts take trial ids. */
export const markTrial = (payload: Payload, transactionID: number | string): void => {
  const adapter = adapterOf(payload)
  if (!installed.has(adapter)) {
    installed.add(adapter)
    const insert = adapter.insert
    adapter.insert = function (this: Adapter, args) {
      if (trials.has(args.db)) withTrialIds(adapter, args.tableName, args.values)
      return insert.call(this, args)
    }
  }
  const session = adapter.sessions[String(transactionID)]
  if (session) trials.add(session.db)
}
