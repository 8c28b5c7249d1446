import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

/**
 * The database handle of the request's transaction, as Payload's adapter finds it (its sessions
 * are typed loosely), or the pool's when the request runs none: a statement run through it
 * commits or rolls back with the write it belongs to.
 */
export const transactionDb = async (req: PayloadRequest) => {
  const db = req.payload.db
  const session = db.sessions?.[String(await req.transactionID)]?.db as
    typeof db.drizzle | undefined
  return session ?? db.drizzle
}

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
