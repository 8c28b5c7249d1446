/**
 * Endpoint 15 compiled: `POST /api/errors`, a front end reporting an error, in one statement
 * instead of Payload's four (BEGIN, the INSERT through drizzle, the row read back, COMMIT, with
 * every field's hooks and validation run in JS around them). Front ends report errors in bursts
 * (one broken page, every visitor), anonymously: the path is the cheapest write the service has.
 *
 * 1. the row, its answer built from the values written, as Payload's create answers it;
 * 2. with an endpoint subscribed to `error.created`, in a transaction of its own, the record at
 *    depth 0 read as the outbox reads it and its deliveries written.
 *
 * It writes only where it knows that is all Payload would write; everything else goes through
 * Payload before anything is written (`undefined`): a staff user (whose requests the admin UI
 * makes), a key that reads nothing back (its create answers the id alone), an access answer other
 * than `true`, a body with anything but the record's five values as text or with a value a
 * validator refuses, a query string, an Idempotency-Key or a precondition, read replicas, and a
 * collection whose hooks are not the ones this file was written against (`HOOKS`). So every
 * refusal is Payload's own. test/int/errorCreate.test.ts sends the same bodies both ways and
 * compares answers, rows and deliveries.
 */
import type { PayloadRequest } from 'payload'

import { clientOf, poolOf } from '@/db/adapter'
import { transactionDb } from '@/db/transaction'
import { classifyFailure } from '@/lib/failures'
import { subscribers } from '@/webhooks/subscriptions'

import {
  asksForMore,
  inOwnTransaction,
  mayCompile,
  orPayload,
  OutcomeUnknown,
  readsWhatItWrites,
  textBodyOf,
  validOnCreate,
  writeDeliveries,
} from './compiledWrites'

/** Off in tests that compare this path with Payload's; `served` counts the creates it answered. */
export const compiledErrorCreates = { enabled: true, served: 0 }

/** The record's values, in the order Payload's answer gives them (collections/Errors.ts). */
const FIELDS = ['message', 'stack', 'digest', 'url', 'source'] as const

/**
 * The row: the values in FIELDS order, then its two timestamps. Each field's column has its name
 * (one word each; a new field changes HOOKS, so this path stops until it is looked at).
 */
const INSERT = `INSERT INTO errors (${[...FIELDS, 'updated_at', 'created_at'].join(', ')})
  VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`

/**
 * The hooks and fields this file does the work of, as the sanitized collection lists them (see
 * hookSignature): the answer is built from the fields in this order. Of the hooks, on an anonymous
 * or API-client create of these values: the timestamps set by the server, the values' types
 * checked (text only comes this way), the webhook deliveries written; the rest act on other
 * operations, other callers or other fields.
 */
export const HOOKS = [
  'afterChange:recordWebhookEvents,markIdempotentCreate,sendBatchedWrites',
  'beforeChange:trashOnlyUnreferenced',
  'beforeDelete:stillReferenced',
  'beforeOperation:accessFirst,noSensitiveQueries,validFilters,reduceFilters,limitTrashToStaff,noNullGroups,noChosenIds,checkIfMatch,writeOnlyAnswers',
  'beforeValidate:serverTimestamps,valueTypes,relationsExist',
  'field:deletedAt.afterRead,deletedBy.afterRead,deletedBy.beforeChange',
  'shape:message:textarea,stack:textarea,digest:text,url:text,source:text,updatedAt:date,createdAt:date,deletedAt:date,deletedBy:text',
].join('\n')

/** Anyone without a session, or an API client that reads what it writes. */
const compiledCaller = (req: PayloadRequest) => !req.user || readsWhatItWrites(req.user)

/**
 * The error record created, as Payload's create answers it, or undefined when Payload must create
 * it (nothing has been written then).
 */
export const createErrorRecord = async (
  req: PayloadRequest,
  data: unknown,
): Promise<object | undefined> => {
  const config = req.payload.collections.errors.config
  if (!mayCompile(req, config, compiledErrorCreates, HOOKS) || asksForMore(req)) return undefined
  if (!compiledCaller(req)) return undefined
  const body = textBodyOf(data, FIELDS)
  if (!body || (await config.access.create({ data: body, req })) !== true) return undefined
  if (!(await validOnCreate(req, config, body, FIELDS))) return undefined
  const now = new Date().toISOString()
  const values = FIELDS.map((name) => body[name] ?? null)
  const row = { text: INSERT, values: [...values, now, now] }
  const answer = (id: number) => ({
    id,
    ...Object.fromEntries(FIELDS.map((name, i) => [name, values[i]])),
    updatedAt: now,
    createdAt: now,
  })
  const event = config.custom?.webhookEvents?.create
  // Read before the write: usually the process's cached list, so no statement. An endpoint
  // enabled in between is as if enabled just after this report.
  const endpoints = event ? await subscribers(req, [event]) : []
  let doc: object | undefined
  if (!event || !endpoints.length)
    doc = await orPayload(req, async () => {
      try {
        // On the pool itself: drizzle's statement building was 2% of this path's time.
        const { rows } = await poolOf(req.payload).query<{ id: number }>(row)
        return answer(rows[0].id)
      } catch (error) {
        // A connection lost with the statement in flight may have written the row: Payload must
        // not write it again. The caller is told 503 (try again), as for any write then.
        if (classifyFailure(error)?.kind === 'unavailable') throw new OutcomeUnknown(error)
        throw error
      }
    })
  else
    doc = await inOwnTransaction(req, async () => {
      const db = await transactionDb(req)
      // A node-postgres transaction always has its client; without one, Payload writes it.
      const client = clientOf(db)
      if (!client) return undefined
      const id = Number((await client.query(row)).rows[0].id)
      await writeDeliveries(req, config, id, event, endpoints)
      return answer(id)
    })
  if (doc) compiledErrorCreates.served++
  return doc
}
