/**
 * The test databases themselves (test/helpers/database.ts): a copy of the run's seeded template
 * holds the demo data with its moments as if it had been loaded at the copy, however long before
 * the template was made, the append-only tables' moments included.
 */
import { afterEach, describe, expect, it } from '@jest/globals'

import { createTestDatabase, seededTemplate, withDatabase } from '../helpers/database'

const HOUR = 3_600_000
const MINUTE = 60_000

let drops: (() => Promise<void>)[] = []

afterEach(async () => {
  await Promise.all(drops.map((drop) => drop()))
  drops = []
})

/** The demo data's moments in a seeded copy, in milliseconds since the epoch. */
const momentsOf = (url: string) =>
  withDatabase(url, async (client) => {
    const lead = await client.query(
      `select created_at, follow_up_due from lead where email = 'maria.gonzalez@example.com'`,
    )
    const audit = await client.query(`select max(created_at) as latest from audit_log`)
    return {
      auditLatest: Date.parse(audit.rows[0].latest),
      created: Date.parse(lead.rows[0].created_at),
      followUpDue: Date.parse(lead.rows[0].follow_up_due),
    }
  })

/** A seeded copy made as if the template had been seeded `earlier` ms before it was. */
const seededCopy = async (earlier = 0) => {
  const given = process.env.TEST_DATABASE_SEEDED!
  const { name, seededAt } = seededTemplate()!
  process.env.TEST_DATABASE_SEEDED = `${name} ${new Date(Date.parse(seededAt) - earlier).toISOString()}`
  try {
    const database = await createTestDatabase({ seeded: true })
    drops.push(database.drop)
    expect(database.seeded).toBe(true)
    return database.url
  } finally {
    process.env.TEST_DATABASE_SEEDED = given
  }
}

describe('a copy of the seeded template', () => {
  it('holds the demo data as if loaded at the copy: a follow-up due 15 minutes ago', async () => {
    const copied = Date.now()
    const moments = await momentsOf(await seededCopy())
    expect(Math.abs(moments.created - copied)).toBeLessThan(MINUTE)
    expect(Math.abs(moments.followUpDue - (copied - 15 * MINUTE))).toBeLessThan(MINUTE)
    expect(Math.abs(moments.auditLatest - copied)).toBeLessThan(MINUTE)
  })

  it('moves every moment, the append-only audit log too, by the time since the seeding', async () => {
    const now = await momentsOf(await seededCopy())
    const hourLater = await momentsOf(await seededCopy(HOUR))
    for (const key of ['created', 'followUpDue', 'auditLatest'] as const)
      expect(Math.abs(hourLater[key] - now[key] - HOUR)).toBeLessThan(MINUTE)
  })

  it('is a plain copy of the migrated template when the demo data is not asked for', async () => {
    const database = await createTestDatabase()
    drops.push(database.drop)
    expect(database.seeded).toBe(false)
    const leads = await withDatabase(database.url, (client) =>
      client.query('select count(*)::int as n from lead'),
    )
    expect(leads.rows[0].n).toBe(0)
  })
})
