/**
 * Lists 6 and 7 read by cursor: the same rows, in the same order, as by page number, whatever the
 * sort (ties, nulls, descending) and filter; bad cursors refused; and unfiltered totals read from
 * the trigger-kept row counts, which stay exact through creates and deletes.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from 'drizzle-orm'

import { poolOf } from '@/db/adapter'
import { foldRowCounts } from '@/db/rowCounts'

import { contractValidator } from '../helpers/contract'
import { sendJson } from '../helpers/http'
import { type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
let conforms: ReturnType<typeof contractValidator>

const NAMES = ['vdp_viewed', 'prequal_started', 'credit_app_submitted']
const EVENTS = 23

const execute = (query: ReturnType<typeof sql>) =>
  context.service.payload.db.drizzle.execute(query) as unknown as Promise<{
    rows: Record<string, unknown>[]
  }>

const get = async (path: string) => {
  const response = await sendJson(context.service, 'GET', `/api${path}`, {
    headers: context.who.integrator.headers,
  })
  expect(conforms('GET', path.split('?')[0], response)).toEqual([])
  return response
}

beforeAll(async () => {
  const document = await (await context.service.api('/api/openapi.json')).json()
  conforms = contractValidator(document)
  for (let i = 0; i < EVENTS; i++) {
    await context.service.payload.create({
      collection: 'web-event',
      data: { anonymousId: i % 4 === 0 ? undefined : `anon-${i % 5}`, name: NAMES[i % 3] },
    })
  }
  const { city } = await context.service.payload.findByID({
    collection: 'location',
    depth: 0,
    id: 'loc_demo_lane_austin',
  })
  for (let i = 0; i < 11; i++) {
    const company = await context.service.payload.create({
      collection: 'company',
      data: { isFacilitator: i % 3 === 0, name: `Motors ${i % 4}` },
    })
    if (i % 2) {
      await context.service.payload.create({
        collection: 'location',
        data: { city, companyId: company.id, line1: `${i} Lot St`, zip: '78701' },
      })
    }
  }
  // Ties on the default sort: nine events share one creation time.
  await execute(
    sql`UPDATE web_event SET created_at = '2026-01-01T00:00:00.000Z' WHERE id IN (SELECT id FROM web_event ORDER BY id LIMIT 9)`,
  )
})

/** Every page of `list?query`, by page number and by following nextCursor. */
const walk = async (query: string, list = '/webevents') => {
  const byNumber = []
  for (let page = 1; ; page++) {
    const { body, status } = await get(`${list}?${query}&page=${page}`)
    expect(status).toBe(200)
    byNumber.push(body)
    if (!body.hasNextPage) break
  }
  const byCursor = [byNumber[0]]
  while (byCursor.at(-1).nextCursor) {
    const cursor = encodeURIComponent(byCursor.at(-1).nextCursor)
    const { body, status } = await get(`${list}?${query}&cursor=${cursor}`)
    expect(status).toBe(200)
    byCursor.push(body)
  }
  return { byCursor, byNumber }
}

const idsOf = (pages: { data: { id: string }[] }[]) =>
  pages.flatMap((page) => page.data.map((record) => record.id))

describe('cursor paging of the commerce lists', () => {
  it.each([
    ['the default order (newest first, with ties)', 'limit=4&depth=0'],
    ['a field with ties, ascending', 'limit=4&depth=0&sort=name'],
    ['a field with nulls, descending', 'limit=5&depth=0&sort=-anonymousId'],
    ['a field with nulls, ascending', 'limit=3&depth=0&sort=anonymousId'],
    ['a filter', 'limit=2&depth=0&sort=-name&where[name][not_equals]=vdp_viewed'],
    ['the id', 'limit=4&depth=0&sort=id'],
    ['companies with their locations, by a boolean', '/companies limit=3&sort=-isFacilitator'],
    ['companies by a name with ties', '/companies limit=2&sort=name&depth=1'],
  ])('%s: the pages by cursor are the pages by number', async (_, spec) => {
    const [list, query] = spec.startsWith('/') ? spec.split(' ') : ['/webevents', spec]
    const { byCursor, byNumber } = await walk(query, list)
    expect(byCursor).toEqual(byNumber)
    const ids = idsOf(byNumber)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(byNumber[0].totalCount)
    expect(byNumber.at(-1).nextCursor).toBeNull()
  })

  it('a chain of cursors reads every row once while rows are added and removed before it', async () => {
    const { payload } = context.service
    const all = idsOf((await walk('limit=5&depth=0')).byNumber)
    const first = (await get('/webevents?limit=5&depth=0')).body
    // Newest first: a new event lands before the chain's position, as does the oldest removed…
    const added = await payload.create({ collection: 'web-event', data: { name: 'vdp_viewed' } })
    const removed = first.data[0].id
    await payload.delete({ collection: 'web-event', id: removed })
    const pages = [first]
    while (pages.at(-1).nextCursor) {
      const cursor = encodeURIComponent(pages.at(-1).nextCursor)
      pages.push((await get(`/webevents?limit=5&depth=0&cursor=${cursor}`)).body)
    }
    // …and neither moves it: every row after it comes once, and the last page says it is last.
    expect(idsOf(pages)).toEqual(all)
    expect(pages.at(-1).data.length).toBeGreaterThan(0)
    expect(pages.at(-1).hasNextPage).toBe(false)
    await payload.delete({ collection: 'web-event', id: added.id })
    await payload.create({ collection: 'web-event', data: { id: removed, name: 'vdp_viewed' } })
  })

  it('the total by cursor is the filtered total', async () => {
    const first = (await get('/webevents?limit=2&where[name][equals]=vdp_viewed')).body
    const second = (
      await get(
        `/webevents?limit=2&where[name][equals]=vdp_viewed&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).body
    const { totalDocs } = await context.service.payload.count({
      collection: 'web-event',
      where: { name: { equals: 'vdp_viewed' } },
    })
    expect(totalDocs).toBeGreaterThan(4)
    expect(second).toMatchObject({
      hasPrevPage: true,
      page: 2,
      pagingCounter: 3,
      prevPage: 1,
      totalCount: totalDocs,
      totalPages: Math.ceil(totalDocs / 2),
    })
  })

  it.each([
    ['not a cursor', 'cursor=abc', 'must be the nextCursor of an answer of this list'],
    ['a cursor and a page', 'page=2&cursor=CURSOR', 'cannot be combined with page'],
    ['a cursor of another sort', 'sort=name&cursor=CURSOR', 'was made for another sort'],
    ['two cursors', 'cursor=CURSOR&cursor=CURSOR', 'must be the nextCursor of an answer'],
  ])('%s is a 400 naming cursor', async (_, query, message) => {
    const cursor = encodeURIComponent((await get('/webevents?limit=2')).body.nextCursor)
    const response = await get(`/webevents?limit=2&${query.replaceAll('CURSOR', cursor)}`)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ error: { code: 400 }, success: false })
    expect(response.body.error.details).toEqual([
      { field: 'cursor', message: expect.stringContaining(message) },
    ])
  })
})

/** Each table whose number of rows is kept (src/db/rowCounts.ts), and the rows it counts. */
const KEPT: Record<string, string> = {
  audit_log: 'TRUE',
  company: 'TRUE',
  lead: 'deleted_at IS NULL',
  lead_events: 'deleted_at IS NULL',
  web_event: 'TRUE',
}
const counted = async (table: string) => {
  const { rows } = await execute(
    sql`SELECT (SELECT sum(row_count) FROM live_row_counts WHERE table_name = ${table}) AS kept,
      (SELECT count(*) FROM ${sql.raw(table)} WHERE ${sql.raw(KEPT[table])}) AS actual`,
  )
  return { actual: Number(rows[0].actual), kept: Number(rows[0].kept) }
}
const exact = async () => {
  for (const table of Object.keys(KEPT)) {
    const { actual, kept } = await counted(table)
    expect({ kept, table }).toEqual({ kept: actual, table })
  }
}
/** Inside a transaction the number moves with its writes by `delta`; rolled back, it is as it was. */
const rolledBack = async (table: string, statement: string, values: unknown[], delta: number) => {
  const client = await poolOf(context.service.payload).connect()
  try {
    const before = await counted(table)
    await client.query('BEGIN')
    await client.query(statement, values)
    const inside = await client.query(
      'SELECT sum(row_count) AS n FROM live_row_counts WHERE table_name = $1',
      [table],
    )
    expect(Number(inside.rows[0].n)).toBe(before.kept + delta)
    await client.query('ROLLBACK')
    expect(await counted(table)).toEqual(before)
  } finally {
    client.release()
  }
}

describe('row counts kept by triggers: web events and companies', () => {
  it('stay exact through creates, deletes and deletes of many', async () => {
    const { payload } = context.service
    const company = await payload.create({
      collection: 'company',
      data: { name: 'Counted Motors' },
    })
    await payload.create({ collection: 'web-event', data: { name: 'vdp_viewed' } })
    await exact()
    await payload.delete({ collection: 'company', id: company.id })
    await payload.delete({ collection: 'web-event', where: { name: { equals: 'vdp_viewed' } } })
    await exact()
    await rolledBack(
      'company',
      `INSERT INTO company (id, name) VALUES ('com_rolled_back', 'Gone Motors')`,
      [],
      1,
    )
  })

  it('serve the total of an unfiltered list; a filtered one is counted', async () => {
    const before = (await get('/webevents?limit=1')).body.totalCount
    expect(before).toBe((await counted('web_event')).actual)
    // Shown by a count only the kept figure could give.
    await execute(sql`INSERT INTO live_row_counts VALUES ('web_event', 99, 1000)`)
    try {
      expect((await get('/webevents?limit=1')).body.totalCount).toBe(before + 1000)
      const filtered = (await get('/webevents?limit=1&where[name][exists]=true')).body.totalCount
      expect(filtered).toBe(before)
    } finally {
      await execute(sql`DELETE FROM live_row_counts WHERE table_name = 'web_event' AND shard = 99`)
    }
  })
})

describe('row counts kept by triggers: leads and lead events outside the trash, the audit log', () => {
  /** The list's total as `caller` sees it over REST. */
  const total = async (path: string, caller: Principal = context.who.staffAdmin) => {
    const response = await sendJson(context.service, 'GET', `/api${path}`, {
      headers: caller.headers,
    })
    expect(response.status).toBe(200)
    return response.body.totalDocs as number
  }

  it('stay exact through creates, the trash, restores, deletes of many and rolled-back writes', async () => {
    const { payload } = context.service
    await exact()
    const lead = await payload.create({
      collection: 'lead',
      data: { firstName: 'Counted', lastName: 'Lead', email: 'counted@example.com' },
    })
    const event = await payload.create({
      collection: 'leadEvents',
      data: { lead: lead.id, status: 'Searching', type: 'Status Check' },
    })
    await exact()
    // A status change moves nothing; to the trash and back, over REST as staff do.
    await payload.update({
      collection: 'leadEvents',
      data: { status: 'Had Conversation' },
      id: event.id,
    })
    await exact()
    const admin = context.who.staffAdmin.headers
    expect(
      (await sendJson(context.service, 'DELETE', `/api/lead/${lead.id}`, { headers: admin }))
        .status,
    ).toBe(200)
    await exact()
    await execute(sql`UPDATE lead SET deleted_at = NULL WHERE id = ${lead.id}`)
    await execute(sql`UPDATE lead_events SET deleted_at = now() WHERE lead_id = ${lead.id}`)
    await exact()
    await execute(sql`DELETE FROM lead_events WHERE lead_id = ${lead.id}`)
    await exact()
    await rolledBack('lead', 'UPDATE lead SET deleted_at = now() WHERE id = $1', [lead.id], -1)
  })

  it('stay exact under concurrent writers on their own connections', async () => {
    const { payload } = context.service
    const writers = Array.from({ length: 12 }, (_, i) =>
      payload.create({
        collection: 'leadEvents',
        data: { status: 'Searching', type: 'Status Check', nextSteps: `writer ${i}` },
      }),
    )
    await Promise.all(writers)
    await exact()
  })

  it("serve a staff list's total whose only condition is the trash; any other condition, the trash itself and a dealer's list are counted", async () => {
    const live = await counted('lead')
    expect(await total('/lead?limit=1')).toBe(live.actual)
    const dealer = await staffUser(context.service.payload, 'dealer', 'com_demo_sunset')
    const dealers = await total('/lead?limit=1', dealer)
    const trashed = await total('/lead?limit=1&trash=true&where[deletedAt][exists]=true')
    // Shown by totals only the kept figure could give: a shard no backend writes to.
    await execute(
      sql`INSERT INTO live_row_counts VALUES ('lead', 99, 1000), ('audit_log', 99, 1000)`,
    )
    try {
      expect(await total('/lead?limit=1')).toBe(live.actual + 1000)
      expect(await total('/lead?limit=1&where[id][exists]=true')).toBe(live.actual)
      expect(await total('/lead?limit=1&trash=true&where[deletedAt][exists]=true')).toBe(trashed)
      expect(await total('/lead?limit=1', dealer)).toBe(dealers)
      const audit = await counted('audit_log')
      expect(await total('/audit-log?limit=1')).toBe(audit.actual + 1000)
    } finally {
      await execute(sql`DELETE FROM live_row_counts WHERE shard = 99`)
    }
  })

  it("fold the rows of backends that have ended into one, keeping the number and live backends' rows", async () => {
    const pool = poolOf(context.service.payload)
    const before = await counted('lead_events')
    const client = await pool.connect()
    try {
      const { pid } = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0]
      // Seventy ended backends' rows (no process has such an id), adding up to nothing, and a
      // row of a backend still connected.
      await execute(
        sql`INSERT INTO live_row_counts SELECT 'lead_events', 2000000000 + n, CASE WHEN n % 2 = 0 THEN 5 ELSE -5 END
          FROM generate_series(1, 70) AS n`,
      )
      await execute(
        sql`INSERT INTO live_row_counts VALUES ('lead_events', ${pid}, 0) ON CONFLICT DO NOTHING`,
      )
      await foldRowCounts(pool)
      const { rows } = await execute(
        sql`SELECT shard FROM live_row_counts
          WHERE table_name = 'lead_events' AND (shard >= 2000000000 OR shard = ${pid})`,
      )
      expect(rows.map(({ shard }) => Number(shard))).toEqual([pid])
      expect(await counted('lead_events')).toEqual(before)
      expect(await total('/leadEvents?limit=1')).toBe(before.actual)
    } finally {
      client.release()
    }
  })
})
