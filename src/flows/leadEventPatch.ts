/**
 * The lead agents' write compiled: an API client's `PATCH /api/leadEvents/{id}` of `status`
 * and `nextSteps` in four statements of one transaction instead of Payload's update (which reads
 * the record, checks its document locks, writes every column, reads the version back, updates the
 * lead through a second whole Payload update, and reads the record again for the webhook payload,
 * running every field's hooks several times in JS):
 *
 * 1. the event's row, locked (`FOR UPDATE`), with whether a document lock is held on it or its
 *    lead and whether that lead is in the trash;
 * 2. one statement: the event's two values and `updatedAt`, its history version, the trim of
 *    versions past the 100th, and a delivery per endpoint subscribed to `lead_event.updated` (the
 *    payload built by the outbox's own `eventPayload`);
 * 3. the answer, read as Payload's update answers it (as the caller, at the default depth: one
 *    compiled read, src/reads, or Payload's findByID where that cannot), before the lead
 *    changes, as Payload's update does;
 * 4. when the status changed and the event is its lead's current status: the lead's
 *    `currentStatus` and `updatedAt`.
 *
 * It writes only what Payload's update would write, and only where it knows that is all:
 * everything else goes through Payload, before anything is written (`undefined`). That is: a
 * caller other than an API client (staff stamp `lastModifiedBy`), an access answer other than
 * `true`, a body with anything but the two values or with a value Payload would refuse (an
 * unknown status, text holding an SSN, a non-string), a status that reaches out (the
 * do-not-contact and consent checks), a query string, `If-Match`/`If-None-Match`, read replicas,
 * a record not found or in the trash, a document lock on the event or its lead, an event whose
 * type counts as contact (its lead's first contact is kept on every save), a lead in the trash,
 * a lead whose update some endpoint subscribes to (`lead.updated`), and a collection whose hooks or
 * fields are not the ones this file was written against (`HOOKS`); and any error before the
 * commit (rolled back). A refusal is thus always Payload's, and leaves nothing behind. test/int/leadEventWrite.test.ts sends the same patches
 * both ways and compares answers, rows, versions and outbox entries.
 */
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { holdsSsn } from '@/creditData/ssnInText'
import { transactionDb } from '@/db/transaction'
import { olderVersionsDelete } from '@/fields/history'
import { isContact, isOutbound, leadEventStatuses } from '@/fields/leadEventValues'
import { isRecord } from '@/lib/isRecord'
import { recordAsCaller } from '@/reads'
import { eventPayload } from '@/webhooks/events'
import { deliveriesStatement } from '@/webhooks/outbox'
import { subscribers } from '@/webhooks/subscriptions'

import type { LeadEvent } from '../../payload-types'
import { inOwnTransaction, mayCompile, plainUpdateAccess } from './compiledWrites'

/** Off in tests that compare this path with Payload's; `served` counts the writes it answered. */
export const compiledLeadEventPatches = { enabled: true, served: 0 }

/**
 * The hooks and fields this file does the work of, as the sanitized collection lists them (see
 * hookSignature); the record's row and version are written from the fields in this order.
 */
export const HOOKS = [
  'afterChange:followLeadEvent,trimHistory,recordWebhookEvents,markIdempotentCreate,sendBatchedWrites',
  'beforeChange:checkLeadEvent,trashOnlyUnreferenced',
  'beforeDelete:stillReferenced',
  'beforeOperation:accessFirst,noSensitiveQueries,validFilters,reduceFilters,limitTrashToStaff,noNullGroups,noChosenIds,checkIfMatch,restoreByStaffAdmins',
  'beforeValidate:serverTimestamps,valueTypes,keepInCompany,relationsExist',
  'field:createdBy.beforeChange,deletedAt.afterRead,deletedBy.afterRead,deletedBy.beforeChange,lastModifiedBy.beforeChange',
  'shape:lead:relationship,type:select,status:select,nextSteps:textarea,createdBy:relationship,currentStatusFor:relationship,submission:group+read,lastModifiedBy:relationship+read,updatedAt:date,createdAt:date,dealership:relationship+read,deletedAt:date,deletedBy:text',
].join('\n')

type Patch = { nextSteps?: null | string; status?: LeadEvent['status'] }

const STATUSES = new Set<unknown>(leadEventStatuses)

/** The body, when it is a patch this path writes as Payload would; else undefined. */
const patchOf = (req: PayloadRequest, body: unknown): Patch | undefined => {
  if (!isRecord(body)) return undefined
  const keys = Object.keys(body)
  if (!keys.length || keys.some((key) => key !== 'status' && key !== 'nextSteps')) return undefined
  const { nextSteps, status } = body
  if ('status' in body && status !== null && (!STATUSES.has(status) || isOutbound(String(status))))
    return undefined
  if ('nextSteps' in body && nextSteps !== null) {
    if (typeof nextSteps !== 'string' || holdsSsn(nextSteps)) return undefined
    const max = req.payload.config.defaultMaxTextLength
    if (typeof max === 'number' && nextSteps.length > max) return undefined
  }
  return body as Patch
}

type Row = {
  created_at: Date | string
  created_by_id: null | number
  current_status_for_id: null | number
  dealership_id: null | string
  lead_id: null | number
  lead_trashed: boolean | null
  locked: boolean
  next_steps: null | string
  status: LeadEvent['status']
  submission_source: null | string
  submission_values: unknown
  type: LeadEvent['type']
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** The record at depth 0 as Payload's findByID gives it (the trash leaves out a null deletedAt). */
const recordOf = (id: number, row: Row, patch: Patch, updatedAt: string) => ({
  id,
  lead: row.lead_id,
  type: row.type,
  status: 'status' in patch ? (patch.status ?? null) : row.status,
  nextSteps: 'nextSteps' in patch ? (patch.nextSteps ?? null) : row.next_steps,
  createdBy: row.created_by_id,
  currentStatusFor: row.current_status_for_id,
  submission: { source: row.submission_source, values: row.submission_values },
  updatedAt,
  createdAt: iso(row.created_at),
  dealership: row.dealership_id,
})

/**
 * The lead event after the patch, as Payload's update answers it, or undefined when Payload must
 * write it (nothing has been written then).
 */
export const patchLeadEvent = async (
  req: PayloadRequest,
  id: number,
  body: unknown,
): Promise<LeadEvent | undefined> => {
  const collection = req.payload.collections.leadEvents.config
  if (!mayCompile(req, collection, compiledLeadEventPatches, HOOKS)) return undefined
  const patch = patchOf(req, body)
  if (!patch || !(await plainUpdateAccess(req, collection, id, patch))) return undefined
  const doc = await inOwnTransaction(req, async () => {
    const db = await transactionDb(req)
    const { rows } = await db.execute<Row>(sql`
      SELECT e.lead_id, e.type, e.status, e.next_steps, e.created_by_id, e.current_status_for_id,
             e.submission_source, e.submission_values, e.created_at, e.dealership_id,
             (SELECT l.deleted_at IS NOT NULL FROM lead l WHERE l.id = e.current_status_for_id)
               AS lead_trashed,
             EXISTS (SELECT 1 FROM payload_locked_documents_rels r
                      WHERE r.path = 'document'
                        AND (r.lead_events_id = e.id OR r.lead_id = e.current_status_for_id))
               AS locked
        FROM lead_events e WHERE e.id = ${id} AND e.deleted_at IS NULL FOR UPDATE OF e`)
    const row = rows[0]
    const status = 'status' in patch ? (patch.status ?? null) : row?.status
    const lead = row?.current_status_for_id
    const leadChanges = Boolean(lead) && status !== row?.status
    if (
      !row ||
      row.locked ||
      row.lead_trashed ||
      isContact(row.type) ||
      (leadChanges && (await subscribers(req, ['lead.updated'])).length)
    )
      return undefined
    const updatedAt = new Date().toISOString()
    const record = recordOf(id, row, patch, updatedAt)
    const endpoints = await subscribers(req, ['lead_event.updated'])
    const payload = eventPayload('lead_event.updated', collection, record)
    const deliveries = endpoints.length
      ? deliveriesStatement(
          collection.slug,
          id,
          endpoints.map((endpoint) => ({ endpoint: endpoint.id, payload })),
        )
      : undefined
    await db.execute(sql`
      WITH ev AS (
        UPDATE lead_events SET status = ${record.status}, next_steps = ${record.nextSteps},
               updated_at = ${updatedAt}
         WHERE id = ${id} RETURNING *),
      version AS (
        INSERT INTO _lead_events_v (parent_id, version_lead_id, version_type, version_status,
          version_next_steps, version_created_by_id, version_current_status_for_id,
          version_submission_source, version_submission_values, version_last_modified_by_id,
          version_updated_at, version_created_at, version_dealership_id, version_deleted_at,
          created_at, updated_at)
        SELECT id, lead_id, type, status, next_steps, created_by_id, current_status_for_id,
          submission_source, submission_values, last_modified_by_id, updated_at, created_at,
          dealership_id, deleted_at, ${updatedAt}, ${updatedAt} FROM ev),
      trim AS (${olderVersionsDelete('_lead_events_v', id, { inTheSameStatement: true })})
      ${deliveries ? sql`, delivery AS (${deliveries})` : sql``}
      SELECT 1`)
    // The answer as Payload's update makes it: the record read as the caller may read it, at
    // the default depth (no query string comes this way), compiled when the reads can be.
    const depth = req.payload.config.defaultDepth
    const read = await recordAsCaller<LeadEvent>(req, 'leadEvents', id, depth)
    // Payload's update answers the id last (the ETag hashes the bytes).
    const { id: _id, ...fields } = read
    const doc = { ...fields, id }
    if (leadChanges)
      await db.execute(sql`
        UPDATE lead SET current_status = ${status}::text::enum_lead_current_status,
               updated_at = ${new Date().toISOString()}
         WHERE id = ${lead}`)
    return doc
  })
  if (doc) compiledLeadEventPatches.served++
  return doc
}
