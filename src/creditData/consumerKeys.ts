/**
 * Each consumer's own data key, so that their SSN and birth date can be destroyed for good
 * (crypto-shredding, src/compliance/retention). A value of a consumer — on the consumer record,
 * or on a credit app as applicant or co-applicant — is sealed twice: first with the consumer's
 * data key (AES-256-GCM, "ck:v1:<consumer>:<iv>:<tag>:<ciphertext>"), then, as every credit-data
 * value is, with the master key ring (cipher.ts), so key rotation re-encrypts it unchanged. The
 * data key is stored wrapped by the master key ring in `consumer_data_keys`; destroying the row
 * leaves every copy of the consumer's values (versions, dead rows, logs) unreadable with any key
 * the service holds. Values written before data keys existed carry no inner seal: they open with
 * the master key alone, and disposal can only overwrite them (docs/compliance.md, section 5).
 */
import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { CollectionSlug, PayloadRequest } from 'payload'

import { transactionDb } from '@/db/transaction'
import { relationId } from '@/lib/relationId'

import { decryptValue, encryptValue } from './cipher'

const INNER = 'ck:v1:'

/** The master-key seal of a data key is bound to its consumer: a wrapped key copied to another consumer does not open. */
const wrapField = (consumer: string) => `consumerDataKey:${consumer}`

/**
 * Whose data key seals a field's value, by collection: the fields naming the consumers, the
 * applicant's first (`id`: the record itself); a co-applicant's fields are sealed with the second.
 */
const OWNERS: Partial<Record<CollectionSlug, string[]>> = {
  consumer: ['id'],
  'credit-app': ['consumer', 'coApplicantConsumer'],
}

/** The fields of a collection naming the consumers whose keys a record's values may need. */
export const keyOwnerFields = (collection: string): string[] =>
  OWNERS[collection as CollectionSlug] ?? []

export const ownerOf = (
  collection: CollectionSlug,
  field: string,
  data: Record<string, unknown>,
  original?: Record<string, unknown>,
): null | string => {
  const owners = OWNERS[collection]
  if (!owners) return null
  const relation = owners[field.startsWith('coApplicant') ? owners.length - 1 : 0]
  const id = relationId(data[relation] ?? original?.[relation])
  return id === undefined || id === '' ? null : String(id)
}

/** The handle the key queries run on: the request's transaction, else the primary. */
type Db = Awaited<ReturnType<typeof transactionDb>>

/** Data keys met by this request (null: destroyed or never made), so a list reads each once. */
const cacheOf = (req: PayloadRequest) => (req.context.consumerDataKeys ??= new Map())

/**
 * Forgets the data keys the request has met: after a rollback, a key made in the transaction is
 * stored nowhere, and a value sealed with it by a later write of the request could never be opened.
 */
export const forgetDataKeys = (req: PayloadRequest): void => {
  req.context.consumerDataKeys = undefined
  req.context.consumerKeyBatch = undefined
}

/** A data key as `consumer_data_keys` stores it, unwrapped with the master key ring. */
export const unwrap = (consumer: string, wrapped: string): Buffer =>
  Buffer.from(decryptValue(wrapped, wrapField(consumer)), 'base64')

export const readDataKey = async (db: Db, consumer: string): Promise<Buffer | null> => {
  const wrapped = (await readDataKeys(db, [consumer])).get(consumer)
  return wrapped ? unwrap(consumer, wrapped) : null
}

/** The wrapped keys of `consumers` (those that have one), by consumer. */
const readDataKeys = async (db: Db, consumers: string[]): Promise<Map<string, string>> => {
  const { rows } = await db.execute<{ consumer: string; wrapped: string }>(
    sql`SELECT consumer, wrapped FROM consumer_data_keys WHERE consumer = ANY(${sql.param(consumers)}::text[])`,
  )
  return new Map(rows.map(({ consumer, wrapped }) => [consumer, wrapped]))
}

/**
 * Keys read with the records that need them (`consumer_data_keys.wrapped` by consumer, as the
 * compiled reads select them): the request's later opens of these consumers' values send no
 * statement. A key that does not unwrap is left out: its consumer's values then fail to open on
 * their own, as through Payload, not the whole answer.
 */
export const knownDataKeys = (req: PayloadRequest, wrapped: Record<string, string>): void => {
  const cache = cacheOf(req)
  for (const [consumer, key] of Object.entries(wrapped)) {
    if (cache.has(consumer)) continue
    try {
      cache.set(consumer, unwrap(consumer, key))
    } catch {
      // Read again, and refused, where the value is opened (decryptOnRead logs it).
    }
  }
}

/**
 * The stored key of `consumer`, read together with every other key the request asks for before
 * its next turn of the event loop: the records of a page are walked side by side
 * (src/reads/compiledPage.ts), so a page of ten consumers reads their keys in one statement.
 * Each key is unwrapped on its own, so one that does not unwrap fails only its consumer's values.
 */
const batchedRead = (req: PayloadRequest, consumer: string): Promise<Buffer | null> => {
  let batch = req.context.consumerKeyBatch
  if (!batch) {
    const consumers = new Set<string>()
    const keys = new Promise<Map<string, string>>((resolve, reject) =>
      setImmediate(() => {
        req.context.consumerKeyBatch = undefined
        transactionDb(req)
          .then((db) => readDataKeys(db, [...consumers]))
          .then(resolve, reject)
      }),
    )
    batch = req.context.consumerKeyBatch = { consumers, keys }
  }
  batch.consumers.add(consumer)
  return batch.keys.then((keys) => {
    const wrapped = keys.get(consumer)
    return wrapped ? unwrap(consumer, wrapped) : null
  })
}

const dataKey = async (req: PayloadRequest, consumer: string, make: boolean) => {
  const cache = cacheOf(req)
  let known = cache.get(consumer)
  if (known === undefined && !make) cache.set(consumer, (known = batchedRead(req, consumer)))
  try {
    known = await known
  } catch (error) {
    // A failed read is not remembered: the request's next open of this consumer asks again.
    cache.delete(consumer)
    throw error
  }
  if (known || (known === null && !make)) return known ?? null
  const db = await transactionDb(req)
  // One statement on a write: the key made here, or the one already stored. (A key another
  // transaction stored meanwhile is not in this statement's snapshot: read it again after.)
  const fresh = newDataKey(consumer).wrapped
  const { rows } = await db.execute<{ wrapped: string }>(
    sql`WITH made AS (
          INSERT INTO consumer_data_keys (consumer, wrapped, created_at)
          VALUES (${consumer}, ${fresh}, now())
          ON CONFLICT (consumer) DO NOTHING RETURNING wrapped)
        SELECT wrapped FROM made
        UNION ALL SELECT wrapped FROM consumer_data_keys WHERE consumer = ${consumer}
        LIMIT 1`,
  )
  const key = rows[0] ? unwrap(consumer, rows[0].wrapped) : await readDataKey(db, consumer)
  cache.set(consumer, key)
  return key
}

/**
 * A data key for a consumer the request is creating (no key can exist yet): the key, and its
 * wrapped form for `consumer_data_keys`; the request's later reads of it use this one.
 */
export const freshDataKey = (req: PayloadRequest, consumer: string) => {
  const made = newDataKey(consumer)
  cacheOf(req).set(consumer, made.key)
  return made
}

/** A new data key for `consumer`, and its wrapped form for `consumer_data_keys`. */
export const newDataKey = (consumer: string): { key: Buffer; wrapped: string } => {
  const key = crypto.randomBytes(32)
  return { key, wrapped: encryptValue(key.toString('base64'), wrapField(consumer)) }
}

/** Seals `plain` with the consumer's data key (made on first use), then with the master key. */
export const sealForConsumer = async (
  req: PayloadRequest,
  consumer: string,
  plain: string,
  field: string,
): Promise<string> => sealWithKey((await dataKey(req, consumer, true))!, consumer, plain, field)

/** Seals `plain` with the given data key of the consumer, then with the master key. */
export const sealWithKey = (
  key: Buffer,
  consumer: string,
  plain: string,
  field: string,
): string => {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(`${field}:${consumer}`))
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  const inner = `${INNER}${consumer}:${[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join(':')}`
  return encryptValue(inner, field)
}

export class DataKeyDestroyed extends Error {
  constructor(consumer: string) {
    super(`the data key of consumer ${consumer} was destroyed: the value cannot be recovered`)
  }
}

/** Opens a value whose master-key seal is already removed, given a way to find data keys. */
export const openInner = async (
  inner: string,
  field: string,
  keyOf: (consumer: string) => Promise<Buffer | null>,
): Promise<string> => {
  const consumer = sealedFor(inner)
  // Sealed with the master key only (written before data keys).
  return consumer === null ? inner : openWithKey(inner, field, consumer, await keyOf(consumer))
}

/** The consumer whose data key sealed `inner`, or null for a value sealed with the master key only. */
export const sealedFor = (inner: string): null | string =>
  inner.startsWith(INNER) ? inner.slice(INNER.length).split(':')[0] : null

/** Opens `inner`, sealed by `consumer`'s data key `key` (null: destroyed, and so unreadable). */
export const openWithKey = (
  inner: string,
  field: string,
  consumer: string,
  key: Buffer | null,
): string => {
  if (!key) throw new DataKeyDestroyed(consumer)
  const [, iv, tag, data] = inner.slice(INNER.length).split(':')
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(`${field}:${consumer}`))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}

/** The clear value of a stored credit-data value, as the request may see it. */
export const openStored = async (
  req: PayloadRequest,
  stored: string,
  field: string,
): Promise<string> =>
  openInner(decryptValue(stored, field), field, (consumer) => dataKey(req, consumer, false))

/**
 * Destroys a consumer's data key, in the caller's transaction: the wrapped key is overwritten
 * before the row is deleted, so the row's last live version holds no key either.
 */
export const destroyDataKey = async (db: Db, consumer: string): Promise<boolean> => {
  // Two statements: within one, a DELETE does not see the row its own UPDATE just wrote.
  await db.execute(sql`UPDATE consumer_data_keys SET wrapped = '' WHERE consumer = ${consumer}`)
  const { rows } = await db.execute<{ consumer: string }>(
    sql`DELETE FROM consumer_data_keys WHERE consumer = ${consumer} RETURNING consumer`,
  )
  return rows.length > 0
}

/**
 * Re-wraps every data key under the current master key (part of `npm run rotate-keys`): the
 * consumers' values need no re-encryption of their inner seal.
 */
export const rewrapDataKeys = async (
  db: Db,
  current: string,
  keyIdOf: (stored: string) => null | string,
): Promise<{ rewrapped: number; scanned: number }> => {
  const { rows } = await db.execute<{ consumer: string; wrapped: string }>(
    sql`SELECT consumer, wrapped FROM consumer_data_keys ORDER BY consumer`,
  )
  let rewrapped = 0
  for (const { consumer, wrapped } of rows) {
    if (keyIdOf(wrapped) === current) continue
    const next = encryptValue(unwrap(consumer, wrapped).toString('base64'), wrapField(consumer))
    const { rows: written } = await db.execute(
      sql`UPDATE consumer_data_keys SET wrapped = ${next}
          WHERE consumer = ${consumer} AND wrapped = ${wrapped} RETURNING consumer`,
    )
    rewrapped += written.length
  }
  return { rewrapped, scanned: rows.length }
}
