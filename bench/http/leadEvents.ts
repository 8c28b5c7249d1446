/**
 * The lead agents' write: a `lead-agent` key patching `status` and `nextSteps` of random lead
 * events (`PATCH /api/leadEvents/{id}`), against the baseline's hand-written transaction of the
 * same change (bench/http/baseline.ts). The events are loaded by set-based SQL: one lead per event,
 * each event its lead's current status, and one webhook endpoint subscribed to
 * `lead_event.updated`, so every patch writes its history version, its outbox row and, when the
 * status changes, its lead's `currentStatus`, on both sides.
 */
import type pg from 'pg'

import type { Request } from './load'
import type { Workload } from './workloads'

export const LEAD_EVENT_WORKLOAD = 'PATCH /api/leadEvents/{id} (a lead event, by a lead agent)'

/**
 * Statuses that ask for no contact (none of the outbound values of the lead desk): an outbound
 * one makes the service read the lead's do-not-contact requests and the consent rules, which the
 * baseline does not mirror.
 */
export const PATCH_STATUSES = [
  'Call Customer',
  'Customer Interested',
  'Customer Not Responding',
  'Customer Provided Options',
  'Had Conversation',
  'Looking For Financing',
  'Provide Customer With Three Options',
  'Searching',
  'Waiting For Email Response',
  'Waiting For Meeting',
]

/** Lead events per run of the benchmark, from --lead-events (default 100,000; --quick 5,000). */
export const leadEventCount = (flag: string | undefined, quick: boolean): number => {
  const count = Number(flag ?? (quick ? 5_000 : 100_000))
  if (!Number.isSafeInteger(count) || count < 1) throw new Error('--lead-events must be at least 1')
  return count
}

/**
 * `count` leads with one `Lead Created` event each (status Searching, the lead's current status),
 * in statements of 20,000; the events' ids.
 */
export const loadLeadEvents = async (db: pg.Client, count: number): Promise<number[]> => {
  const ids: number[] = []
  for (let start = 1; start <= count; start += 20_000) {
    const end = Math.min(count, start + 19_999)
    const { rows } = await db.query<{ id: number }>(
      `WITH leads AS (
         INSERT INTO lead (title, first_name, last_name, email, phone_number, source,
                           current_status, created_at, updated_at)
         SELECT 'Bench Lead ' || n, 'Bench', 'Lead ' || n, 'lead' || n || '@example.com',
                '(646) 555-' || lpad((n % 10000)::text, 4, '0'), 'website', 'Searching',
                now() - make_interval(mins => n), now() - make_interval(mins => n)
           FROM generate_series($1::int, $2::int) AS n
         RETURNING id, created_at)
       INSERT INTO lead_events (lead_id, type, status, current_status_for_id, created_at, updated_at)
       SELECT id, 'Lead Created', 'Searching', id, created_at, created_at FROM leads
       RETURNING id`,
      [start, end],
    )
    ids.push(...rows.map((row) => row.id))
  }
  await db.query('ANALYZE lead; ANALYZE lead_events')
  return ids
}

/** The request body of the n-th patch. */
export const patchBody = (n: number): string =>
  JSON.stringify({
    nextSteps: `Call back about the options sent (${n}).`,
    status: PATCH_STATUSES[n % PATCH_STATUSES.length],
  })

/** Random events of `ids`, each patched by the lead agent's key and by the baseline. */
export const leadEventWorkload = (ids: number[], authorization: string): Workload => {
  let sent = 0
  const next = (path: (id: number) => string, headers?: Record<string, string>) => (): Request => {
    const id = ids[Math.floor(Math.random() * ids.length)]
    return { body: patchBody(sent++), headers, method: 'PATCH', path: path(id) }
  }
  return {
    name: LEAD_EVENT_WORKLOAD,
    targets: [
      {
        label: 'service',
        on: 'service',
        request: next((id) => `/api/leadEvents/${id}`, { authorization }),
      },
      { label: 'baseline', on: 'baseline', request: next((id) => `/lead-events/${id}`) },
    ],
  }
}
