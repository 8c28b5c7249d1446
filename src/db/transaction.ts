import type { PayloadRequest } from 'payload'

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
