/**
 * Safe retries of creates: a POST to `/api/<collection or commerce path>` that carries an
 * `Idempotency-Key` runs once per caller and key. A repeat with the same body answers what the
 * first answered (status, body, and the headers in REPLAYED_HEADERS) with `Idempotent-Replayed:
 * true`, creating nothing; the same key with another body is 422; a repeat while the first still
 * runs is 409. Keys live in PostgreSQL (`idempotency_keys`, migration 20261123_013000), so every
 * instance sees them, for IDEMPOTENCY_KEY_TTL_SECONDS; the job runner deletes expired ones.
 * A replay goes only to a caller who may still make the create and read its answer (403 else).
 *
 * An answer of 500 or more is not kept: the key is freed, so a retry runs again. A create
 * marks its key in its own transaction (`markIdempotentCreate`), so the key knows whether a
 * record was saved whatever happens to the answer: after a 5xx whose transaction did commit, or
 * a process that died mid-request (its key stays claimed until its lease ends), a retry is 409
 * saying the record was saved and its answer lost; never a second record.
 */
import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Request, RequestHandler, Response } from 'express'
import type {
  CollectionAfterChangeHook,
  CollectionSlug,
  FlattenedField,
  Payload,
  PayloadRequest,
} from 'payload'
import { createLocalReq, executeAuthStrategies, Forbidden } from 'payload'
import type { Pool } from 'pg'

import { isCommercePath } from '../commerce/paths'
import { decryptValue, encryptValue } from '../creditData/cipher'
import { transactionDb } from '../db/transaction'
import { messages as commerceMessages } from '../errors'
import { isRecord } from '../lib/isRecord'
import { logger } from '../lib/logger'
import { settings } from '../lib/settings'
import { apiPathOf, refuse } from './input/refuse'

const HEADER = 'idempotency-key'
/** Set here, never by the caller: the key's row id, for the create's transaction to mark. */
const ROW_HEADER = 'x-commerce-idempotency-row'
/** A printable ASCII value of 1–255 characters (as Stripe's and the IETF draft's keys). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/
/** What a replay repeats of the first answer's headers (never cookies, dates or request ids). */
const REPLAYED_HEADERS = ['content-type', 'etag', 'location', 'retry-after']

export const messages = {
  committedLost:
    'A request with this Idempotency-Key saved its record but was cut off before answering. Read the record instead of sending it again.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Retry after it answers.',
  invalid: 'Send one Idempotency-Key of 1 to 255 printable ASCII characters.',
  mismatch:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
}

type Stored = {
  body: Buffer | null
  committed: boolean
  /** The lease has ended: the request that claimed the key is no longer running. */
  lapsed: boolean
  headers: Record<string, string> | null
  request_hash: string
  state: 'done' | 'running'
  status: null | number
}

const poolOf = (payload: Payload): Pool => (payload.db as unknown as { pool: Pool }).pool

/** Creates are POSTs to a single segment under /api (`/api/creditapps`, `/api/lead-events`). */
const isCreate = (req: Request) =>
  req.method === 'POST' && req.path.split('/').filter(Boolean).length === 1

/** Who the key belongs to: the checked credential, the session's user, or an anonymous address. */
const callerOf = async (payload: Payload, req: Request, res: Response): Promise<string> => {
  if (res.locals.principal) return res.locals.principal as string
  if (req.headers.cookie) {
    const headers = new Headers({ cookie: req.headers.cookie })
    const { user } = await executeAuthStrategies({ headers, payload })
    if (user) return `${user.collection}:${user.id}`
  }
  return `anonymous:${req.ip ?? ''}`
}

/** The caller as it is now (its role may have changed since the key was used), or null. */
const currentUser = async (payload: Payload, req: Request) => {
  const headers = new Headers()
  for (const name of ['authorization', 'cookie'] as const) {
    const value = req.headers[name]
    if (value) headers.set(name, value)
  }
  return (await executeAuthStrategies({ headers, payload })).user
}

/** The collection a create path makes records of: a REST slug, or a commerce create's. */
const createdCollection = (payload: Payload, req: Request): CollectionSlug | undefined => {
  const segment = apiPathOf(req).split('/')[1]
  if (Object.hasOwn(payload.collections, segment)) return segment as CollectionSlug
  return payload.config.endpoints.find(
    (endpoint) => endpoint.method === 'post' && endpoint.path === `/${segment}`,
  )?.custom?.creates
}

const relatedCollections = (field: FlattenedField): string[] =>
  field.type === 'relationship' || field.type === 'upload'
    ? [field.relationTo].flat()
    : field.type === 'join'
      ? [field.collection].flat()
      : []

/**
 * Whether the caller may read `data` as an answer holds it: each field's read access, the fields
 * of groups and arrays, and every record embedded by a relation (its collection's read access
 * and its own fields). An access function answering a Where (scoped to the caller, who owns the
 * key still) allows.
 */
const mayRead = async (
  req: PayloadRequest,
  fields: FlattenedField[],
  data: Record<string, unknown>,
): Promise<boolean> => {
  for (const field of fields) {
    if (!(field.name in data)) continue
    if (
      field.access?.read &&
      !(await field.access.read({ data, doc: data, req, siblingData: data }))
    )
      return false
    const value = data[field.name]
    const items = [isRecord(value) && Array.isArray(value.docs) ? value.docs : value].flat()
    const targets = relatedCollections(field)
    for (const item of items.filter(isRecord)) {
      if (!targets.length) {
        // A group's, tab's or array row's own fields.
        if ('flattenedFields' in field && !(await mayRead(req, field.flattenedFields, item)))
          return false
        continue
      }
      // An embedded record; a polymorphic relation holds it as `{relationTo, value}`.
      const polymorphic = typeof item.relationTo === 'string' && 'value' in item
      const record = polymorphic ? item.value : item
      if (!isRecord(record)) continue
      const related =
        req.payload.collections[(polymorphic ? item.relationTo : targets[0]) as CollectionSlug]
          ?.config
      if (!related || !(await related.access.read({ req }))) return false
      if (!(await mayRead(req, related.flattenedFields, record))) return false
    }
  }
  return true
}

/**
 * A replay answers only a caller who may still make the create and read what its kept answer
 * holds: a client demoted since (an admin become a lead agent) gets 403, not a webhook secret or
 * a consumer's birth date kept for it.
 */
const mayStillHave = async (payload: Payload, req: Request, body: Buffer): Promise<boolean> => {
  const slug = createdCollection(payload, req)
  if (!slug) return true
  const user = await currentUser(payload, req)
  const local = await createLocalReq({ user: user ?? undefined }, payload)
  const collection = payload.collections[slug].config
  if (!(await collection.access.create({ req: local }))) return false
  let answer: unknown
  try {
    answer = JSON.parse(body.toString('utf8'))
  } catch {
    return true
  }
  // The record of a REST create's `{doc, message}` or a commerce create's `{data, success}`.
  const record = isRecord(answer) ? (answer.doc ?? answer.data) : undefined
  return !isRecord(record) || mayRead(local, collection.flattenedFields, record)
}

const requestHash = (req: Request, body: Buffer) =>
  crypto
    .createHash('sha256')
    // The query too: `?depth=0` asks for another answer.
    .update(`${req.method} ${req.originalUrl}\n${req.headers['content-type'] ?? ''}\n`)
    .update(body)
    .digest('base64url')

/**
 * Claims the key: a new key, an expired one, or one whose first request died before saving
 * anything. Returns the row's id, or null when the key is held.
 */
const claim = async (pool: Pool, caller: string, key: string, hash: string) => {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO idempotency_keys (caller, key, request_hash, state, lease_until, expires_at)
     VALUES ($1, $2, $3, 'running', now() + make_interval(secs => $4), now() + make_interval(secs => $5))
     ON CONFLICT (caller, key) DO UPDATE SET
       request_hash = EXCLUDED.request_hash, state = 'running', status = NULL, headers = NULL,
       body = NULL, committed = false, created_at = now(), lease_until = EXCLUDED.lease_until,
       expires_at = EXCLUDED.expires_at
     WHERE idempotency_keys.expires_at < now()
        OR (idempotency_keys.state = 'running' AND idempotency_keys.lease_until < now()
            AND NOT idempotency_keys.committed)
     RETURNING id`,
    [
      caller,
      key,
      hash,
      settings('service').IDEMPOTENCY_LEASE_SECONDS,
      settings('service').IDEMPOTENCY_KEY_TTL_SECONDS,
    ],
  )
  return rows[0]?.id ?? null
}

const storedAnswer = async (pool: Pool, caller: string, key: string) => {
  const { rows } = await pool.query<Stored>(
    `SELECT request_hash, state, status, headers, body, committed, lease_until < now() AS lapsed
       FROM idempotency_keys WHERE caller = $1 AND key = $2`,
    [caller, key],
  )
  return rows[0]
}

/** Answers a request whose key is held: a replay, or why it cannot be one. */
const answerHeld = async (
  payload: Payload,
  req: Request,
  res: Response,
  stored: Stored,
  hash: string,
) => {
  if (stored.request_hash !== hash) return refuse(req, res, 422, messages.mismatch, mismatchProblem)
  if (stored.state === 'running') {
    if (stored.committed && stored.lapsed) return refuse(req, res, 409, messages.committedLost)
    res.set('Retry-After', '1')
    return refuse(req, res, 409, messages.inFlight)
  }
  const body = stored.body ? openAnswer(stored.body) : Buffer.alloc(0)
  if (!(await mayStillHave(payload, req, body)))
    return refuse(
      req,
      res,
      403,
      isCommercePath(apiPathOf(req)) ? commerceMessages.forbidden : new Forbidden().message,
    )
  res.status(stored.status!).set(stored.headers ?? {})
  res.set('Idempotent-Replayed', 'true')
  res.end(body)
}

const mismatchProblem = { field: 'Idempotency-Key', message: 'was used with a different request' }

/**
 * Answers are kept encrypted with the credit-data key (they may hold a birth date, or a webhook
 * secret shown on create), bound to this use. A key retired from CREDIT_DATA_KEYS must stay
 * listed for IDEMPOTENCY_KEY_TTL_SECONDS, or the answers it sealed cannot be replayed.
 */
const ANSWER_FIELD = 'idempotency_keys.body'
const sealAnswer = (body: Buffer) =>
  Buffer.from(encryptValue(body.toString('base64'), ANSWER_FIELD))
const openAnswer = (stored: Buffer) =>
  Buffer.from(decryptValue(stored.toString('utf8'), ANSWER_FIELD), 'base64')

/**
 * After an answer of 500 or more: the key is freed if nothing was saved, so a retry runs again.
 * If the create's transaction did commit (a 503 for a connection lost during COMMIT), its lease
 * ends now, so a retry is told the record was saved instead of creating it again.
 */
const FREE_OR_SETTLE = `
  WITH freed AS (DELETE FROM idempotency_keys WHERE id = $1 AND NOT committed)
  UPDATE idempotency_keys SET lease_until = now() WHERE id = $1 AND committed`

/**
 * Keeps the answer before it is sent (so a retry after it arrives can only be a replay); an
 * answer of 500 or more frees the key instead.
 */
const keepAnswer = (pool: Pool, res: Response, rowId: string) => {
  // The lease is renewed while the request runs, however long: it ends only when the process
  // that holds it is gone (or the answer is kept), so a slow first request is never run twice.
  const lease = settings('service').IDEMPOTENCY_LEASE_SECONDS
  const heartbeat = setInterval(
    () => {
      pool
        .query(
          `UPDATE idempotency_keys SET lease_until = now() + make_interval(secs => $2)
          WHERE id = $1 AND state = 'running'`,
          [rowId, lease],
        )
        .catch(() => {})
    },
    (lease * 1000) / 4,
  )
  heartbeat.unref()
  res.once('close', () => clearInterval(heartbeat))
  const chunks: Buffer[] = []
  const write = res.write.bind(res)
  const end = res.end.bind(res)
  res.write = ((chunk: unknown, ...rest: never[]) => {
    if (chunk) chunks.push(Buffer.from(chunk as Buffer))
    return write(chunk as Buffer, ...rest)
  }) as typeof res.write
  res.end = ((chunk?: unknown, ...rest: never[]) => {
    clearInterval(heartbeat)
    if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer))
    const finish = () => end(chunk as Buffer, ...rest)
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((name) => {
        const value = res.getHeader(name)
        return value === undefined ? [] : [[name, String(value)]]
      }),
    )
    const keep =
      res.statusCode >= 500
        ? pool.query(FREE_OR_SETTLE, [rowId])
        : pool.query(
            `UPDATE idempotency_keys SET state = 'done', status = $2, headers = $3, body = $4
              WHERE id = $1`,
            [rowId, res.statusCode, headers, sealAnswer(Buffer.concat(chunks))],
          )
    keep.then(finish, (error) => {
      // The answer still goes out; a retry then finds the key running until its lease ends.
      logger.warn({ err: error }, 'idempotency: the answer could not be kept')
      finish()
    })
    return res
  }) as typeof res.end
}

/** The middleware, mounted on /api after the body has been read and checked. */
export const idempotency = (payload: Payload): RequestHandler => {
  const pool = poolOf(payload)
  return async (req, res, next) => {
    delete req.headers[ROW_HEADER]
    const key = req.headers[HEADER]
    if (key === undefined || !isCreate(req)) return next()
    const sent = req.rawHeaders.filter(
      (value, index) => index % 2 === 0 && value.toLowerCase() === HEADER,
    ).length
    if (typeof key !== 'string' || !VALID_KEY.test(key) || sent > 1)
      return refuse(req, res, 400, messages.invalid, {
        field: 'Idempotency-Key',
        message: 'is not valid',
      })
    try {
      const caller = await callerOf(payload, req, res)
      const hash = requestHash(req, (res.locals.body as Buffer | undefined) ?? Buffer.alloc(0))
      const rowId = await claim(pool, caller, key, hash)
      if (rowId === null) {
        const stored = await storedAnswer(pool, caller, key)
        // Gone between the two statements (expired and deleted): rare enough to ask for a retry.
        if (!stored) {
          res.set('Retry-After', '1')
          return refuse(req, res, 409, messages.inFlight)
        }
        return await answerHeld(payload, req, res, stored, hash)
      }
      req.headers[ROW_HEADER] = rowId
      keepAnswer(pool, res, rowId)
      next()
    } catch (error) {
      next(error)
    }
  }
}

/**
 * afterChange on every collection: a create made under a claimed key marks the key in the
 * create's own transaction, so the key knows a record was saved even if the answer never is.
 */
export const markIdempotentCreate: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  const rowId = req.headers?.get(ROW_HEADER)
  if (operation !== 'create' || !rowId) return doc
  await (
    await transactionDb(req)
  ).execute(sql`UPDATE idempotency_keys SET committed = true WHERE id = ${rowId}`)
  return doc
}

/** Deletes expired keys (the job runner calls it with its periodic clean-up). */
export const deleteExpiredKeys = async (client: Pick<Pool, 'query'>): Promise<number> =>
  (await client.query('DELETE FROM idempotency_keys WHERE expires_at < now()')).rowCount ?? 0
