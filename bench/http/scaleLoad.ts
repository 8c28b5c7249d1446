/**
 * The lead events of the scale benchmark (bench/scale.ts): `perLead` events for every lead
 * already in the database, written by set-based SQL in ranges of lead ids, two sessions at once.
 * The first event of a lead is its `Lead Created`, the others an hour apart with types and
 * statuses picked by a hash of the lead and the event's number; the last one is the lead's current
 * status (`currentStatusFor`, and the lead's `current_status`), as the service keeps them. Each
 * event's dealership comes from its lead through the row trigger of migration dealership_on_row.
 */
import { performance } from 'node:perf_hooks'

import pg from 'pg'

import { leadEventStatuses, leadEventTypes } from '@/fields/leadEventValues'
import { mix, pick } from '@/generate/sql'

/** Leads per statement: 4,000 leads make 20,000 events at five a lead. */
const LEADS_PER_CHUNK = 4_000

const events = (perLead: number) => `
  WITH made AS (
    INSERT INTO lead_events (lead_id, type, status, next_steps, current_status_for_id,
      created_at, updated_at)
    SELECT l.id,
      CASE WHEN k = 0 THEN 'Lead Created'
        ELSE ${pick(
          leadEventTypes.filter((type) => type !== 'Lead Created'),
          mix("l.id || '-' || k", 'type'),
        )} END::enum_lead_event_type,
      ${pick([...leadEventStatuses], mix("l.id || '-' || k", 'status'))}::enum_lead_event_status,
      CASE WHEN k > 0 THEN 'Follow up ' || k END,
      CASE WHEN k = ${perLead - 1} THEN l.id END,
      l.created_at + make_interval(hours => k), l.created_at + make_interval(hours => k)
    FROM lead l CROSS JOIN generate_series(0, ${perLead - 1}) AS k
    WHERE l.id >= $1 AND l.id < $2
    RETURNING lead_id, status, current_status_for_id)
  UPDATE lead SET current_status = made.status::text::enum_lead_current_status
  FROM made WHERE made.current_status_for_id = lead.id`

/** Writes the events; answers how many and how fast. */
export const loadLeadEventsAtScale = async (
  connectionString: string,
  perLead: number,
  say: (line: string) => void,
): Promise<{ events: number; eventsPerSecond: number; seconds: number }> => {
  const sessions = [new pg.Client({ connectionString }), new pg.Client({ connectionString })]
  try {
    for (const db of sessions) {
      await db.connect()
      await db.query('SET synchronous_commit = off')
    }
    const [first] = sessions
    const { rows } = await first.query<{ high: null | number; low: null | number }>(
      'SELECT min(id) AS low, max(id) AS high FROM lead',
    )
    const low = Number(rows[0].low ?? 1)
    const high = Number(rows[0].high ?? 0)
    const chunks = Math.max(0, Math.ceil((high + 1 - low) / LEADS_PER_CHUNK))
    const statement = events(perLead)
    const started = performance.now()
    let written = 0
    await Promise.all(
      sessions.map(async (db, session) => {
        for (let chunk = session; chunk < chunks; chunk += sessions.length) {
          const from = low + chunk * LEADS_PER_CHUNK
          const result = await db.query(statement, [from, from + LEADS_PER_CHUNK])
          written += (result.rowCount ?? 0) * perLead
          const seconds = (performance.now() - started) / 1000
          if (chunk % 25 < 2)
            say(`  lead events: about ${written} (${Math.round(written / seconds)} events/s)`)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const count = Number((await first.query('SELECT count(*) AS n FROM lead_events')).rows[0].n)
    return { events: count, eventsPerSecond: Math.round(count / seconds), seconds }
  } finally {
    await Promise.all(sessions.map((db) => db.end().catch(() => {})))
  }
}
