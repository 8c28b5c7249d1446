/**
 * A new lead compiled: an API client's `POST /api/lead` of a person's own values (name, e-mail,
 * phone, source), as lead vendors send them. Payload's path sends 9 statements with an endpoint
 * subscribed to `lead.created` (a duplicate lookup before the transaction, BEGIN, the duplicate
 * locks, the lookup again, the row, the row read back, the record read for the outbox, its
 * deliveries, COMMIT), with every field's hooks and validation run in JS around them; this sends
 * the 7 the work needs (5 without a subscriber; a caller that reads what it writes adds the
 * answer's read):
 *
 * 1. in a transaction, the duplicate locks and the lookup (src/leadDesk/duplicateLookup.ts), as
 *    the intake takes them;
 * 2. the row, with its title, phone keys and match keys as their own hooks work them out (before
 *    the transaction, so that the locks are held for the statements alone);
 * 3. with an endpoint subscribed to `lead.created`, the record at depth 0 read as the outbox reads
 *    it and its deliveries written;
 * 4. the answer: the id alone for a key that reads nothing back (hooks/writeOnlyAnswers.ts), else
 *    the record read as the caller at the default depth (one compiled read, src/reads).
 *
 * It writes only where it knows that is all Payload would write; everything else goes through
 * Payload before anything is written (`undefined`): a caller other than an API client (staff may
 * name an assignee or a location, dealers' leads carry their dealership), an access answer other
 * than `true`, a body with anything but the five values as text or with a value a validator
 * refuses (the title's too, after its hook), a submission that matches a lead (the intake merges it, or creates it where the caller
 * may not read that lead), a query string, an Idempotency-Key or a precondition, read replicas,
 * and a collection whose hooks or fields are not the ones this file was written against (`HOOKS`).
 * test/int/leadCreate.test.ts sends the same bodies both ways and compares answers, rows and
 * deliveries.
 */
import type { PayloadRequest } from 'payload'

import { parseDepth } from '@/api/params'
import { clientOf } from '@/db/adapter'
import { transactionDb } from '@/db/transaction'
import { keysOfCandidate } from '@/leadDesk/duplicateKeys'
import { findDuplicate } from '@/leadDesk/duplicateLookup'
import { recordAsCaller } from '@/reads'
import { subscribers } from '@/webhooks/subscriptions'

import { readsNothing } from '../../hooks/writeOnlyAnswers'
import {
  asksForMore,
  fieldHookValue,
  inOwnTransaction,
  mayCompile,
  textBodyOf,
  validOnCreate,
  writeDeliveries,
} from './compiledWrites'

/** Off in tests that compare this path with Payload's; `served` counts the creates it answered. */
export const compiledLeadCreates = { enabled: true, served: 0 }

/** The values a caller may send this way: a person as a vendor knows them. */
const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'source'] as const

/**
 * The hooks and fields this file does the work of, as the sanitized collection lists them (see
 * hookSignature). Of the hooks, on an API client's create of these values: the timestamps set by
 * the server, the values' types checked (text only comes this way), the match keys kept, the title
 * and the phone keys worked out, the webhook deliveries written, a write-only key answered with the
 * id; the rest act on relations this path never writes (an assignee, a location, a consumer, a
 * VIN to look up), on other callers or on other operations.
 */
export const HOOKS = [
  'afterChange:recordWebhookEvents,markIdempotentCreate,sendBatchedWrites',
  'beforeChange:assigneeWorksAt,assignFromRota,inheritDoNotContact,keepMatchKeys,fillVehicleOfInterest,trashOnlyUnreferenced',
  'beforeDelete:stillReferenced',
  'beforeOperation:accessFirst,noSensitiveQueries,validFilters,reduceFilters,limitTrashToStaff,noNullGroups,noChosenIds,checkIfMatch,searchPhoneKeys,writeOnlyAnswers',
  'beforeValidate:serverTimestamps,valueTypes,keepInCompany,relationsExist',
  'field:deletedAt.afterRead,deletedBy.afterRead,deletedBy.beforeChange,phoneKeys.beforeChange,title.beforeChange',
  'shape:title:text+read,firstName:text,lastName:text,email:text,phoneNumber:text,phoneKeys:text+read,source:text,vehicleOfInterest:group,consumer:relationship,location:relationship,assignee:relationship,followUpDue:date,currentStatus:select,firstContactedAt:date,escalatedAt:date,doNotContact:group,adf:group,mergedInto:relationship,mergedAt:date,matchEmail:text+hidden,matchFirstName:text+hidden,matchLastName:text+hidden,matchPhones:json+hidden,updatedAt:date,createdAt:date,dealership:relationship+read,deletedAt:date,deletedBy:text',
].join('\n')

/** The row: each value's column by name, the rest left to the table's defaults as Payload leaves them. */
const INSERT = `INSERT INTO lead (title, first_name, last_name, email, phone_number, phone_keys,
    source, match_email, match_first_name, match_last_name, match_phones, updated_at, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`

/**
 * An API client that may create every lead and, unless it reads nothing (its answer is then the
 * id alone), read every lead.
 */
const allowed = async (req: PayloadRequest, body: Record<string, string>, idAlone: boolean) => {
  const { access } = req.payload.collections.lead.config
  return (
    req.user?.collection === 'api-clients' &&
    (await access.create({ data: body, req })) === true &&
    (idAlone || (await access.read({ req })) === true)
  )
}

/**
 * The lead created, as Payload's create answers it, or undefined when Payload must create it (or
 * merge it: nothing has been written then).
 */
export const createLead = async (
  req: PayloadRequest,
  data: unknown,
): Promise<object | undefined> => {
  const config = req.payload.collections.lead.config
  if (!mayCompile(req, config, compiledLeadCreates, HOOKS) || asksForMore(req)) return undefined
  // The default depth (no query string comes this way), taken before any Local API call writes
  // its own depth into req.query.
  const depth = parseDepth({})
  const idAlone = readsNothing(req.user)
  const body = textBodyOf(data, FIELDS)
  if (!body || !(await allowed(req, body, idAlone))) return undefined
  // Worked out before the transaction, so that its locks are held for its statements alone. The
  // title is checked as Payload checks it, after its hook: two names may make one too long.
  const title = await fieldHookValue(req, config, 'title', body)
  if (!(await validOnCreate(req, config, { ...body, title }, [...FIELDS, 'title'])))
    return undefined
  const phoneKeys = await fieldHookValue(req, config, 'phoneKeys', body)
  const keys = await keysOfCandidate(req, body)
  const event = config.custom?.webhookEvents?.create
  // Usually the process's cached list, so no statement. An endpoint enabled in between is as if
  // enabled just after this create.
  const endpoints = event ? await subscribers(req, [event]) : []
  const answer = await inOwnTransaction(req, async () => {
    if (await findDuplicate(req, body)) return undefined
    // A node-postgres transaction always has its client; without one, Payload writes it.
    const client = clientOf(await transactionDb(req))
    if (!client) return undefined
    const now = new Date().toISOString()
    const { rows } = await client.query({
      text: INSERT,
      values: [
        title,
        body.firstName ?? null,
        body.lastName ?? null,
        body.email ?? null,
        body.phoneNumber ?? null,
        phoneKeys,
        body.source ?? null,
        keys.email,
        keys.firstName,
        keys.lastName,
        JSON.stringify(keys.phones),
        now,
        now,
      ],
    })
    const id = Number(rows[0].id)
    if (event && endpoints.length) await writeDeliveries(req, config, id, event, endpoints)
    return idAlone ? { id } : recordAsCaller(req, 'lead', id, depth)
  })
  if (answer) compiledLeadCreates.served++
  return answer
}
