/**
 * The shapes src/db/adapter.ts relies on, checked against the installed Payload, db-postgres,
 * @payloadcms/drizzle and drizzle-orm without a database: an upgrade that renames or moves one
 * fails here first, not in a request.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from '@jest/globals'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { buildQuery, deleteMany } from '@payloadcms/drizzle'
import { countDistinct, insert } from '@payloadcms/drizzle/postgres'
import { drizzle } from 'drizzle-orm/node-postgres'
import { withReplicas } from 'drizzle-orm/pg-core'
import type { Payload, PayloadRequest } from 'payload'
import pg from 'pg'

import {
  adapterOf,
  aroundCountDistinct,
  aroundDeleteMany,
  aroundInsert,
  clientOf,
  drizzleTableOf,
  isPool,
  isPostgresAdapter,
  poolOf,
  readDbOf,
  replicaPoolsOf,
  sessionDbOf,
  tableNameOf,
  versionsTableNameOf,
} from '@/db/adapter'

const root = path.resolve(import.meta.dirname, '../..')
const installed = (file: string) => fs.readFileSync(path.join(root, 'node_modules', file), 'utf8')

// Nothing listens there: pg opens no connection until a query is sent.
const NOWHERE = 'postgres://nobody@127.0.0.1:1/nothing'

/** A Payload whose adapter is `db` (the seam reads nothing else of it). */
const payloadWith = (db: object) => ({ db }) as unknown as Payload

/**
 * The adapter Payload's config makes, before it connects (init builds it, connect fills it), as
 * the seam types it.
 */
const newAdapter = () =>
  adapterOf(
    payloadWith(
      postgresAdapter({ pool: { connectionString: NOWHERE } }).init({
        payload: { config: {}, logger: console } as never,
      }),
    ),
  )

const argumentNames = (fn: (...args: never[]) => unknown): string[] =>
  (/^[^(]*\(\s*\{([^}]*)\}/.exec(fn.toString())?.[1] ?? '')
    .split(',')
    .map((name) => name.trim().split(/[\s:=]/)[0])
    .filter(Boolean)
    .sort()

describe('the PostgreSQL adapter, as the seam reads it', () => {
  it('is named postgres and holds tables, table names, sessions, execute and insert', () => {
    const adapter = newAdapter()
    expect(adapter.name).toBe('postgres')
    expect(adapter.tableNameMap).toBeInstanceOf(Map)
    expect(adapter.tables).toEqual({})
    expect(adapter.sessions).toEqual({})
    for (const method of [
      'execute',
      'insert',
      'countDistinct',
      'deleteMany',
      'beginTransaction',
      'commitTransaction',
      'rollbackTransaction',
    ] as const)
      expect(typeof adapter[method]).toBe('function')
    expect(adapter.versionsSuffix).toBe('_v')
    expect(typeof adapter.readReplicasAfterWriteInterval).toBe('number')
    expect(isPostgresAdapter(adapter)).toBe(true)
    expect(adapterOf(payloadWith(adapter))).toBe(adapter)
  })

  it('refuses another adapter', () => {
    expect(isPostgresAdapter({ name: 'mongoose' })).toBe(false)
    expect(() => adapterOf(payloadWith({ name: 'sqlite', tableNameMap: new Map() }))).toThrow(
      'not PostgreSQL',
    )
  })

  it('names tables through tableNameMap, versions with versionsSuffix', () => {
    const adapter = newAdapter()
    adapter.tableNameMap.set('lead_events', 'lead_events')
    adapter.tableNameMap.set('_leads_v', '_leads_v')
    const payload = payloadWith(adapter)
    expect(tableNameOf(payload, 'lead-events')).toBe('lead_events')
    expect(tableNameOf(payload, 'leadEvents')).toBe('lead_events')
    expect(versionsTableNameOf(payload, 'leads')).toBe('_leads_v')
    expect(drizzleTableOf(payload, 'lead_events')).toBeUndefined()
  })

  it('finds a transaction by its id in sessions', () => {
    const adapter = newAdapter()
    const db = drizzle({ client: new pg.Pool({ connectionString: NOWHERE }) })
    // A pool's database stands for a transaction's: the seam reads only where it is kept.
    adapter.sessions['7'] = { db: db as never, reject: async () => {}, resolve: async () => {} }
    expect(sessionDbOf(payloadWith(adapter), 7)).toBe(db)
    expect(sessionDbOf(payloadWith(adapter), 8)).toBeUndefined()
  })

  it('wraps insert and countDistinct, keeping the adapter as `this`', async () => {
    const adapter = newAdapter()
    const seen: unknown[] = []
    adapter.insert = async function (this: unknown, args) {
      seen.push(this, args.tableName)
      return []
    }
    adapter.countDistinct = async function (this: unknown) {
      seen.push(this)
      return 3
    }
    const payload = payloadWith(adapter)
    aroundInsert(payload, (args, next) => next({ ...args, tableName: `${args.tableName}!` }))
    aroundCountDistinct(payload, async (args, next) => (await next(args)) + 1)
    const db = drizzle({ client: new pg.Pool({ connectionString: NOWHERE }) })
    await adapter.insert({ db, tableName: 'leads', values: {} })
    expect(
      await adapter.countDistinct({ db, joins: [], tableName: 'leads', where: undefined as never }),
    ).toBe(4)
    expect(seen).toEqual([adapter, 'leads!', adapter])
  })

  it('wraps deleteMany, keeping the adapter as `this`', async () => {
    const adapter = newAdapter()
    const seen: unknown[] = []
    adapter.deleteMany = async function (this: unknown, args) {
      seen.push(this, args.collection)
    }
    aroundDeleteMany(payloadWith(adapter), (args, next) =>
      next({ ...args, collection: 'lead' as never }),
    )
    await adapter.deleteMany({ collection: 'leadEvents' as never, where: {} })
    expect(seen).toEqual([adapter, 'lead'])
  })
})

describe('drizzle, as the seam reads it', () => {
  it("keeps a database's pg pool in its session's client", () => {
    const pool = new pg.Pool({ connectionString: NOWHERE })
    expect(isPool(pool)).toBe(true)
    expect(clientOf(drizzle({ client: pool }))).toBe(pool)
  })

  it("keeps the replicas (withReplicas' $replicas) and the primary's session", () => {
    const primaryPool = new pg.Pool({ connectionString: NOWHERE })
    const replicaPool = new pg.Pool({ connectionString: NOWHERE })
    const primary = drizzle({ client: primaryPool })
    const replicated = withReplicas(primary, [drizzle({ client: replicaPool })])
    const adapter = newAdapter()
    adapter.drizzle = replicated
    adapter.pool = primaryPool
    const payload = payloadWith(adapter)
    expect(replicaPoolsOf(payload)).toEqual([replicaPool])
    expect(poolOf(payload)).toBe(primaryPool)
    // A read on the replicated database goes to a replica's pool, as drizzle's select does.
    expect(clientOf(replicated)).toBe(replicaPool)
  })

  it("sends a read where Payload's getTransaction would", async () => {
    const adapter = newAdapter()
    const primary = drizzle({ client: new pg.Pool({ connectionString: NOWHERE }) })
    const replicated = withReplicas(primary, [
      drizzle({ client: new pg.Pool({ connectionString: NOWHERE }) }),
    ])
    adapter.drizzle = replicated
    adapter.primaryDrizzle = primary
    const req = (transactionID?: number) =>
      ({ payload: payloadWith(adapter), transactionID }) as unknown as PayloadRequest
    expect(await readDbOf(req())).toBe(replicated)
    adapter.lastWriteTimestamp = Date.now()
    expect(await readDbOf(req())).toBe(primary)
    const tx = drizzle({ client: new pg.Pool({ connectionString: NOWHERE }) })
    adapter.sessions['5'] = { db: tx as never, reject: async () => {}, resolve: async () => {} }
    expect(await readDbOf(req(5))).toBe(tx)
  })

  it("mirrors the drizzle package's getTransaction and shouldReadFromPrimary", () => {
    const getTransaction = installed('@payloadcms/drizzle/dist/utilities/getTransaction.js')
    expect(getTransaction).toContain(
      'adapter.sessions[await req.transactionID]?.db || adapter.drizzle',
    )
    expect(getTransaction).toContain('return adapter.primaryDrizzle')
    const readAfterWrite = installed('@payloadcms/drizzle/dist/utilities/readAfterWrite.js')
    expect(readAfterWrite).toContain(
      'Date.now() - adapter.lastWriteTimestamp < adapter.readReplicasAfterWriteInterval',
    )
  })
})

describe("the adapter's functions the seam wraps or calls", () => {
  it('take the arguments the seam passes', () => {
    expect(argumentNames(insert)).toEqual(['db', 'onConflictDoUpdate', 'tableName', 'values'])
    expect(argumentNames(countDistinct)).toEqual(['column', 'db', 'joins', 'tableName', 'where'])
    expect(argumentNames(buildQuery)).toEqual(
      expect.arrayContaining(['adapter', 'fields', 'locale', 'sort', 'tableName']),
    )
    expect(buildQuery).toHaveLength(1)
    expect(argumentNames(deleteMany)).toEqual(['collection', 'req', 'where'])
  })

  it('deleteMany deletes by the ids it found even when there are none (src/db/emptyDeletes.ts)', () => {
    const source = installed('@payloadcms/drizzle/dist/deleteMany.js')
    expect(source).toContain('if (joins?.length) {')
    expect(source).toContain('whereToUse = inArray(table.id, result.docs.map((doc)=>doc.id));')
    expect(source).toContain('await this.deleteWhere({')
  })
})

describe("Payload's credential lookups, as the credential gate looks them up again (src/auth)", () => {
  it('indexes an API key by its HMAC under the secret, sha256 then sha1', () => {
    const source = installed('payload/dist/auth/strategies/apiKey.js')
    expect(source).toContain(
      "crypto.createHmac('sha256', payload.secret).update(apiKey).digest('hex')",
    )
    expect(source).toContain(
      "crypto.createHmac('sha1', payload.secret).update(apiKey).digest('hex')",
    )
    // A failed lookup is "no user": why the gate asks again.
    expect(source).toContain('catch (ignore) {')
  })

  it("reads a token's collection, id and session, signed with the secret at this version", () => {
    const source = installed('payload/dist/auth/strategies/jwt.js')
    expect(source).toContain('const { id, collection, sid } = token;')
    expect(source).toContain('new TextEncoder().encode(payload.secret)')
    expect(source).toContain('protectedHeader.authVersion !== JWT_AUTH_VERSION')
    expect(source).toContain(
      '(user.sessions || []).find(({ id })=>id === authenticationReference.sid)',
    )
    expect(installed('payload/dist/auth/jwtAuth.js')).toContain('JWT_AUTH_VERSION = 1')
  })
})
