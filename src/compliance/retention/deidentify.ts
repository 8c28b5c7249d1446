/**
 * De-identification of a consumer: what identifies them (names, phones, e-mails, street lines,
 * free-text notes, web-tracker ids) is removed from the records no law requires the service to
 * keep, and those records' saved versions (which hold the same values) are deleted. Used by the
 * retention job (./dispose.ts) and by a consumer's deletion request (src/compliance/requests).
 * The finance records are kept as they are, each with the rule that keeps it (KEPT); which
 * records are which is in docs/compliance.md, sections 5 and 6.
 *
 * Plain SQL in the caller's transaction: Payload's update would run validation (a consumer's name
 * and phone are required) and write a new version holding what is being removed.
 */
import { sql } from '@payloadcms/db-postgres'

import type { transactionDb } from '@/db/transaction'

export type Db = Awaited<ReturnType<typeof transactionDb>>

export type Deidentified = { collection: string; fields: string[]; records: number }
export type Kept = { collection: string; reason: string; records: number; rule: string }
export type DeidentifyReport = { deidentified: Deidentified[]; kept: Kept[] }

const GLBA =
  'Cal. Civ. Code 1798.145(e): information collected under the Gramm-Leach-Bliley Act is outside the CCPA'

/** Records kept whatever happens to the consumer, and the rule that keeps each. */
export const KEPT: {
  collection: string
  count: (db: Db, consumer: string) => Promise<number>
  reason: string
  rule: string
}[] = [
  {
    collection: 'credit-app',
    count: (db, consumer) =>
      countOf(
        db,
        sql`SELECT count(*)::int AS n FROM credit_app
        WHERE consumer_id = ${consumer} OR co_applicant_consumer_id = ${consumer}`,
      ),
    reason: 'credit application: a finance record',
    rule: `${GLBA}; ECOA/Reg. B 12 CFR 1002.12(b) keeps applications 25 months after notice of action`,
  },
  {
    collection: 'pre-approval',
    count: (db, consumer) =>
      countOf(db, sql`SELECT count(*)::int AS n FROM pre_approval WHERE consumer_id = ${consumer}`),
    reason: 'pre-approval: a finance record',
    rule: GLBA,
  },
  {
    collection: 'credit-report',
    count: (db, consumer) =>
      countOf(
        db,
        sql`SELECT count(*)::int AS n FROM credit_report r
        JOIN pre_approval p ON p.id = r.pre_approval_id WHERE p.consumer_id = ${consumer}`,
      ),
    reason: 'consumer report: a finance record',
    rule: `${GLBA}; FCRA 15 U.S.C. 1681b (permissible purpose must be shown)`,
  },
  {
    collection: 'deal',
    count: (db, consumer) =>
      countOf(
        db,
        sql`SELECT count(DISTINCT d.id)::int AS n FROM deal d
        JOIN credit_app a ON a.vehicle_id = d.vehicle_id
        WHERE a.consumer_id = ${consumer} OR a.co_applicant_consumer_id = ${consumer}`,
      ),
    reason: 'vehicle deal financed under a credit app: a finance record',
    rule: GLBA,
  },
  {
    collection: 'do-not-contact',
    count: (db, consumer) =>
      countOf(
        db,
        sql`SELECT count(*)::int AS n FROM do_not_contact WHERE consumer_id = ${consumer}
        OR lead_id IN (SELECT id FROM lead WHERE consumer_id = ${consumer})`,
      ),
    reason: 'do-not-contact request: needed to go on honouring it',
    rule: 'Cal. Civ. Code 1798.105(d)(8) (legal obligation); TCPA 47 CFR 64.1200(d)(6) keeps do-not-call requests 5 years',
  },
  {
    collection: 'consents',
    count: (db, consumer) =>
      countOf(
        db,
        sql`SELECT count(*)::int AS n FROM consents WHERE consumer_id = ${consumer}
        OR credit_app_id IN (SELECT id FROM credit_app
          WHERE consumer_id = ${consumer} OR co_applicant_consumer_id = ${consumer})`,
      ),
    reason: 'consent or revocation: proof of what the person agreed to, and when',
    rule: 'TCPA 47 U.S.C. 227(b) (the caller must prove consent); FCRA 15 U.S.C. 1681b(a)(2) (written instructions)',
  },
  {
    collection: 'adverse-action-notice',
    count: (db, consumer) =>
      countOf(
        db,
        sql`SELECT count(*)::int AS n FROM adverse_action_notice WHERE credit_app_id IN
        (SELECT id FROM credit_app WHERE consumer_id = ${consumer} OR co_applicant_consumer_id = ${consumer})`,
      ),
    reason: 'adverse-action notice: a finance record',
    rule: `${GLBA}; ECOA/Reg. B 12 CFR 1002.12(b)(1) keeps notices 25 months`,
  },
  {
    collection: 'sanctions-match',
    count: (db, consumer) =>
      countOf(
        db,
        sql`SELECT count(*)::int AS n FROM sanctions_match WHERE subject_collection = 'credit-app'
        AND subject_id IN (SELECT id FROM credit_app
          WHERE consumer_id = ${consumer} OR co_applicant_consumer_id = ${consumer})`,
      ),
    reason: 'sanctions screening record',
    rule: 'OFAC recordkeeping, 31 CFR 501.601: five years',
  },
  {
    collection: 'consumer-requests',
    count: (db, consumer) =>
      countOf(
        db,
        sql`SELECT count(*)::int AS n FROM consumer_requests WHERE consumer_id = ${consumer}`,
      ),
    reason: 'record of the consumer’s own requests',
    rule: '11 CCR 7101(a): request records are kept 24 months',
  },
]

const countOf = async (db: Db, query: ReturnType<typeof sql>) => {
  const { rows } = await db.execute<{ n: number }>(query)
  return Number(rows[0]?.n ?? 0)
}

/** Staff's records on a lead: collection, table and the fields that go with them. */
const DESK_RECORDS: [string, string, string[]][] = [
  ['lead-note', 'lead_note', ['body', 'title']],
  ['lead-appointment', 'lead_appointment', ['startsAt', 'kind', 'status', 'note', 'title']],
  ['lead-task', 'lead_task', ['what', 'dueAt', 'status', 'title']],
]

const changed = async (db: Db, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rowCount ?? 0

/**
 * Removes what identifies `consumer` from the records that may let it go, in the caller's
 * transaction; returns what was changed and what was kept, and why. Safe to repeat.
 */
export const deidentifyConsumer = async (db: Db, consumer: string): Promise<DeidentifyReport> => {
  const deidentified: Deidentified[] = []
  const note = (collection: string, fields: string[], records: number) => {
    if (records) deidentified.push({ collection, fields, records })
  }
  // The consumer record: required columns keep a placeholder, optional ones are emptied.
  note(
    'consumer',
    ['firstName', 'lastName', 'email', 'phoneNumber', 'phoneNumbers', 'phoneKeys', 'addresses'],
    await changed(
      db,
      // phone_keys: the numbers again, for phone search (src/fields/phoneSearch.ts).
      sql`UPDATE consumer SET first_name = 'Deleted', last_name = 'consumer', email = NULL,
            phone_number = '', phone_keys = NULL, title = 'Deleted consumer'
          WHERE id = ${consumer}`,
    ),
  )
  await db.execute(
    sql`DELETE FROM consumer_texts WHERE parent_id = ${consumer} AND path = 'phoneNumbers'`,
  )
  // Addresses: unlinked; the street lines of one no other record uses are removed (its ZIP and
  // city stay: on their own they identify no one).
  const { rows: addresses } = await db.execute<{ id: string }>(
    sql`DELETE FROM consumer_rels WHERE parent_id = ${consumer} AND path = 'addresses'
        RETURNING address_id AS id`,
  )
  const addressIds = addresses.map((row) => row.id).filter(Boolean)
  if (addressIds.length) {
    const list = sql.join(
      addressIds.map((id) => sql`${id}`),
      sql`, `,
    )
    note(
      'address',
      ['line1', 'line2'],
      await changed(
        db,
        sql`UPDATE address SET line1 = '(removed)', line2 = NULL
            WHERE id IN (${list})
              AND NOT EXISTS (SELECT 1 FROM consumer_rels r WHERE r.address_id = address.id)
              AND NOT EXISTS (SELECT 1 FROM customer_rels r WHERE r.address_id = address.id)
              AND NOT EXISTS (SELECT 1 FROM contact c WHERE c.address_id = address.id)`,
      ),
    )
  }
  await db.execute(sql`DELETE FROM _consumer_v WHERE parent_id = ${consumer}`)
  note(
    'lead',
    [
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'phoneKeys',
      'match…',
      'adf (person, address, document)',
      'vehicleOfInterest',
    ],
    await changed(
      db,
      sql`UPDATE lead SET first_name = NULL, last_name = NULL, email = NULL, phone_number = NULL,
            phone_keys = NULL,
            title = 'Lead ' || id, match_email = NULL, match_first_name = NULL,
            match_last_name = NULL, match_phones = NULL, adf_document = NULL, adf_phones = NULL,
            adf_middle_name = NULL, adf_suffix = NULL, adf_address_street = NULL,
            adf_address_apartment = NULL, adf_comments = NULL, adf_vehicles = NULL,
            vehicle_of_interest_vin = NULL, vehicle_of_interest_condition = NULL,
            vehicle_of_interest_year = NULL, vehicle_of_interest_make = NULL,
            vehicle_of_interest_model = NULL, vehicle_of_interest_trim = NULL
          WHERE consumer_id = ${consumer}`,
    ),
  )
  const leads = sql`SELECT id FROM lead WHERE consumer_id = ${consumer}`
  note(
    'leadEvents',
    ['nextSteps', 'submission.values'],
    await changed(
      db,
      sql`UPDATE lead_events SET next_steps = NULL, submission_values = NULL
          WHERE lead_id IN (${leads})
            AND (next_steps IS NOT NULL OR submission_values IS NOT NULL)`,
    ),
  )
  await db.execute(
    sql`DELETE FROM _lead_events_v WHERE parent_id IN (SELECT id FROM lead_events WHERE lead_id IN (${leads}))`,
  )
  note(
    'vdpEmails',
    ['title'],
    await changed(db, sql`UPDATE vdp_emails SET title = 'VDP e-mail' WHERE lead_id IN (${leads})`),
  )
  await db.execute(
    sql`DELETE FROM _vdp_emails_v WHERE parent_id IN (SELECT id FROM vdp_emails WHERE lead_id IN (${leads}))`,
  )
  // Staff's notes, appointments and tasks are about the person (free text, their visits): they
  // go whole, with their versions. A version that named another lead before a move still holds
  // the text: by record, too.
  for (const [collection, table, fields] of DESK_RECORDS) {
    await db.execute(
      sql`DELETE FROM ${sql.raw(`_${table}_v`)} WHERE version_lead_id IN (${leads})
            OR parent_id IN (SELECT id FROM ${sql.raw(table)} WHERE lead_id IN (${leads}))`,
    )
    note(
      collection,
      fields,
      await changed(db, sql`DELETE FROM ${sql.raw(table)} WHERE lead_id IN (${leads})`),
    )
  }
  // Kept compliance records keep what they are, not whose: their titles' first part ("Do not
  // contact", "Access request", a consent's kind) without the name (src/fields/titles.ts).
  const apps = sql`SELECT id FROM credit_app WHERE consumer_id = ${consumer} OR co_applicant_consumer_id = ${consumer}`
  const titled: [string, ReturnType<typeof sql>][] = [
    [
      'do-not-contact',
      sql`UPDATE do_not_contact SET title = split_part(title, ' · ', 1)
          WHERE (consumer_id = ${consumer} OR lead_id IN (${leads})) AND title LIKE '% · %'`,
    ],
    [
      'consumer-requests',
      sql`UPDATE consumer_requests SET title = split_part(title, ' · ', 1)
          WHERE consumer_id = ${consumer} AND title LIKE '% · %'`,
    ],
    [
      'consents',
      sql`UPDATE consents SET title = split_part(title, ' · ', 1)
            || CASE WHEN action = 'revoke' THEN ' · revoked' ELSE '' END
          WHERE (consumer_id = ${consumer} OR credit_app_id IN (${apps}))
            AND title <> split_part(title, ' · ', 1) || CASE WHEN action = 'revoke' THEN ' · revoked' ELSE '' END`,
    ],
  ]
  for (const [collection, query] of titled) note(collection, ['title'], await changed(db, query))
  const accounts = sql`SELECT id FROM account WHERE consumer_id = ${consumer}`
  note(
    'account',
    ['anonymousIds'],
    await changed(
      db,
      sql`DELETE FROM account_texts WHERE parent_id IN (${accounts}) AND path = 'anonymousIds'`,
    ),
  )
  note(
    'web-event',
    ['anonymousId'],
    await changed(
      db,
      sql`UPDATE web_event SET anonymous_id = NULL
          WHERE account_id IN (${accounts}) AND anonymous_id IS NOT NULL`,
    ),
  )
  const kept: Kept[] = []
  for (const { collection, count, reason, rule } of KEPT) {
    const records = await count(db, consumer)
    if (records) kept.push({ collection, reason, records, rule })
  }
  return { deidentified, kept }
}
