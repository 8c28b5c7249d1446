/**
 * Endpoint 4 compiled: an API client's `POST /api/consumers` of a consumer's own values in four
 * statements (BEGIN and COMMIT with them) instead of Payload's eight (which runs every field's hooks and
 * validation in JS several times over, builds each statement through drizzle, reads the row back
 * after its insert and after its version's, then reads the record again for the answer):
 *
 * 1. one statement: the consumer's data key, its row, its history version and its audit entry;
 * 2. the answer, read as Payload's create answers it (as the caller, at the default depth: one
 *    compiled read, src/reads, or Payload's findByID where that cannot).
 *
 * With an endpoint subscribed to `consumer.created`, the record at depth 0 is read as the outbox
 * reads it and its deliveries written, as two more statements.
 *
 * The values are Payload's: each field's own validator says whether a value is valid, the title's
 * and the phone keys' own hooks work out theirs, the values are sealed as encryptSensitive seals
 * them, and the audit entry is the one auditChange makes. It writes only where it knows that is
 * all Payload would write; everything else goes through Payload before anything is written
 * (`undefined`): a caller other than an API client (staff stamp `lastModifiedBy`, dealers' records
 * carry their dealership), an access answer other than `true`, a field with access of its own, a
 * body with anything but the six values of the contract or with a value a validator refuses, a
 * query string, an Idempotency-Key or a precondition, read replicas, a collection whose hooks are
 * not the ones this file was written against (`HOOKS`), and any error before the commit. So every
 * refusal is Payload's own, and leaves nothing behind. test/int/consumerCreate.test.ts sends the
 * same bodies both ways and compares answers, rows, versions, audit entries and deliveries.
 */
import { sql } from '@payloadcms/db-postgres'
import { type PayloadRequest } from 'payload'

import { parseDepth } from '@/api/params'
import { auditOfChange } from '@/creditData/audit'
import { isEncrypted } from '@/creditData/cipher'
import { freshDataKey, sealWithKey } from '@/creditData/consumerKeys'
import { encryptedFieldNames } from '@/creditData/marker'
import { type BatchedWrite, together } from '@/db/batchedWrites'
import { transactionDb } from '@/db/transaction'
import { newId } from '@/fields/prefixedId'
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
export const compiledConsumerCreates = { enabled: true, served: 0 }

/** The values a caller may send this way: the contract's consumer, no lists or relations. */
const FIELDS = ['firstName', 'lastName', 'birthDate', 'phoneNumber', 'email', 'ssn'] as const

/**
 * The hooks this file does the work of, by name, as the sanitized collection lists them. Another
 * hook (or one gone) means Payload's create does something this does not: it then never compiles,
 * and test/int/consumerCreate.test.ts, which expects it to, fails until this file is brought along.
 */
export const HOOKS = [
  'afterChange:auditChange,trimHistory,recordWebhookEvents,markIdempotentCreate,sendBatchedWrites',
  'afterDelete:auditDelete',
  'beforeChange:encryptSensitive,stampDealership,trashOnlyUnreferenced',
  'beforeDelete:stillReferenced',
  'beforeOperation:accessFirst,noSensitiveQueries,validFilters,reduceFilters,limitTrashToStaff,noNullGroups,noChosenIds,checkIfMatch,restoreByStaffAdmins,resolveAddresses,searchPhoneKeys',
  'beforeValidate:serverTimestamps,valueTypes,keepInCompany,relationsExist',
  'field:birthDate.afterRead,deletedAt.afterRead,deletedBy.afterRead,deletedBy.beforeChange,id.beforeValidate,lastModifiedBy.beforeChange,phoneKeys.beforeChange,ssn.afterRead,title.beforeChange',
  'shape:title:text+read,id:text,firstName:text,lastName:text,birthDate:text,phoneNumber:text,email:text,ssn:text,phoneNumbers:text,phoneKeys:text+read,addresses:relationship,lastModifiedBy:relationship+read,updatedAt:date,createdAt:date,dealerships:relationship+read,deletedAt:date,deletedBy:text',
].join('\n')

type Body = Partial<Record<(typeof FIELDS)[number], string>>

/**
 * The consumer created, as Payload's create answers it, or undefined when Payload must create it
 * (nothing has been written then).
 */
export const createConsumer = async (
  req: PayloadRequest,
  data: unknown,
): Promise<object | undefined> => {
  const config = req.payload.collections.consumer.config
  if (!mayCompile(req, config, compiledConsumerCreates, HOOKS) || asksForMore(req)) return undefined
  // The default depth (no query string comes this way), taken before any Local API call writes
  // its own depth into req.query.
  const depth = parseDepth({})
  // A value already in the stored form Payload's encryption leaves as it is: Payload writes it.
  const body = textBodyOf(data, FIELDS, (value) => value !== '' && !isEncrypted(value))
  if (!body || !(await plainCreateAccess(req, config, body))) return undefined
  // The title is checked as Payload checks it, after its hook: two names may make one too long.
  const title = await fieldHookValue(req, config, 'title', body)
  if (!(await validOnCreate(req, config, { ...body, title }, [...FIELDS, 'title'])))
    return undefined
  const answer = await inOwnTransaction(req, async () => {
    const db = await transactionDb(req)
    const id = newId('con_')
    const now = new Date().toISOString()
    const { key, wrapped } = freshDataKey(req, id)
    const sensitive = encryptedFieldNames(config.fields).filter((name) => name in body)
    const sealed = Object.fromEntries(
      sensitive.map((name) => [name, sealWithKey(key, id, String(body[name as keyof Body]), name)]),
    )
    const given = { id, ...body, ...sealed }
    const record = {
      ...given,
      phoneKeys: await fieldHookValue(req, config, 'phoneKeys', given),
      title,
    }
    // The record as the afterChange hooks see it (what the audit entry names): the phone keys,
    // which no caller may write, are not in it.
    const doc = {
      ...given,
      title: record.title,
      addresses: [],
      createdAt: now,
      dealerships: [],
      email: record.email ?? null,
      lastModifiedBy: null,
      phoneNumbers: [],
      ssn: record.ssn ?? null,
      updatedAt: now,
    }
    const rows: BatchedWrite = (as) => [
      {
        name: as('key'),
        query: sql`INSERT INTO consumer_data_keys (consumer, wrapped, created_at)
                   VALUES (${id}, ${wrapped}, now())`,
      },
      {
        name: as('row'),
        query: sql`
          INSERT INTO consumer (id, title, first_name, last_name, birth_date, phone_number, email,
            ssn, phone_keys, last_modified_by_id, updated_at, created_at, deleted_by)
          VALUES (${id}, ${doc.title as string}, ${doc.firstName ?? null}, ${doc.lastName ?? null},
            ${doc.birthDate ?? null}, ${doc.phoneNumber ?? null}, ${doc.email}, ${doc.ssn},
            ${record.phoneKeys as null | string}, NULL, ${now}, ${now}, NULL)
          RETURNING *`,
      },
      {
        query: sql`
          INSERT INTO _consumer_v (parent_id, version_title, version_first_name, version_last_name,
            version_birth_date, version_phone_number, version_email, version_ssn,
            version_phone_keys, version_last_modified_by_id, version_updated_at,
            version_created_at, version_deleted_at, version_deleted_by, created_at, updated_at)
          SELECT id, title, first_name, last_name, birth_date, phone_number, email, ssn, phone_keys,
            last_modified_by_id, updated_at, created_at, deleted_at, deleted_by, ${now}, ${now}
            FROM ${sql.identifier(as('row'))}`,
      },
    ]
    const audit = auditOfChange({ collection: config, doc, operation: 'create', req, sensitive })
    await db.execute(together(audit ? [rows, audit] : [rows]))
    const event = config.custom?.webhookEvents?.create
    const endpoints = event ? await subscribers(req, [event]) : []
    if (event && endpoints.length) await writeDeliveries(req, config, id, event, endpoints)
    return recordAsCaller(req, 'consumer', id, depth)
  })
  if (answer) compiledConsumerCreates.served++
  return answer
}
