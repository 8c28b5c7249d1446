/**
 * The dashboard's figures: counts as the viewer may read them, each equal to what its link's
 * list holds, and sections left out for viewers who may not read them (a `staff` user sees no
 * audit, job or webhook figures). The manager's pipeline: overdue follow-ups, unassigned leads,
 * held credit apps, each agent's open leads and median first contact, "today" in the
 * dealership's time zone, and a dealer's figures of its own dealership only.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'
import type { TypedUser } from 'payload'

import { COUNT_CAP, shownCount, viewerCounts } from '@/admin/counts'
import {
  dashboardDay,
  dashboardFigures,
  figureCounts,
  teamFigures,
  windows,
} from '@/admin/dashboardFigures'
import { todoLists, todoSources } from '@/admin/todo'
import { drizzleOf } from '@/db/adapter'
import { unlessForbidden } from '@/errors'
import { listHref } from '@/lib/adminHref'

import { addDealership } from '../helpers/dealership'
import { sendJson } from '../helpers/http'
import { type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const userWithId = async (id: number | string | undefined) =>
  ({
    ...(await context.service.payload.findByID({ collection: 'users', id: id! })),
    collection: 'users',
  }) as unknown as TypedUser

const userOf = (who: 'staff' | 'staffAdmin') => userWithId(context.who[who].id)

/** Each figure's value is the total of the list its link opens, read over REST as `caller`. */
const expectListsAgree = async (
  figures: { href: string; label: string; value: number }[],
  caller: Principal,
) => {
  for (const figure of figures) {
    const [, collection, query] = figure.href.match(/^\/admin\/collections\/([^?]+)\?(.*)$/)!
    const list = await sendJson(context.service, 'GET', `/api/${collection}?${query}&limit=1`, {
      headers: caller.headers,
    })
    expect({ label: figure.label, value: list.body.totalDocs }).toEqual({
      label: figure.label,
      value: figure.value,
    })
  }
}

describe('dashboard figures', () => {
  it('count what each link lists, as the viewer', async () => {
    await context.service.payload.create({
      collection: 'errors',
      data: { message: 'dash', source: 'x' },
    })
    const sections = await dashboardFigures(context.service.payload, await userOf('staffAdmin'))
    expect(sections.map((section) => section.title)).toEqual([
      'Leads',
      'Lead events',
      'Credit apps',
      'Adverse action',
      'Sanctions screening',
      'Deals',
      'Errors',
      'Jobs',
      'Webhooks',
      'Credit data',
    ])
    await expectListsAgree(
      sections.flatMap(({ figures }) => figures),
      context.who.staffAdmin,
    )
    const value = (label: string) =>
      sections.flatMap((section) => section.figures).find((figure) => figure.label === label)!.value
    // The demo data was loaded just now: every seeded lead is new today.
    const leads = await context.service.payload.count({ collection: 'lead' })
    expect(value('New leads today')).toBe(leads.totalDocs)
    expect(value('Error records, last 24 h')).toBeGreaterThanOrEqual(1)
  })

  it('leave out what a staff user may not read', async () => {
    const sections = await dashboardFigures(context.service.payload, await userOf('staff'))
    const titles = sections.map((section) => section.title)
    expect(titles).toContain('Credit apps')
    expect(titles).not.toContain('Credit data')
    expect(titles).not.toContain('Jobs')
    expect(titles).not.toContain('Webhooks')
  })

  it('link a list filtered by a set of values as the list view reads it', () => {
    expect(
      listHref('credit-app', { 'providerSubmission.status': { in: ['failed', 'rejected'] } }),
    ).toBe(
      '/admin/collections/credit-app?where[providerSubmission.status][in][0]=failed&where[providerSubmission.status][in][1]=rejected',
    )
  })

  it('start the week on Monday and the day at midnight UTC', () => {
    const { day, today, week } = windows(new Date('2026-11-22T15:30:00Z')) // a Sunday
    expect(today.toISOString()).toBe('2026-11-22T00:00:00.000Z')
    expect(week.toISOString()).toBe('2026-11-16T00:00:00.000Z')
    expect(day.toISOString()).toBe('2026-11-21T15:30:00.000Z')
  })

  it("start the day and the week at the dealership's midnight, whatever UTC's date", () => {
    // Sunday 22 November, 5:30 PM in Los Angeles: already Monday in UTC.
    const pacific = windows(new Date('2026-11-23T01:30:00Z'), 'America/Los_Angeles')
    expect(pacific.today.toISOString()).toBe('2026-11-22T08:00:00.000Z')
    expect(pacific.week.toISOString()).toBe('2026-11-16T08:00:00.000Z')
    // The day daylight saving time ends is 25 hours long; the week began before it, at 07:00 UTC.
    const fallBack = windows(new Date('2026-11-01T20:00:00Z'), 'America/Los_Angeles')
    expect(fallBack.today.toISOString()).toBe('2026-11-01T07:00:00.000Z')
    expect(fallBack.week.toISOString()).toBe('2026-10-26T07:00:00.000Z')
  })
})

/**
 * Two dealerships, each with its own leads; the Pacific one's day is seen at 4:30 PM in Los
 * Angeles (00:30 UTC the next day), when a UTC "today" would have started half an hour ago.
 */
describe("the manager's pipeline", () => {
  const NOW = new Date('2026-11-25T00:30:00Z') // Tuesday 24 November, 4:30 PM in Los Angeles
  const MINUTE = 60_000
  let pacificDealer: Principal
  let otherDealer: Principal
  let agentA: Principal
  let agentB: Principal
  const leads: Record<string, number> = {}

  /** A lead at `location` that came in at `createdAt`, first contacted `contactedAfter` minutes later. */
  const lead = async (
    name: string,
    location: string,
    createdAt: string,
    { assignee, contactedAfter, followUpDue }: Record<string, number | string | undefined> = {},
  ) => {
    const { payload } = context.service
    const { id } = await payload.create({
      collection: 'lead',
      data: {
        assignee: assignee as number | undefined,
        firstName: name,
        followUpDue: followUpDue as string | undefined,
        lastName: 'Pipeline',
        location,
      },
    })
    const contacted =
      typeof contactedAfter === 'number'
        ? new Date(Date.parse(createdAt) + contactedAfter * MINUTE).toISOString()
        : null
    // When it came in and was first contacted are the service's to write: set as they happened.
    await drizzleOf(payload).execute(
      sql`UPDATE lead SET created_at = ${createdAt}, first_contacted_at = ${contacted} WHERE id = ${id}`,
    )
    leads[name] = id
  }

  beforeAll(async () => {
    const { payload } = context.service
    await addDealership(payload, {
      company: 'com_pipe_pacific',
      location: 'loc_pipe_pacific',
      name: 'Pacific Pipeline Motors',
    })
    await addDealership(payload, {
      company: 'com_pipe_other',
      location: 'loc_pipe_other',
      name: 'Other Pipeline Motors',
    })
    await payload.update({
      collection: 'company',
      data: { timeZone: 'America/Los_Angeles' },
      id: 'com_pipe_pacific',
    })
    pacificDealer = await staffUser(payload, 'dealer', 'com_pipe_pacific')
    otherDealer = await staffUser(payload, 'dealer', 'com_pipe_other')
    agentA = await staffUser(payload, 'staff')
    agentB = await staffUser(payload, 'staff')
    for (const [agent, name] of [
      [agentA, 'Avery Agent'],
      [agentB, 'Blake Agent'],
    ] as const)
      await payload.update({ collection: 'users', data: { name }, id: agent.id! })
    // Tuesday in Los Angeles, from 9 AM: all "today" there, all "yesterday" in UTC.
    await lead('Pac1', 'loc_pipe_pacific', '2026-11-24T17:00:00Z', {
      assignee: agentA.id,
      contactedAfter: 12,
    })
    await lead('Pac2', 'loc_pipe_pacific', '2026-11-24T18:00:00Z', {
      assignee: agentA.id,
      contactedAfter: 30,
    })
    await lead('Pac3', 'loc_pipe_pacific', '2026-11-24T19:00:00Z', {
      assignee: agentB.id,
      followUpDue: '2026-11-24T20:00:00Z',
    })
    await lead('Pac4', 'loc_pipe_pacific', '2026-11-24T22:00:00Z')
    // The other dealership's: never in the Pacific dealer's figures.
    await lead('Oth1', 'loc_pipe_other', '2026-11-24T17:00:00Z', {
      assignee: agentA.id,
      contactedAfter: 1,
      followUpDue: '2026-11-24T20:00:00Z',
    })
    await lead('Oth2', 'loc_pipe_other', '2026-11-24T18:00:00Z')
  })

  const figuresOf = async (user: TypedUser, now = NOW) => {
    const day = await dashboardDay(context.service.payload, user, now)
    const sections = await dashboardFigures(context.service.payload, user, now, day)
    const figures = sections.flatMap((section) => section.figures)
    const team = await teamFigures(context.service.payload, user, day)
    const value = (label: string) => figures.find((figure) => figure.label === label)?.value
    return { day, figures, team, value }
  }

  it("counts a Pacific dealer's today from midnight in Los Angeles, and only its own leads", async () => {
    const dealer = await userWithId(pacificDealer.id)
    const { day, figures, team, value } = await figuresOf(dealer)
    expect(day.timeZone).toBe('America/Los_Angeles')
    expect(day.today.toISOString()).toBe('2026-11-24T08:00:00.000Z')
    expect(value('New leads today')).toBe(4)
    expect(value('Follow-ups overdue')).toBe(1)
    expect(value('Leads without an assignee')).toBe(1)
    expect(team).toEqual([
      {
        contacted: 2,
        href: expect.stringContaining(`where[and][0][assignee][equals]=${agentA.id}`),
        medianMinutes: 21,
        name: 'Avery Agent',
        open: 2,
      },
      {
        contacted: 0,
        href: expect.stringContaining(`where[and][0][assignee][equals]=${agentB.id}`),
        medianMinutes: null,
        name: 'Blake Agent',
        open: 1,
      },
    ])
    // What each figure and each agent's count links to is what the dealer's list shows.
    await expectListsAgree(
      [...figures, ...team!.map(({ href, name, open }) => ({ href, label: name, value: open }))],
      pacificDealer,
    )
    // A viewer of no dealership counts UTC's day, which began half an hour ago.
    const utc = await figuresOf(await userOf('staffAdmin'), NOW)
    expect(utc.day.timeZone).toBe('UTC')
    expect(utc.day.today.toISOString()).toBe('2026-11-25T00:00:00.000Z')
  })

  it("counts in one statement exactly what Payload's count gives each viewer, trash and caps included", async () => {
    const { payload } = context.service
    // A trashed lead of the Pacific dealership that every lead figure of the day would match.
    await lead('Trashed', 'loc_pipe_pacific', '2026-11-24T23:00:00Z')
    await drizzleOf(payload).execute(
      sql`UPDATE lead SET deleted_at = now() WHERE id = ${leads.Trashed}`,
    )
    const compliance = await staffUser(payload, 'compliance')
    const viewers = [
      context.who.staffAdmin,
      context.who.staff,
      compliance,
      pacificDealer,
      otherDealer,
    ]
    const seen: (null | number)[] = []
    for (const viewer of viewers) {
      const user = await userWithId(viewer.id)
      const day = await dashboardDay(payload, user, NOW)
      const asks = [...figureCounts(day).flatMap(({ counts }) => counts), ...todoSources(user, NOW)]
      // Payload's own answer: a count, or null where the viewer may not read the collection.
      const expected = await Promise.all(
        asks.map(({ collection, where }) =>
          unlessForbidden(payload.count({ collection, overrideAccess: false, user, where })).then(
            (counted) => counted?.totalDocs ?? null,
          ),
        ),
      )
      // Capped at one, a count stops at two: what the queues do at a thousand.
      const [exact, capped] = await viewerCounts(payload, user, [
        asks,
        asks.map((ask) => ({ ...ask, cap: 1 })),
      ])
      const labelled = (values: (null | number)[]) =>
        asks.map((ask, n) => [
          `${ask.collection}: ${'label' in ask ? ask.label : ask.title}`,
          values[n],
        ])
      expect(labelled(exact)).toEqual(labelled(expected))
      expect(labelled(capped)).toEqual(
        labelled(expected.map((value) => (value === null ? null : Math.min(value, 2)))),
      )
      seen.push(...expected)
    }
    // Not an empty case: counts past the cap, and refusals (a dealer reads no audit log).
    expect(seen.some((value) => value !== null && value > 2)).toBe(true)
    expect(seen).toContain(null)
  })

  it('leaves to Payload the count of a collection with afterOperation hooks, which it does not run', async () => {
    const { payload } = context.service
    const hooks = payload.collections.errors.config.hooks
    // A hook that changes what a count answers: only Payload's own count runs it.
    const hook = ({ operation, result }: { operation: string; result: unknown }) =>
      operation === 'count' ? { totalDocs: 4242 } : result
    hooks.afterOperation = [...(hooks.afterOperation ?? []), hook as never]
    try {
      const user = await userWithId(context.who.staffAdmin.id)
      const asks = [
        { collection: 'errors' as const, where: {} },
        { collection: 'lead' as const, where: {} },
      ]
      const [[errors, leads]] = await viewerCounts(payload, user, [asks])
      expect(errors).toBe(4242)
      expect(leads).toBe((await payload.count({ collection: 'lead' })).totalDocs)
    } finally {
      hooks.afterOperation = hooks.afterOperation.filter((each) => each !== (hook as never))
    }
  })

  it("gives another dealership's dealer none of them, and the house every dealership's", async () => {
    const other = await figuresOf(await userWithId(otherDealer.id))
    expect(other.day.timeZone).toBe('UTC')
    expect(other.value('Leads without an assignee')).toBe(1)
    expect(other.value('Follow-ups overdue')).toBe(1)
    expect(other.team).toEqual([expect.objectContaining({ name: 'Avery Agent', open: 1 })])
    const otherTodo = await todoLists(context.service.payload, await userWithId(otherDealer.id))
    const hrefs = otherTodo.flatMap((list) => list.items.map((item) => item.href))
    for (const name of ['Pac1', 'Pac2', 'Pac3', 'Pac4'])
      expect(hrefs).not.toContain(`/admin/collections/lead/${leads[name]}`)
    const house = await figuresOf(await userOf('staffAdmin'))
    expect(house.team).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ medianMinutes: 12, name: 'Avery Agent', open: 3 }),
      ]),
    )
  })

  it('lists a lead with no location as unassigned from the moment it comes in', async () => {
    const { payload } = context.service
    const created = await payload.create({
      collection: 'lead',
      data: { firstName: 'Nowhere', lastName: 'Pipeline' },
    })
    const lists = await todoLists(payload, await userOf('staff'))
    const unassigned = lists.find((list) => list.title === 'Leads without an assignee')!
    const page = await sendJson(
      context.service,
      'GET',
      `/api/lead?${unassigned.href.split('?')[1]}&where[id][equals]=${created.id}`,
      { headers: context.who.staff.headers },
    )
    expect(page.body.totalDocs).toBe(1)
    expect(created.escalatedAt ?? null).toBeNull()
  })

  it("keeps a dealership's time zone its own: a dealer neither reads another's nor sets its own", async () => {
    const read = await sendJson(context.service, 'GET', '/api/company/com_pipe_pacific', {
      headers: otherDealer.headers,
    })
    expect(read.status).toBe(404)
    for (const company of ['com_pipe_pacific', 'com_pipe_other']) {
      const patch = await sendJson(context.service, 'PATCH', `/api/company/${company}`, {
        body: { timeZone: 'Asia/Tokyo' },
        headers: pacificDealer.headers,
      })
      expect([company, patch.status]).toEqual([company, 403])
    }
    const own = await sendJson(context.service, 'GET', '/api/company/com_pipe_pacific', {
      headers: pacificDealer.headers,
    })
    expect(own.body.timeZone).toBe('America/Los_Angeles')
    const bad = await sendJson(context.service, 'PATCH', '/api/company/com_pipe_other', {
      body: { timeZone: 'Pacific Time' },
      headers: context.who.staffAdmin.headers,
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('must be a time zone name')
  })

  it('puts apps held for authorization or sanctions review on the to-do and in the figures', async () => {
    const { payload } = context.service
    await drizzleOf(payload).execute(
      sql`UPDATE credit_app SET provider_submission_status = 'awaiting authorization',
            provider_submission_message = 'No credit-report authorization on file.'
          WHERE id = 'crapp_demo_maria'`,
    )
    const staff = await userOf('staff')
    const lists = await todoLists(payload, staff)
    const apps = lists.find((list) => list.title === 'Credit apps needing attention')!
    expect(apps.total).toBeGreaterThanOrEqual(1)
    const held = apps.items.find((item) => item.href.endsWith('/crapp_demo_maria'))!
    expect(held.note).toBe('awaiting authorization: No credit-report authorization on file.')
    const { value } = await figuresOf(staff, new Date())
    expect(value('Submissions awaiting authorization')).toBe(1)
    expect(value('Submissions awaiting sanctions review')).toBe(0)
  })

  it('shows a configuration error to admins only: staff and dealers read a plain message', async () => {
    const { payload } = context.service
    await drizzleOf(payload).execute(
      sql`UPDATE credit_app SET provider_submission_status = 'failed',
            provider_submission_message = 'Not sent: this service is not set up to send apps to Provider B yet. An administrator can see what is missing.',
            provider_submission_configuration = 'provider_b is not configured (PROVIDER_B_URL)'
          WHERE id = 'crapp_demo_maria'`,
    )
    const noteFor = async (user: TypedUser) =>
      (await todoLists(payload, user))
        .find((list) => list.title === 'Credit apps needing attention')!
        .items.find((item) => item.href.endsWith('/crapp_demo_maria'))!.note
    expect(await noteFor(await userOf('staff'))).toBe(
      'failed: Not sent: this service is not set up to send apps to Provider B yet. An administrator can see what is missing.',
    )
    expect(await noteFor(await userOf('staffAdmin'))).toBe(
      'failed: provider_b is not configured (PROVIDER_B_URL)',
    )
    const read = (caller: Principal) =>
      sendJson(context.service, 'GET', '/api/credit-app/crapp_demo_maria?depth=0', {
        headers: caller.headers,
      })
    const asStaff = await read(context.who.staff)
    expect(asStaff.body.providerSubmission.configuration).toBeUndefined()
    expect(JSON.stringify(asStaff.body)).not.toContain('PROVIDER_B_URL')
    expect((await read(context.who.staffAdmin)).body.providerSubmission.configuration).toBe(
      'provider_b is not configured (PROVIDER_B_URL)',
    )
  })

  it("counts a queue up to the cap: past it, the figure and the to-do say 1,000+, a day's figure stays exact, and another dealership's dealer still counts its own", async () => {
    const { payload } = context.service
    const db = drizzleOf(payload)
    const imported = COUNT_CAP + 10
    // An import's worth of unassigned leads at the Pacific store, beside Pac4.
    await db.execute(
      sql`INSERT INTO lead (first_name, last_name, location_id, created_at, updated_at)
          SELECT 'Imported', n::text, 'loc_pipe_pacific', now(), now() FROM generate_series(1, ${imported}) n`,
    )
    try {
      const pacific = await figuresOf(await userWithId(pacificDealer.id), new Date())
      const shown = (label: string) => {
        const figure = pacific.figures.find((found) => found.label === label)!
        return shownCount(figure.value, figure.capped)
      }
      expect(pacific.value('Leads without an assignee')).toBe(COUNT_CAP + 1)
      expect(shown('Leads without an assignee')).toBe('1,000+')
      // A figure of a time window is counted and shown exactly past the cap.
      expect(pacific.value('New leads today')).toBe(imported)
      expect(shown('New leads today')).toBe('1,010')
      const todo = (await todoLists(payload, await userWithId(pacificDealer.id))).find(
        (list) => list.title === 'Leads without an assignee',
      )!
      expect({ items: todo.items.length, shown: shownCount(todo.total, true) }).toEqual({
        items: 5,
        shown: '1,000+',
      })
      const other = await figuresOf(await userWithId(otherDealer.id), new Date())
      expect(other.value('Leads without an assignee')).toBe(1)
    } finally {
      await db.execute(sql`DELETE FROM lead WHERE first_name = 'Imported'`)
    }
  })
})
