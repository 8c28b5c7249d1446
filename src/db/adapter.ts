/**
 * The one seam into Payload's PostgreSQL adapter. Payload's Local API answers most needs; a few
 * features need the adapter itself (docs/payload-seam.md says which and why): compiled reads
 * (its tables, its query builder, where its own read would go), row locks and batched writes in
 * the request's transaction, trial ids on its inserts, exact row counts in its countDistinct, and
 * the pools behind the primary and the read replicas. Every such reach goes through here, typed
 * by the adapter's own declarations; test/unit/payloadSeam.test.ts checks them against the
 * installed packages, so an upgrade that moves them fails there first.
 */
import type { PostgresAdapter } from '@payloadcms/db-postgres'
import { buildQuery, type DrizzleAdapter } from '@payloadcms/drizzle'
import type { GenericTable } from '@payloadcms/drizzle/postgres'
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgWithReplicas } from 'drizzle-orm/pg-core'
import type { FlattenedField, Payload, PayloadRequest, Sort, Where } from 'payload'
import type pg from 'pg'

import { isRecord } from '@/lib/isRecord'

export type Adapter = PostgresAdapter

/** What a database handle of the adapter is, whichever it is: the pool's, a replica's, a transaction's. */
export type Database = PgDatabase<NodePgQueryResultHKT, Record<string, unknown>>

/** A collection's drizzle table: its columns by name. */
export type Table = GenericTable

/** What a compiled statement is sent to: a pg pool, or the client of a transaction. */
export type Queryable = {
  query: (config: pg.QueryConfig) => Promise<{ rows: Record<string, unknown>[] }>
}

const verified = new WeakSet<object>()

/**
 * The adapter Payload's config makes (`postgresAdapter`): named 'postgres', with its drizzle
 * tables, table names, transactions and statement runner. Payload types `payload.db` as any
 * adapter's; this tells the PostgreSQL one apart by what it holds.
 */
const holdsPostgres = (db: object): boolean => {
  if (verified.has(db)) return true
  const ok =
    'name' in db &&
    db.name === 'postgres' &&
    'tableNameMap' in db &&
    db.tableNameMap instanceof Map &&
    'tables' in db &&
    isRecord(db.tables) &&
    'sessions' in db &&
    isRecord(db.sessions) &&
    'execute' in db &&
    typeof db.execute === 'function' &&
    'insert' in db &&
    typeof db.insert === 'function'
  if (ok) verified.add(db)
  return ok
}

/** The PostgreSQL adapter, as db-postgres declares it. */
export const isPostgresAdapter = (db: object): db is Adapter => holdsPostgres(db)

/** The same adapter as drizzle's shared functions take it (typed for SQLite's too). */
const isDrizzleAdapter = (db: object): db is DrizzleAdapter => holdsPostgres(db)

/** Payload's database adapter, as the PostgreSQL adapter declares itself. */
export const adapterOf = (payload: Payload): Adapter => {
  const db: object = payload.db
  if (!isPostgresAdapter(db)) throw new Error('the database adapter is not PostgreSQL')
  return db
}

/** The adapter's drizzle database (with read replicas, drizzle's replicated one). */
export const drizzleOf = (payload: Payload): Adapter['drizzle'] => adapterOf(payload).drizzle

/** The primary's connection pool. */
export const poolOf = (payload: Payload): pg.Pool => adapterOf(payload).pool

/** A pg pool: what drizzle's node-postgres session holds for the primary and each replica. */
export const isPool = (value: unknown): value is pg.Pool =>
  isRecord(value) &&
  typeof value.connect === 'function' &&
  typeof value.query === 'function' &&
  typeof value.end === 'function' &&
  'totalCount' in value

const isQueryable = (value: unknown): value is Queryable =>
  isRecord(value) && typeof value.query === 'function'

const isReplicated = (db: Database): db is PgWithReplicas<Database> =>
  '$replicas' in db && Array.isArray(db.$replicas)

/**
 * The pg pool or client a read on `db` uses (its drizzle session's `client`): a transaction's
 * client, the primary's pool, or for a replicated database one replica's, chosen at random as
 * drizzle chooses.
 */
export const clientOf = (db: Database): Queryable | undefined => {
  const replicas = isReplicated(db) ? db.$replicas : []
  const chosen = replicas.length ? replicas[Math.floor(Math.random() * replicas.length)] : db
  const session = chosen._.session
  return 'client' in session && isQueryable(session.client) ? session.client : undefined
}

/** The read replicas' drizzle databases, in DATABASE_READ_URLS order (drizzle's `withReplicas`). */
export const replicasOf = (payload: Payload): Database[] => {
  const db = drizzleOf(payload)
  return '$replicas' in db ? db.$replicas : []
}

/** The read replicas' connection pools, in DATABASE_READ_URLS order. */
export const replicaPoolsOf = (payload: Payload): pg.Pool[] =>
  replicasOf(payload).flatMap((replica) => {
    const session = replica._.session
    return 'client' in session && isPool(session.client) ? [session.client] : []
  })

const snake = (text: string) =>
  text
    .replace(/[-\s]+/g, '_')
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase()

/** The table Payload made for a collection, or for one of its lists (`leads_texts`…). */
export const tableNameOf = (payload: Payload, slug: string): string =>
  adapterOf(payload).tableNameMap.get(snake(slug)) ?? snake(slug)

/** The versions table of a collection, as the adapter names it. */
export const versionsTableNameOf = (payload: Payload, slug: string): string | undefined => {
  const adapter = adapterOf(payload)
  return adapter.tableNameMap.get(`_${snake(slug)}${adapter.versionsSuffix ?? ''}`)
}

/** The drizzle table the adapter built for `tableName`. */
export const drizzleTableOf = (payload: Payload, tableName: string): Table | undefined =>
  adapterOf(payload).tables[tableName]

/** The database handle of the transaction `transactionID`, while it is open. */
export const sessionDbOf = (
  payload: Payload,
  transactionID: number | string,
): Database | undefined => adapterOf(payload).sessions[String(transactionID)]?.db

/** The database handle of the request's transaction, when it runs one. */
export const requestSessionDb = async (req: PayloadRequest): Promise<Database | undefined> =>
  req.transactionID ? sessionDbOf(req.payload, await req.transactionID) : undefined

/**
 * The database Payload's own read of this request would use (drizzle's getTransaction and
 * shouldReadFromPrimary, which it does not export): the request's transaction, else the primary
 * within the read-after-write window, else the adapter's (replicated) database.
 */
export const readDbOf = async (req: PayloadRequest): Promise<Database> => {
  const adapter = adapterOf(req.payload)
  if (req.transactionID) return (await requestSessionDb(req)) ?? adapter.drizzle
  const { lastWriteTimestamp: wrote, primaryDrizzle: primary } = adapter
  if (primary && wrote && Date.now() - wrote < adapter.readReplicasAfterWriteInterval)
    return primary
  return adapter.drizzle
}

/** Payload's SQL parts for a filter and a sort on a collection's table (what its find runs). */
export const queryPartsOf = (
  payload: Payload,
  args: { fields: FlattenedField[]; sort?: Sort; tableName: string; where?: Where },
): ReturnType<typeof buildQuery> => {
  const adapter: object = payload.db
  if (!isDrizzleAdapter(adapter)) throw new Error('the database adapter is not PostgreSQL')
  return buildQuery({
    adapter,
    fields: args.fields,
    locale: undefined,
    sort: args.sort,
    tableName: args.tableName,
    where: args.where ?? {},
  })
}

type InsertArgs = Parameters<Adapter['insert']>[0]
type CountArgs = Parameters<Adapter['countDistinct']>[0]
type DeleteManyArgs = Parameters<Adapter['deleteMany']>[0]

/**
 * Puts `around` in front of the adapter's insert, which every create and every array or
 * relationship row goes through; `around` calls `next` to insert.
 */
export const aroundInsert = (
  payload: Payload,
  around: (args: InsertArgs, next: Adapter['insert']) => ReturnType<Adapter['insert']>,
): void => {
  const adapter = adapterOf(payload)
  const insert = adapter.insert
  adapter.insert = function (this: Adapter, args) {
    return around(args, (next) => insert.call(this, next))
  }
}

/** Puts `around` in front of the adapter's countDistinct (the total of a find or a count). */
export const aroundCountDistinct = (
  payload: Payload,
  around: (args: CountArgs, next: Adapter['countDistinct']) => Promise<number>,
): void => {
  const adapter = adapterOf(payload)
  const countDistinct = adapter.countDistinct
  adapter.countDistinct = function (this: Adapter, args) {
    return around(args, (next) => countDistinct.call(this, next))
  }
}

/** Puts `around` in front of the adapter's deleteMany (Payload's bulk delete, and its lock release). */
export const aroundDeleteMany = (
  payload: Payload,
  around: (args: DeleteManyArgs, next: Adapter['deleteMany']) => Promise<void>,
): void => {
  const adapter = adapterOf(payload)
  const deleteMany = adapter.deleteMany
  adapter.deleteMany = function (this: Adapter, args) {
    return around(args, (next) => deleteMany.call(this, next))
  }
}
