/**
 * Retention and disposal (FTC Safeguards Rule, 16 CFR 314.4(c)(6)): a consumer with no activity
 * for RETENTION_INACTIVE_MONTHS — no lead, lead event, VDP e-mail, credit app, pre-approval,
 * credit report, deal on their credit apps' vehicles, and no activity of their web accounts — and
 * no legal hold in force is disposed of: their SSNs and birth dates are crypto-shredded (their
 * data key destroyed, every stored copy overwritten), the rest de-identified (./deidentify.ts),
 * and an audit entry written. The job runner runs it daily (src/jobs/runner.ts); a dry run
 * reports the same list and changes nothing.
 *
 * Safe on several nodes at once: each consumer is disposed of in a transaction of its own that
 * first locks the consumer's row (FOR UPDATE SKIP LOCKED: one another node holds is skipped) and
 * checks again that it is due; the audit entry, in the same transaction, marks it done.
 */
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { destroyDataKey } from '@/creditData/consumerKeys'
import { drizzleOf } from '@/db/adapter'
import { logger } from '@/lib/logger'
import { settings } from '@/lib/settings'

import { type Db, deidentifyConsumer, type DeidentifyReport } from './deidentify'

const BATCH = 200

export type Candidate = { consumer: string; held: boolean; lastActivity: string }

/** Now, less RETENTION_INACTIVE_MONTHS calendar months (UTC). */
export const retentionCutoff = (
  now: Date,
  months = settings('compliance').RETENTION_INACTIVE_MONTHS,
) => {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  return cutoff
}

/** The latest activity of each consumer, as one expression over `c` (a row of consumer). */
const lastActivity = sql`GREATEST(
    c.created_at,
    (SELECT max(l.updated_at) FROM lead l WHERE l.consumer_id = c.id),
    (SELECT max(e.updated_at) FROM lead_events e JOIN lead l ON l.id = e.lead_id
      WHERE l.consumer_id = c.id),
    (SELECT max(v.updated_at) FROM vdp_emails v JOIN lead l ON l.id = v.lead_id
      WHERE l.consumer_id = c.id),
    (SELECT max(n.updated_at) FROM lead_note n JOIN lead l ON l.id = n.lead_id
      WHERE l.consumer_id = c.id),
    (SELECT max(GREATEST(m.updated_at, m.starts_at)) FROM lead_appointment m
      JOIN lead l ON l.id = m.lead_id WHERE l.consumer_id = c.id),
    (SELECT max(GREATEST(t.updated_at, t.due_at)) FROM lead_task t
      JOIN lead l ON l.id = t.lead_id WHERE l.consumer_id = c.id),
    (SELECT max(a.updated_at) FROM credit_app a
      WHERE a.consumer_id = c.id OR a.co_applicant_consumer_id = c.id),
    (SELECT max(d.updated_at) FROM deal d JOIN credit_app a ON a.vehicle_id = d.vehicle_id
      WHERE a.consumer_id = c.id OR a.co_applicant_consumer_id = c.id),
    (SELECT max(p.updated_at) FROM pre_approval p WHERE p.consumer_id = c.id),
    (SELECT max(r.updated_at) FROM credit_report r JOIN pre_approval p ON p.id = r.pre_approval_id
      WHERE p.consumer_id = c.id),
    (SELECT max(acc.updated_at) FROM account acc WHERE acc.consumer_id = c.id),
    (SELECT max(w.created_at) FROM web_event w JOIN account acc ON acc.id = w.account_id
      WHERE acc.consumer_id = c.id))`

const held = sql`EXISTS (SELECT 1 FROM legal_holds h
    WHERE h.consumer_id = c.id AND h.released_at IS NULL)`

const disposed = sql`EXISTS (SELECT 1 FROM audit_log x
    WHERE x.action = 'dispose' AND x.collection = 'consumer' AND x.record_id = c.id)`

/** Consumers inactive since before `cutoff` and not yet disposed of (held ones marked), oldest first. */
export const dueConsumers = async (
  db: Db,
  cutoff: Date,
  { after = '', limit = BATCH, only }: { after?: string; limit?: number; only?: string } = {},
): Promise<Candidate[]> => {
  const { rows } = await db.execute<{
    consumer: string
    held: boolean
    last_activity: Date | string
  }>(
    sql`SELECT * FROM (
          SELECT c.id AS consumer, ${lastActivity} AS last_activity, ${held} AS held
            FROM consumer c
           WHERE NOT ${disposed} AND c.id > ${after}
                 ${only === undefined ? sql`` : sql`AND c.id = ${only}`}
        ) due
        WHERE last_activity < ${cutoff.toISOString()}
        ORDER BY consumer LIMIT ${limit}`,
  )
  return rows.map((row) => ({
    consumer: row.consumer,
    held: row.held,
    lastActivity: new Date(row.last_activity).toISOString(),
  }))
}

/** Every SSN and birth date stored for the consumer, and in saved versions, overwritten. */
const shredCreditData = async (db: Db, consumer: string): Promise<string[]> => {
  const keyDestroyed = await destroyDataKey(db, consumer)
  await db.execute(sql`UPDATE consumer SET ssn = NULL, birth_date = '' WHERE id = ${consumer}`)
  await db.execute(
    sql`UPDATE credit_app SET ssn = NULL, birth_date = NULL WHERE consumer_id = ${consumer}`,
  )
  await db.execute(
    sql`UPDATE credit_app SET co_applicant_s_s_n = NULL, co_applicant_birth_date = NULL
        WHERE co_applicant_consumer_id = ${consumer}`,
  )
  await db.execute(
    sql`UPDATE _credit_app_v SET version_ssn = NULL, version_birth_date = NULL
        WHERE version_consumer_id = ${consumer}`,
  )
  await db.execute(
    sql`UPDATE _credit_app_v SET version_co_applicant_s_s_n = NULL,
          version_co_applicant_birth_date = NULL
        WHERE version_co_applicant_consumer_id = ${consumer}`,
  )
  return keyDestroyed ? ['dataKey', 'ssn', 'birthDate'] : ['ssn', 'birthDate']
}

export type Disposal = DeidentifyReport & {
  consumer: string
  lastActivity: string
  shredded: string[]
}

/**
 * Disposes of one consumer in a transaction of its own; null when another node holds it, or it
 * is no longer due (activity since, a hold, already disposed of).
 */
export const disposeOf = async (
  payload: Payload,
  consumer: string,
  cutoff: Date,
): Promise<Disposal | null> =>
  drizzleOf(payload).transaction(async (tx) => {
    const { rows } = await tx.execute(
      sql`SELECT id FROM consumer WHERE id = ${consumer} FOR UPDATE SKIP LOCKED`,
    )
    if (!rows.length) return null
    const [due] = await dueConsumers(tx, cutoff, { only: consumer })
    if (!due || due.held) return null
    const shredded = await shredCreditData(tx, consumer)
    const report = await deidentifyConsumer(tx, consumer)
    const fields = [
      ...shredded,
      ...new Set(report.deidentified.flatMap((entry) => entry.fields)),
    ].sort()
    const now = new Date().toISOString()
    const names = sql.join(
      fields.map((name) => sql`${name}`),
      sql`, `,
    )
    await tx.execute(
      sql`WITH entry AS (
            INSERT INTO audit_log (action, collection, record_id, actor, created_at, updated_at)
            VALUES ('dispose', 'consumer', ${consumer}, 'system', ${now}, ${now}) RETURNING id)
          INSERT INTO audit_log_texts ("order", parent_id, path, text)
          SELECT field.n, entry.id, 'fields', field.name
            FROM entry, unnest(ARRAY[${names}]::varchar[]) WITH ORDINALITY AS field(name, n)`,
    )
    return { ...report, consumer, lastActivity: due.lastActivity, shredded }
  })

export type RetentionReport = {
  cutoff: string
  disposed: Disposal[]
  dryRun: boolean
  /** Due but under a legal hold: left as they are. */
  held: Candidate[]
  months: number
  /** Due (for a dry run: what a run would dispose of now). */
  due: Candidate[]
}

/** One pass: every due consumer (a dry run lists them and changes nothing). */
export const runRetention = async (
  payload: Payload,
  { dryRun = false, now = new Date() }: { dryRun?: boolean; now?: Date } = {},
): Promise<RetentionReport> => {
  const months = settings('compliance').RETENTION_INACTIVE_MONTHS
  const cutoff = retentionCutoff(now, months)
  const report: RetentionReport = {
    cutoff: cutoff.toISOString(),
    disposed: [],
    dryRun,
    due: [],
    held: [],
    months,
  }
  let after = ''
  for (;;) {
    const page = await dueConsumers(drizzleOf(payload), cutoff, { after })
    if (!page.length) break
    after = page[page.length - 1].consumer
    for (const candidate of page) {
      if (candidate.held) {
        report.held.push(candidate)
        continue
      }
      report.due.push(candidate)
      if (dryRun) continue
      const done = await disposeOf(payload, candidate.consumer, cutoff)
      if (done) report.disposed.push(done)
    }
  }
  if (!dryRun && report.disposed.length)
    logger.info(
      { disposed: report.disposed.length, held: report.held.length },
      'retention: consumers disposed of',
    )
  return report
}
