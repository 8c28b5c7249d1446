/**
 * The breach-readiness report (docs/compliance.md, "8. Breach readiness"): how many distinct
 * consumers' personal data each collection holds unencrypted — names, phone numbers, e-mail
 * addresses and postal addresses (SSNs and birth dates are encrypted at rest, src/creditData,
 * so a copy of the database without CREDIT_DATA_KEYS does not expose them) — and whether an
 * incident exposing them would reach the FTC Safeguards Rule's notice threshold (16 CFR
 * 314.4(j): 500 or more consumers). A person is counted once per collection by their e-mail,
 * else phone digits, else name; the total counts each such key once across collections.
 */
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { encryptedFieldNames } from '@/creditData/marker'
import { drizzleOf } from '@/db/adapter'

/** 16 CFR 314.4(j)(1): notify the FTC of an event involving 500 or more consumers. */
export const FTC_NOTICE_THRESHOLD = 500

/** A person's key from a row's values: e-mail, else phone digits, else name. */
const key = (email: string, phone: string, name: string) =>
  `COALESCE(NULLIF(lower(trim(${email})), ''), NULLIF(regexp_replace(${phone}, '\\D', '', 'g'), ''), NULLIF(lower(trim(${name})), ''))`

const person = (table: string, prefix = '', version = false) => {
  const col = (name: string) => `${version ? 'version_' : ''}${prefix}${name}`
  return `SELECT ${key(col('email'), col('phone_number'), `concat_ws(' ', ${col('first_name')}, ${col('last_name')})`)} AS k FROM "${table}"`
}

type Source = { collection: string; fields: string[]; keys: string[] }

/** Where personal data sits, collection by collection (version history included). */
const SOURCES: Source[] = [
  {
    collection: 'consumer',
    fields: [
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'phoneNumbers',
      'phoneKeys',
      'addresses',
    ],
    keys: [person('consumer'), person('_consumer_v', '', true)],
  },
  {
    collection: 'credit-app',
    fields: [
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'phoneKeys',
      'coApplicantFirstName',
      'coApplicantLastName',
      'coApplicantEmail',
      'coApplicantPhoneNumber',
    ],
    keys: [
      person('credit_app'),
      person('credit_app', 'co_applicant_'),
      person('_credit_app_v', '', true),
      person('_credit_app_v', 'co_applicant_', true),
    ],
  },
  {
    collection: 'lead',
    // The ADF fields: the prospect's phones, postal address and the document as received.
    fields: [
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'phoneKeys',
      'adf.phones',
      'adf.address',
      'adf.document',
    ],
    keys: [person('lead')],
  },
  {
    collection: 'consents',
    fields: ['phoneNumber', 'email', 'ip'],
    keys: [`SELECT ${key('email', 'phone_number', "''")} AS k FROM consents`],
  },
  {
    collection: 'contact',
    fields: [
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'primaryEmail',
      'primaryPhoneNumber',
      'phoneKeys',
    ],
    keys: [
      `SELECT ${key('COALESCE(email, primary_email)', 'COALESCE(phone_number, primary_phone_number)', "concat_ws(' ', first_name, last_name)")} AS k FROM contact`,
      `SELECT ${key('COALESCE(version_email, version_primary_email)', 'COALESCE(version_phone_number, version_primary_phone_number)', "concat_ws(' ', version_first_name, version_last_name)")} AS k FROM _contact_v`,
    ],
  },
  {
    collection: 'customer',
    fields: ['name', 'phoneNumbers', 'addresses'],
    keys: [`SELECT ${key("''", "''", 'name')} AS k FROM customer`],
  },
  {
    collection: 'address',
    fields: ['line1', 'line2', 'zip', 'city'],
    keys: [`SELECT ${key("''", "''", "concat_ws(' ', line1, line2, zip)")} AS k FROM address`],
  },
  {
    collection: 'adverse-action-notice',
    fields: ['applicantName', 'applicantEmail', 'applicantAddress'],
    keys: [
      `SELECT ${key('applicant_email', "''", 'applicant_name')} AS k FROM adverse_action_notice`,
    ],
  },
  {
    collection: 'sanctions-match',
    fields: ['screenedName'],
    keys: [`SELECT ${key("''", "''", 'screened_name')} AS k FROM sanctions_match`],
  },
]

export type BreachReport = {
  collections: { collection: string; consumers: number; fields: string[] }[]
  /** Encrypted at rest: not counted. */
  encryptedFields: string[]
  generatedAt: string
  /** Distinct people across every collection (by the same key). */
  distinctConsumers: number
  noticeThreshold: number
  /** 500 or more: an incident exposing this data must be reported to the FTC within 30 days. */
  ftcNoticeRequired: boolean
}

const union = (source: Source) => source.keys.join(' UNION ')

export const breachReport = async (payload: Payload): Promise<BreachReport> => {
  const count = async (query: string) => {
    const { rows } = await drizzleOf(payload).execute(
      sql.raw(`SELECT count(DISTINCT k)::int AS n FROM (${query}) AS people WHERE k IS NOT NULL`),
    )
    return Number((rows[0] as { n: number }).n)
  }
  const collections = []
  for (const source of SOURCES)
    collections.push({
      collection: source.collection,
      consumers: await count(union(source)),
      fields: source.fields,
    })
  const distinctConsumers = await count(SOURCES.map(union).join(' UNION '))
  return {
    collections,
    distinctConsumers,
    encryptedFields: payload.config.collections.flatMap(({ fields, slug }) =>
      encryptedFieldNames(fields).map((name) => `${slug}.${name}`),
    ),
    ftcNoticeRequired: distinctConsumers >= FTC_NOTICE_THRESHOLD,
    generatedAt: new Date().toISOString(),
    noticeThreshold: FTC_NOTICE_THRESHOLD,
  }
}
