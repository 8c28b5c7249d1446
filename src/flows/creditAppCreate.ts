/**
 * Endpoint 1 compiled: an API client's `POST /api/creditapps` of an applicant's own values, sent to
 * its provider or not. Payload's path sends 23 statements for an app not sent (each relation looked
 * up, the title's records read, the sanctions list asked for, the row written and read back, its
 * version, the answer's records read one by one at depth 2, the audit entry); this sends the ones
 * the work needs:
 *
 * 1. one statement reads what the write needs first: the three relations looked up as
 *    relationsExist looks them up (a trashed record still exists), the names the title is made
 *    of, the applicant's data key and the latest sanctions list;
 * 2. with a list loaded, the people screened as screenCreditApp screens them (in the transaction:
 *    a match is recorded with the app);
 * 3. with `toProvider`, the app's holds asked and its submission stamped by markForProvider itself
 *    (a match or a missing credit-report authorization holds it);
 * 4. one statement: the row (SSN and birth date sealed with the applicant's data key, as
 *    encryptSensitive seals them), its first version and its audit entry; then, for an app queued
 *    for its provider, its job, by queueForProvider itself;
 * 5. with an endpoint subscribed to `credit_app.created`, the record read as the outbox reads it
 *    and its deliveries written;
 * 6. the answer, read as Payload's create answers it (as the caller, at the default depth: one
 *    compiled read, src/reads).
 *
 * It writes only where it knows that is all Payload would write; everything else goes through
 * Payload before anything is written (`undefined`): a caller other than an API client (staff stamp
 * `lastModifiedBy`, dealers' apps carry their dealership), an access answer other than `true`, a
 * body with anything but the applicant's values and the three relations as text and `toProvider`
 * as a boolean (a co-applicant, say), a value a validator refuses (the title's too), a relation
 * that names no record, a query string, an Idempotency-Key or a precondition, read replicas, and a
 * collection whose hooks or fields are not the ones this file was written against (`HOOKS`).
 * test/int/creditAppCreate.test.ts sends the same bodies both ways and compares answers, rows,
 * versions, audit entries, sanctions matches, provider jobs and deliveries.
 */
import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'

import { parseDepth } from '@/api/params'
import { listIndexOf, peopleOfCreditApp, screenSubject } from '@/compliance/sanctions/screen'
import { auditOfChange } from '@/creditData/audit'
import { isEncrypted } from '@/creditData/cipher'
import { knownDataKeys, sealForConsumer } from '@/creditData/consumerKeys'
import { encryptedFieldNames } from '@/creditData/marker'
import { type BatchedWrite, together } from '@/db/batchedWrites'
import { transactionDb } from '@/db/transaction'
import { newId } from '@/fields/prefixedId'
import { creditAppTitleOf } from '@/fields/titles'
import { isRecord } from '@/lib/isRecord'
import { markForProvider, queueForProvider } from '@/providers/hooks'
import type { Submission } from '@/providers/submit'
import { recordAsCaller } from '@/reads'
import { subscribers } from '@/webhooks/subscriptions'

import {
  asksForMore,
  fieldHookValue,
  inOwnTransaction,
  mayCompile,
  plainCreateAccess,
  textBodyOf,
  validOnCreate,
  writeDeliveries,
} from './compiledWrites'

/** Off in tests that compare this path with Payload's; `served` counts the creates it answered. */
export const compiledCreditAppCreates = { enabled: true, served: 0 }

/** The values a caller may send this way: the relations and the applicant as given on the app. */
const FIELDS = [
  'consumer',
  'preApproval',
  'vehicle',
  'firstName',
  'lastName',
  'ssn',
  'email',
  'phoneNumber',
  'birthDate',
  'provider',
] as const

/**
 * The hooks and fields this file does the work of, as the sanitized collection lists them (see
 * hookSignature). Of the hooks, on an API client's create of these values: the timestamps set by
 * the server, the values' types checked (text only comes this way), the relations looked up, the
 * people screened, the values sealed, the title and the phone keys worked out, the audit entry and
 * the webhook deliveries written, the provider's holds asked and its job queued (markForProvider and
 * queueForProvider, called here); the rest act on other operations, other callers or other fields
 * (noteAdverseAction on a submission that ends).
 */
export const HOOKS = [
  'afterChange:auditChange,queueForProvider,noteAdverseAction,trimHistory,recordWebhookEvents,markIdempotentCreate,sendBatchedWrites',
  'afterDelete:auditDelete',
  'beforeChange:screenCreditApp,markForProvider,encryptSensitive,stampDealership,trashOnlyUnreferenced',
  'beforeDelete:stillReferenced',
  'beforeOperation:accessFirst,noSensitiveQueries,validFilters,reduceFilters,limitTrashToStaff,noNullGroups,noChosenIds,checkIfMatch,restoreByStaffAdmins,searchPhoneKeys',
  'beforeValidate:serverTimestamps,valueTypes,keepInCompany,relationsExist',
  'field:birthDate.afterRead,coApplicantBirthDate.afterRead,coApplicantSSN.afterRead,deletedAt.afterRead,deletedBy.afterRead,deletedBy.beforeChange,id.beforeValidate,lastModifiedBy.beforeChange,phoneKeys.beforeChange,ssn.afterRead,title.beforeChange',
  'shape:id:text,title:text+read,phoneKeys:text+read,consumer:relationship,firstName:text,lastName:text,ssn:text,email:text,phoneNumber:text,birthDate:text,coApplicantConsumer:relationship,coApplicantFirstName:text,coApplicantLastName:text,coApplicantSSN:text,coApplicantEmail:text,coApplicantPhoneNumber:text,coApplicantBirthDate:text,preApproval:relationship,vehicle:relationship,provider:select,toProvider:checkbox+default,providerSubmission:group,providerResponse:json,lastModifiedBy:relationship+read,updatedAt:date,createdAt:date,dealerships:relationship+read,madeAt:relationship+read,deletedAt:date,deletedBy:text',
].join('\n')

type Body = Partial<Record<(typeof FIELDS)[number], string>>

/**
 * In one statement, what the write reads before it writes: whether each relation names a record
 * (one in the trash too, as relationsExist counts it); the consumer and vehicle the title names
 * (as its hook reads them: a consumer in the trash is none); whether the pre-approval is out of the
 * trash; the consumer's wrapped data key; and the latest sanctions list's id.
 */
const partiesOf = async (req: PayloadRequest, body: Body) => {
  const db = await transactionDb(req)
  const { consumer, preApproval, vehicle } = body
  const { rows } = await db.execute<{
    consumer: null | { firstName: null | string; lastName: null | string }
    found: boolean
    list: null | number
    preApprovalLive: boolean
    vehicle: null | { make: null | string; model: null | string; year: null | number }
    wrapped: null | string
  }>(sql`
    SELECT EXISTS (SELECT 1 FROM consumer WHERE id = ${consumer})
             AND EXISTS (SELECT 1 FROM pre_approval WHERE id = ${preApproval})
             AND EXISTS (SELECT 1 FROM vehicle WHERE id = ${vehicle}) AS found,
           EXISTS (SELECT 1 FROM pre_approval WHERE id = ${preApproval} AND deleted_at IS NULL)
             AS "preApprovalLive",
           (SELECT json_build_object('firstName', first_name, 'lastName', last_name) FROM consumer
             WHERE id = ${consumer} AND deleted_at IS NULL) AS consumer,
           (SELECT json_build_object('year', year, 'make', make, 'model', model) FROM vehicle
             WHERE id = ${vehicle}) AS vehicle,
           (SELECT wrapped FROM consumer_data_keys WHERE consumer = ${consumer}) AS wrapped,
           (SELECT id FROM sanctions_list ORDER BY created_at DESC LIMIT 1) AS list`)
  return rows[0]
}

/**
 * The credit app created, as Payload's create answers it, or undefined when Payload must create it
 * (nothing has been written then).
 */
export const createCreditApp = async (
  req: PayloadRequest,
  data: unknown,
): Promise<object | undefined> => {
  const config = req.payload.collections['credit-app'].config
  if (!mayCompile(req, config, compiledCreditAppCreates, HOOKS) || asksForMore(req))
    return undefined
  // The default depth (no query string comes this way), taken before any Local API call writes
  // its own depth into req.query.
  const depth = parseDepth({})
  // A value already in the stored form Payload's encryption leaves as it is: Payload writes it.
  // `toProvider`, the one value that is not text: true asks for the provider.
  const { toProvider = false, ...values } = isRecord(data) ? data : {}
  if (typeof toProvider !== 'boolean') return undefined
  const body = textBodyOf(values, FIELDS, (value) => value !== '' && !isEncrypted(value))
  if (!body || !(await plainCreateAccess(req, config, { ...body, toProvider }))) return undefined
  const answer = await inOwnTransaction(req, async () => {
    const { consumer } = body
    const parties = await partiesOf(req, body)
    if (!parties?.found || !consumer) return undefined
    const id = newId('crapp_')
    const now = new Date().toISOString()
    // The title as its hook works it out, from the records its hook would read (the record's id
    // when there is nothing to name it by), checked as Payload checks it.
    const title = creditAppTitleOf(parties.consumer, parties.vehicle, body.provider) || id
    const checked = { ...body, title, toProvider }
    if (!(await validOnCreate(req, config, checked, [...FIELDS, 'title', 'toProvider'])))
      return undefined
    // Screened before the row is written, as screenCreditApp screens it: a match names the app.
    const list = await listIndexOf(req, parties.list)
    await screenSubject(req, 'credit-app', id, () => peopleOfCreditApp(req, body), list)
    // The applicant's key as read above, so that sealing does not read it again (a consumer
    // without one gets one, in this transaction).
    if (parties.wrapped) knownDataKeys(req, { [consumer]: parties.wrapped })
    const sensitive = encryptedFieldNames(config.fields).filter((name) => name in body)
    const sealed: Record<string, string> = {}
    for (const name of sensitive)
      sealed[name] = await sealForConsumer(req, consumer, String(body[name as keyof Body]), name)
    // Sent for: the app's holds asked and its submission stamped, as markForProvider does it
    // (after the screening, whose matches hold it), its job queued once the row is written.
    const { providerSubmission = {} } = (await markForProvider({
      data: { ...body, id, toProvider },
      operation: 'create',
      req,
    } as never)) as { providerSubmission?: Submission }
    const given = { id, ...body, ...sealed }
    const phoneKeys = (await fieldHookValue(req, config, 'phoneKeys', given)) as null | string
    // The record as the afterChange hooks see it (what the audit entry names).
    // A relation to a record in the trash is none there: Payload's read of the record, before its
    // afterChange hooks, finds nothing to populate.
    const doc = {
      ...given,
      consumer: parties.consumer ? body.consumer : null,
      preApproval: parties.preApprovalLive ? body.preApproval : null,
      title,
      providerSubmission: { status: null, ...providerSubmission },
      toProvider,
    }
    const submitted = (name: keyof Submission) => providerSubmission[name] ?? null
    const value = (name: keyof Body) => given[name] ?? null
    const rows: BatchedWrite = (as) => [
      {
        name: as('row'),
        query: sql`
          INSERT INTO credit_app (id, title, phone_keys, consumer_id, first_name, last_name, ssn,
            email, phone_number, birth_date, pre_approval_id, vehicle_id, provider, to_provider,
            provider_submission_status, provider_submission_attempts,
            provider_submission_message, provider_submission_provider_reference,
            provider_submission_idempotency_key, provider_submission_queued_at,
            provider_submission_last_attempt_at, provider_submission_next_attempt_at,
            provider_submission_completed_at, last_modified_by_id, updated_at, created_at,
            deleted_by)
          VALUES (${id}, ${title}, ${phoneKeys}, ${value('consumer')},
            ${value('firstName')}, ${value('lastName')}, ${value('ssn')}, ${value('email')},
            ${value('phoneNumber')}, ${value('birthDate')}, ${value('preApproval')},
            ${value('vehicle')}, ${value('provider')}, ${toProvider},
            ${submitted('status')}, ${submitted('attempts')}, ${submitted('message')},
            ${submitted('providerReference')}, ${submitted('idempotencyKey')},
            ${submitted('queuedAt')}, ${submitted('lastAttemptAt')}, ${submitted('nextAttemptAt')},
            ${submitted('completedAt')}, NULL, ${now}, ${now}, NULL)
          RETURNING *`,
      },
      {
        query: sql`
          INSERT INTO _credit_app_v (parent_id, version_title, version_phone_keys,
            version_consumer_id, version_first_name, version_last_name, version_ssn,
            version_email, version_phone_number, version_birth_date, version_pre_approval_id,
            version_vehicle_id, version_provider, version_to_provider,
            version_provider_submission_status, version_provider_submission_attempts,
            version_provider_submission_message,
            version_provider_submission_provider_reference,
            version_provider_submission_idempotency_key, version_provider_submission_queued_at,
            version_provider_submission_last_attempt_at,
            version_provider_submission_next_attempt_at,
            version_provider_submission_completed_at, version_last_modified_by_id,
            version_updated_at, version_created_at, version_made_at_id, version_deleted_at,
            version_deleted_by, created_at, updated_at)
          SELECT id, title, phone_keys, consumer_id, first_name, last_name, ssn, email,
            phone_number, birth_date, pre_approval_id, vehicle_id, provider, to_provider,
            provider_submission_status, provider_submission_attempts,
            provider_submission_message, provider_submission_provider_reference,
            provider_submission_idempotency_key, provider_submission_queued_at,
            provider_submission_last_attempt_at, provider_submission_next_attempt_at,
            provider_submission_completed_at, last_modified_by_id, updated_at, created_at,
            made_at_id, deleted_at, deleted_by, ${now}, ${now}
            FROM ${sql.identifier(as('row'))}`,
      },
    ]
    const audit = auditOfChange({ collection: config, doc, operation: 'create', req, sensitive })
    const db = await transactionDb(req)
    await db.execute(together(audit ? [rows, audit] : [rows]))
    await queueForProvider({ doc, req } as never)
    const event = config.custom?.webhookEvents?.create
    const endpoints = event ? await subscribers(req, [event]) : []
    if (event && endpoints.length) await writeDeliveries(req, config, id, event, endpoints)
    return recordAsCaller(req, 'credit-app', id, depth)
  })
  if (answer) compiledCreditAppCreates.served++
  return answer
}
