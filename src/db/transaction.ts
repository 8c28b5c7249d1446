import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

import { type Database, drizzleOf, requestSessionDb } from './adapter'

/**
 * The database handle of the request's transaction, as Payload's adapter finds it, or the pool's
 * when the request runs none: a statement run through it commits or rolls back with the write it
 * belongs to.
 */
export const transactionDb = async (req: PayloadRequest): Promise<Database> =>
  (await requestSessionDb(req)) ?? drizzleOf(req.payload)

/**
 * Runs `work` in the request's transaction: when the request has none, in one of its own,
 * committed after `work` or rolled back when it throws (the error then goes on to the caller).
 */
export const withTransaction = async <T>(
  req: PayloadRequest,
  work: () => Promise<T>,
): Promise<T> => {
  const owned = await initTransaction(req)
  try {
    const result = await work()
    if (owned) await commitTransaction(req)
    return result
  } catch (error) {
    if (owned) await killTransaction(req)
    throw error
  }
}
