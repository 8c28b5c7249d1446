/**
 * Safe retries of creates: a POST to `/api/<collection or commerce path>` that carries an
 * `Idempotency-Key` runs once per caller and key. A repeat with the same body answers what the
 * first answered (status, body, and the headers in REPLAYED_HEADERS) with `Idempotent-Replayed:
 * true`, creating nothing; the same key with another body is 422; a repeat while the first still
 * runs is 409. Keys live in PostgreSQL (src/idempotency), so every instance sees them, for
 * IDEMPOTENCY_KEY_TTL_SECONDS; the job runner deletes expired ones.
 * A replay goes only to a caller who may still make the create and read its answer (403 else).
 *
 * An answer of 500 or more is not kept: the key is freed, so a retry runs again. A create
 * marks its key in its own transaction (src/idempotency/markCreate.ts), so the key knows whether a
 * record was saved whatever happens to the answer: after a 5xx whose transaction did commit, or
 * a process that died mid-request (its key stays claimed until its lease ends), a retry is 409
 * saying the record was saved and its answer lost; never a second record.
 */
import crypto from 'node:crypto'

import type { Request, RequestHandler, Response } from 'express'
import type { CollectionSlug, Payload } from 'payload'
import { Forbidden } from 'payload'
import type { Pool } from 'pg'

import { isCommercePath } from '@/commerce/paths'
import { poolOf } from '@/db/adapter'
import { messages as commerceMessages } from '@/errors'
import {
  claim,
  mayStillHave,
  messages,
  openAnswer,
  renewLease,
  ROW_HEADER,
  settle,
  type Stored,
  storedAnswer,
} from '@/idempotency'
import { isCollectionSlug } from '@/lib/collectionSlug'
import { logger } from '@/lib/logger'
import { settings } from '@/lib/settings'

import { callerOf } from './caller'
import { answerUnavailable, apiPathOf, refuse } from './input/refuse'

const HEADER = 'idempotency-key'
/** A printable ASCII value of 1–255 characters (as Stripe's and the IETF draft's keys). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/
/**
 * What a replay repeats of the first answer's headers (never cookies, dates or request ids);
 * `lead-merged-into` says a new lead was merged into an existing one (src/leadDesk/endpoints.ts).
 */
const REPLAYED_HEADERS = ['content-type', 'etag', 'lead-merged-into', 'location', 'retry-after']

/** Creates are POSTs to a single segment under /api (`/api/creditapps`, `/api/lead-events`). */
const isCreate = (req: Request) =>
  req.method === 'POST' && req.path.split('/').filter(Boolean).length === 1

/** The collection a create path makes records of: a REST slug, or a commerce create's. */
const createdCollection = (payload: Payload, req: Request): CollectionSlug | undefined => {
  const segment = apiPathOf(req).split('/')[1]
  if (isCollectionSlug(payload, segment)) return segment
  return payload.config.endpoints.find(
    (endpoint) => endpoint.method === 'post' && endpoint.path === `/${segment}`,
  )?.custom?.creates
}

const requestHash = (req: Request, body: Buffer) =>
  crypto
    .createHash('sha256')
    // The query too: `?depth=0` asks for another answer.
    .update(`${req.method} ${req.originalUrl}\n${req.headers['content-type'] ?? ''}\n`)
    .update(body)
    .digest('base64url')

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
  const caller = await callerOf(payload, req, res)
  // Whether the caller may still have it cannot be known while the database is away.
  if (caller.kind === 'unknown') return answerUnavailable(req, res)
  const user = 'user' in caller ? caller.user : null
  if (!(await mayStillHave(payload, createdCollection(payload, req), user, body)))
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
 * Keeps the answer before it is sent (so a retry after it arrives can only be a replay); an
 * answer of 500 or more frees the key instead (src/idempotency/keys.ts).
 */
const keepAnswer = (pool: Pool, res: Response, rowId: string) => {
  // The lease is renewed while the request runs, however long: it ends only when the process
  // that holds it is gone (or the answer is kept), so a slow first request is never run twice.
  const lease = settings('service').IDEMPOTENCY_LEASE_SECONDS
  const heartbeat = setInterval(
    () => {
      renewLease(pool, rowId, lease).catch(() => {})
    },
    (lease * 1000) / 4,
  )
  heartbeat.unref()
  res.once('close', () => clearInterval(heartbeat))
  const chunks: Buffer[] = []
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk))
  }
  const write = res.write.bind(res)
  const end = res.end.bind(res)
  // Handlers write strings and Buffers; the wrappers keep each call's own arguments.
  res.write = ((chunk: unknown, ...rest: never[]) => {
    keep(chunk)
    return write(chunk, ...rest)
  }) as typeof res.write
  res.end = ((chunk?: unknown, ...rest: never[]) => {
    clearInterval(heartbeat)
    keep(chunk)
    const finish = () => end(chunk, ...rest)
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((name) => {
        const value = res.getHeader(name)
        return value === undefined ? [] : [[name, String(value)]]
      }),
    )
    settle(pool, rowId, res.statusCode, headers, Buffer.concat(chunks)).then(finish, (error) => {
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
      const who = await callerOf(payload, req, res)
      // Whom the key belongs to: the caller, or an anonymous caller's address.
      const caller = 'id' in who ? who.id : `anonymous:${req.ip ?? ''}`
      const hash = requestHash(req, res.locals.body ?? Buffer.alloc(0))
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
