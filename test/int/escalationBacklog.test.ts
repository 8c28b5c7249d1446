/**
 * Speed-to-lead escalation under a backlog: 4,000 uncontacted leads at a store that is closed
 * (not due until it opens) must not keep 1,000 overdue leads of an always-open store from being
 * escalated. One sweep reaches every overdue lead, whatever waits elsewhere.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from 'drizzle-orm'

import { drizzleOf } from '@/db/adapter'
import { escalateOverdueLeads } from '@/leadDesk/escalation'

import { useTestService } from '../helpers/service'

const context = useTestService({ seed: true })
const HOUR = 3_600_000
const now = new Date()

const location = async (line1: string, desk: Record<string, unknown>) =>
  (
    await context.service.payload.create({
      collection: 'location',
      data: {
        city: { name: 'Los Angeles', state: 'CA' },
        companyId: 'com_demo_sunset',
        desk,
        line1,
        zip: '90026',
      } as never,
    })
  ).id

/** `count` uncontacted leads of `at`, all made `ago` before now, in one statement. */
const backlog = (at: string, count: number, ago: number) =>
  drizzleOf(context.service.payload).execute(
    sql`INSERT INTO lead (location_id, first_name, last_name, created_at, updated_at)
        SELECT ${at}, 'Backlog', 'Lead ' || n, ${new Date(now.getTime() - ago).toISOString()}::timestamptz,
               ${now.toISOString()}::timestamptz
        FROM generate_series(1, ${count}) AS n`,
  )

let open: string
let closed: string

beforeAll(async () => {
  // Open one hour a week, 03:00–04:00 UTC three days from now (never within the backlog's last
  // hours, whenever the test runs): nothing made today is due before that day.
  const openDay = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][
    new Date(now.getTime() + 72 * HOUR).getUTCDay()
  ]
  closed = await location('1 Closed Road', { hours: { [openDay]: '03:00-04:00' }, timeZone: 'UTC' })
  open = await location('2 Always Open Way', {})
  // The closed store's leads are the older ones: a sweep reading the oldest first meets them first.
  await backlog(closed, 4000, 3 * HOUR)
  await backlog(open, 1000, 2 * HOUR)
}, 120_000)

describe('one sweep under a backlog', () => {
  it('escalates every overdue lead of the open store, and none of the closed one', async () => {
    const escalated = new Set(await escalateOverdueLeads(context.service.payload, now))
    const rows = await drizzleOf(context.service.payload).execute<{
      escalated: string
      location_id: string
    }>(
      sql`SELECT location_id, count(*) FILTER (WHERE escalated_at IS NOT NULL) AS escalated
          FROM lead WHERE location_id IN (${open}, ${closed}) GROUP BY location_id`,
    )
    const byLocation = Object.fromEntries(
      rows.rows.map((row) => [row.location_id, Number(row.escalated)]),
    )
    expect(byLocation).toEqual({ [closed]: 0, [open]: 1000 })
    expect(escalated.size).toBeGreaterThanOrEqual(1000)
  }, 120_000)
})
