/**
 * Sends a compiled statement where Payload's own read would go: the request's transaction when it
 * has one, else the primary for a while after this process wrote (with read replicas), else a
 * replica. A statement with a name is prepared once per connection and reused (pg keeps the
 * names per connection); only statements whose text is fixed per shape are named, never one
 * that holds a caller's filter, so the number of prepared statements stays bounded.
 */
import type { PayloadRequest } from 'payload'

type Client = {
  query: (config: {
    name?: string
    text: string
    values: unknown[]
  }) => Promise<{ rows: Record<string, unknown>[] }>
}
type Database = { $primary?: Database; $replicas?: Database[]; session?: { client?: Client } }
type Adapter = {
  drizzle: Database
  lastWriteTimestamp?: number
  primaryDrizzle?: Database
  readReplicasAfterWriteInterval?: number
  sessions: Record<string, { db?: Database } | undefined>
}

/**
 * The database Payload's own read would use (the drizzle package's getTransaction and
 * shouldReadFromPrimary, which it does not export): the request's transaction, else the primary
 * within the read-after-write window, else the adapter's (replicated) database.
 */
const databaseOf = async (req: PayloadRequest): Promise<Database> => {
  // The PostgreSQL adapter's fields, which Payload's DatabaseAdapter type does not declare.
  const adapter = req.payload.db as unknown as Adapter
  if (req.transactionID)
    return adapter.sessions[String(await req.transactionID)]?.db ?? adapter.drizzle
  const { lastWriteTimestamp: wrote, primaryDrizzle: primary } = adapter
  if (primary && wrote && Date.now() - wrote < (adapter.readReplicasAfterWriteInterval ?? 0))
    return primary
  return adapter.drizzle
}

/** drizzle's database or transaction keeps its pg pool or client in `session.client`. */
const clientOf = (db: Database): Client => {
  const replicas = db.$replicas
  const chosen = replicas?.length ? replicas[Math.floor(Math.random() * replicas.length)] : db
  const client = chosen.session?.client
  if (!client) throw new Error('no database client for a compiled read')
  return client
}

export const sendStatement = async (
  req: PayloadRequest,
  statement: { name?: string; text: string; values: unknown[] },
): Promise<Record<string, unknown>[]> => {
  const { rows } = await clientOf(await databaseOf(req)).query(
    statement.name ? statement : { text: statement.text, values: statement.values },
  )
  return rows
}
