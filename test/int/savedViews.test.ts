/**
 * Saved views (src/admin/savedViews): Payload's query presets for staff users only, private or
 * shared, the "Staff admins" constraint, and the shipped views, whose filters name the reader and
 * the time and select what their titles say. A view stays on its author's side: one dealership
 * (dealers of company A and B here) or the house; none keeps a filter on credit data.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { PRESETS_SLUG, shipSavedViews } from '@/admin/savedViews'
import { MIGRATION_LOCK, oneAtATime } from '@/start/runtime'

import { sendJson } from '../helpers/http'
import { type Principal, type PrincipalName, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
let otherStaff: Principal
/** Dealers of the demo's Sunset Motors (A, two of them) and of Bayside Cars (B). */
let dealerA: Principal
let colleagueA: Principal
let dealerB: Principal

const as = (caller: PrincipalName | Principal) =>
  typeof caller === 'string' ? context.who[caller].headers : caller.headers
const call = (method: string, path: string, caller: PrincipalName | Principal, body?: unknown) =>
  sendJson(context.service, method, `/api/${PRESETS_SLUG}${path}`, { body, headers: as(caller) })

type View = { id: number; title: string; where: Record<string, unknown> }
const views = async (caller: PrincipalName | Principal): Promise<View[]> =>
  (await call('GET', '?limit=100&depth=0', caller)).body.docs
const shipped = async (title: string, caller: PrincipalName | Principal = 'staff') =>
  (await views(caller)).find((view) => view.title === title)!

beforeAll(async () => {
  const { payload } = context.service
  // As a start ships them: under the migration lock.
  const ship = () => oneAtATime(payload, MIGRATION_LOCK, () => shipSavedViews(payload))
  // Two nodes starting together, then a restart: still one of each.
  await Promise.all([ship(), ship()])
  await ship()
  otherStaff = await staffUser(context.service.payload, 'staff')
  await payload.create({ collection: 'company', data: { id: 'com_test_bayside', name: 'Bayside' } })
  dealerA = await staffUser(payload, 'dealer', 'com_demo_sunset')
  colleagueA = await staffUser(payload, 'dealer', 'com_demo_sunset')
  dealerB = await staffUser(payload, 'dealer', 'com_test_bayside')
})

const view = (title: string, access: Record<string, unknown>) => ({
  access,
  columns: [{ accessor: 'title', active: true }],
  relatedCollection: 'lead',
  title,
  where: { or: [{ and: [{ source: { equals: 'website' } }] }] },
})

describe('the shipped saved views', () => {
  it('exist once each, for every staff user to read', async () => {
    for (const caller of ['staff', 'staffAdmin'] as const) {
      const titles = (await views(caller)).map((item) => item.title)
      for (const title of ['My leads due', 'Uncontacted today', 'Failed submissions'])
        expect(titles.filter((item) => item === title)).toHaveLength(1)
    }
  })

  it('name the reader and the time in their filter, resolved when read', async () => {
    const before = Date.now()
    const mine = await shipped('My leads due')
    expect(mine.where).toEqual({
      or: [
        {
          and: [
            { assignee: { equals: context.who.staff.id } },
            { followUpDue: { less_than_equal: expect.any(String) } },
            // As the list's filter builder writes it: a `false` it would drop (src/admin/savedViews).
            { mergedInto: { exists: 'false' } },
          ],
        },
      ],
    })
    const and = (mine.where.or as { and: Record<string, Record<string, string>>[] }[])[0].and
    expect(Date.parse(and[1].followUpDue.less_than_equal)).toBeGreaterThanOrEqual(before - 1000)
    const theirs = await shipped('My leads due', otherStaff)
    expect(JSON.stringify(theirs.where)).toContain(`"equals":${otherStaff.id}`)
    const today = await shipped('Uncontacted today')
    expect(JSON.stringify(today.where)).toContain(
      `"greater_than_equal":"${new Date().toISOString().slice(0, 10)}T00:00:00.000Z"`,
    )
  })

  it('select what their titles say', async () => {
    const payload = context.service.payload
    const past = new Date(Date.now() - 3_600_000).toISOString()
    const future = new Date(Date.now() + 3_600_000).toISOString()
    const due = await payload.create({
      collection: 'lead',
      data: { assignee: context.who.staff.id, followUpDue: past, lastName: 'Due' } as never,
    })
    await payload.create({
      collection: 'lead',
      data: { assignee: context.who.staff.id, followUpDue: future, lastName: 'Later' } as never,
    })
    await payload.create({
      collection: 'lead',
      data: { assignee: otherStaff.id, followUpDue: past, lastName: 'Theirs' } as never,
    })
    const listed = async (slug: string, where: unknown) =>
      (
        await sendJson(
          context.service,
          'GET',
          `/api/${slug}?limit=100&depth=0&where=${encodeURIComponent(JSON.stringify(where))}`,
          { headers: as('staff') },
        )
      ).body.docs as { id: number | string; lastName?: string }[]
    const mine = await listed('lead', (await shipped('My leads due')).where)
    expect(mine.map((lead) => lead.id)).toEqual([due.id])
    const uncontacted = await listed('lead', (await shipped('Uncontacted today')).where)
    expect(uncontacted.map((lead) => lead.lastName)).toEqual(
      expect.arrayContaining(['Due', 'Later', 'Theirs']),
    )
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    try {
      await client.query(
        "UPDATE credit_app SET provider_submission_status = 'failed' WHERE id = 'crapp_demo_james'",
      )
    } finally {
      await client.end()
    }
    const failed = await listed('credit-app', (await shipped('Failed submissions')).where)
    expect(failed.map((app) => app.id)).toEqual(['crapp_demo_james'])
  })

  it('are read by dealers too, who neither change nor delete them', async () => {
    for (const dealer of [dealerA, dealerB]) {
      const titles = (await views(dealer)).map((item) => item.title)
      expect(titles).toEqual(
        expect.arrayContaining(['My leads due', 'Uncontacted today', 'Failed submissions']),
      )
      const mine = await shipped('My leads due', dealer)
      expect(JSON.stringify(mine.where)).toContain(`"equals":${dealer.id}`)
      expect((await call('PATCH', `/${mine.id}`, dealer, { title: 'Mine' })).status).toBe(403)
      expect((await call('DELETE', `/${mine.id}`, dealer)).status).toBe(403)
    }
  })

  it('are changed and deleted by staff admins only', async () => {
    const { id } = await shipped('Failed submissions')
    expect((await call('PATCH', `/${id}`, 'staff', { title: 'Mine now' })).status).toBe(403)
    expect((await call('DELETE', `/${id}`, 'staff')).status).toBe(403)
    const renamed = await call('PATCH', `/${id}`, 'staffAdmin', { title: 'Failed submissions' })
    expect(renamed.status).toBe(200)
  })
})

describe('saved views of staff', () => {
  it('private: only their author reads, changes and deletes them', async () => {
    const created = await call(
      'POST',
      '',
      'staff',
      view('Website leads', { read: { constraint: 'onlyMe' } }),
    )
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    expect(created.body.doc).toMatchObject({ isShared: false, title: 'Website leads' })
    for (const other of [otherStaff, 'staffAdmin'] as const) {
      expect((await call('GET', `/${id}`, other)).status).toBe(404)
      expect((await views(other)).map((item) => item.id)).not.toContain(id)
    }
    expect((await call('PATCH', `/${id}`, 'staff', { title: 'Web leads' })).status).toBe(200)
    expect((await call('DELETE', `/${id}`, 'staff')).status).toBe(200)
  })

  it('shared: read by everyone, changed by whom the author lets (never locking them out)', async () => {
    const shared = (access: Record<string, unknown>) =>
      call('POST', '', 'staff', view('Team website leads', access))
    // Payload refuses a view its author could not change afterwards.
    expect((await shared({ update: { constraint: 'staffAdmins' } })).status).toBe(403)
    const created = await shared({
      read: { constraint: 'everyone' },
      update: { constraint: 'specificUsers', users: [context.who.staff.id, otherStaff.id] },
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    expect(created.body.doc.isShared).toBe(true)
    expect((await call('GET', `/${id}`, 'staffAdmin')).status).toBe(200)
    expect((await call('PATCH', `/${id}`, 'staffAdmin', { title: 'x' })).status).toBe(403)
    expect((await call('DELETE', `/${id}`, otherStaff)).status).toBe(403)
    expect((await call('PATCH', `/${id}`, otherStaff, { title: 'Team web leads' })).status).toBe(
      200,
    )
  })

  it('are not for API clients (403) nor anonymous callers (401)', async () => {
    for (const caller of ['integrator', 'clientAdmin', 'leadAgent'] as const) {
      expect((await call('GET', '', caller)).status).toBe(403)
      expect((await call('POST', '', caller, view('Client view', {}))).status).toBe(403)
    }
    expect((await call('GET', '', 'anonymous')).status).toBe(401)
    expect((await call('POST', '', 'anonymous', view('Anonymous view', {}))).status).toBe(401)
  })

  it('refuse a filter or columns the list view cannot read (400), on create and on change', async () => {
    const mine = view('Shape', {})
    for (const bad of [
      { where: 'x' },
      { where: [1] },
      { columns: 'x' },
      { columns: [1, 2] },
      { columns: [{ accessor: 5, active: true }] },
      { columns: [{ accessor: 'title', active: 'yes' }] },
    ]) {
      const refused = await call('POST', '', 'staff', { ...mine, ...bad })
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0].data.errors[0].path).toBe(Object.keys(bad)[0])
    }
    const created = await call('POST', '?depth=0', 'staff', mine)
    expect(created.status).toBe(201)
    const changed = await call('PATCH', `/${created.body.doc.id}`, 'staff', { columns: 'x' })
    expect(changed.status).toBe(400)
  })
})

describe('saved views across dealerships', () => {
  /** A view whose filter names one of A's customers, as the attack found one. */
  const customerView = (title: string, access: Record<string, unknown>) => ({
    ...view(title, access),
    where: {
      or: [
        {
          and: [
            { email: { equals: 'maria.gonzalez@example.com' } },
            { phoneNumber: { equals: '(213) 555-0142' } },
          ],
        },
      ],
    },
  })
  /** Saves a view as `author` (201), and its id. */
  const saved = async (author: Principal | PrincipalName, body: unknown): Promise<number> => {
    const created = await call('POST', '', author, body)
    expect(created.status).toBe(201)
    return created.body.doc.id
  }
  const sees = async (caller: Principal | PrincipalName, id: number) => ({
    byId: (await call('GET', `/${id}?depth=0`, caller)).status,
    listed: (await views(caller)).some((item) => item.id === id),
  })
  const seen = { byId: 200, listed: true }
  const unseen = { byId: 404, listed: false }

  it('"Everyone" of a dealer is everyone at its dealership, and no one else', async () => {
    const id = await saved(
      dealerA,
      customerView('A customers', {
        read: { constraint: 'everyone' },
        update: { constraint: 'everyone' },
      }),
    )
    expect(await sees(colleagueA, id)).toEqual(seen)
    for (const other of [dealerB, 'staff', 'staffAdmin'] as const)
      expect(await sees(other, id)).toEqual(unseen)
    // Changing it is as reading it: the colleague may, B may not (and changes nothing).
    expect((await call('PATCH', `/${id}`, colleagueA, { title: 'A’s customers' })).status).toBe(200)
    expect([403, 404]).toContain((await call('PATCH', `/${id}`, dealerB, { title: 'B' })).status)
    expect([403, 404]).toContain((await call('DELETE', `/${id}`, dealerB)).status)
    expect((await call('GET', `/${id}`, colleagueA)).body.title).toBe('A’s customers')
  })

  it("house staff's views never reach a dealer", async () => {
    const id = await saved('staff', view('House view', { read: { constraint: 'everyone' } }))
    for (const house of [otherStaff, 'staffAdmin'] as const)
      expect(await sees(house, id)).toEqual(seen)
    for (const dealer of [dealerA, dealerB]) expect(await sees(dealer, id)).toEqual(unseen)
  })

  it('"Specific users" names only users of the author\'s side, and says nothing of the others', async () => {
    const named = (author: Principal | PrincipalName, users: unknown[]) =>
      call('POST', '', author, view('Named', { read: { constraint: 'specificUsers', users } }))
    const other = await named(dealerA, [dealerB.id])
    expect(other.status).toBe(400)
    expect(other.body.errors[0].data.errors).toEqual([
      { message: 'may name only users of your own dealership', path: 'access.read.users' },
    ])
    // A user of the house, and one who does not exist: the same answer.
    expect((await named(dealerA, [context.who.staff.id])).body).toEqual(other.body)
    expect((await named(dealerA, [999_999])).body).toEqual(other.body)
    const toDealer = await named('staff', [dealerA.id])
    expect(toDealer.status).toBe(400)
    expect(toDealer.body.errors[0].data.errors[0].path).toBe('access.read.users')
    const colleague = await named(dealerA, [colleagueA.id])
    expect(colleague.status).toBe(201)
    expect(await sees(colleagueA, colleague.body.doc.id)).toEqual(seen)
    expect(await sees(dealerB, colleague.body.doc.id)).toEqual(unseen)
  })

  it('a dealer cannot give a view to "Staff admins", who would never see it', async () => {
    const refused = await call(
      'POST',
      '',
      dealerA,
      view('For admins', { delete: { constraint: 'staffAdmins' } }),
    )
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].data.errors[0].path).toBe('access.delete.constraint')
  })
})

describe('saved views and credit data', () => {
  const count = async (title: string) =>
    (
      await context.service.payload.count({
        collection: PRESETS_SLUG,
        where: { title: { equals: title } },
      })
    ).totalDocs
  const refusals: [string, string, Record<string, unknown>, string, string][] = [
    ['an SSN', 'consumer', { where: { ssn: { equals: '123-45-6789' } } }, 'where', 'ssn'],
    [
      "a lead's consumer's SSN",
      'lead',
      { where: { or: [{ and: [{ 'consumer.ssn': { equals: '123-45-6789' } }] }] } },
      'where',
      'consumer.ssn',
    ],
    [
      "a co-applicant's SSN",
      'credit-app',
      { where: { or: [{ coApplicantSSN: { like: '6789' } }] } },
      'where',
      'coApplicantSSN',
    ],
    [
      'a birth date',
      'consumer',
      { where: { and: [{ birthDate: { equals: '1990-01-02' } }] } },
      'where',
      'birthDate',
    ],
    ['a grouping by SSN', 'consumer', { groupBy: 'ssn' }, 'groupBy', 'ssn'],
  ]

  it.each(refusals)(
    'a filter on %s is refused (400 naming it), and nothing is kept',
    async (_case, relatedCollection, values, path, field) => {
      const title = `Credit ${field}`
      for (const author of ['staff', dealerA] as const) {
        const refused = await call('POST', '', author, {
          ...view(title, {}),
          relatedCollection,
          ...values,
        })
        expect(refused.status).toBe(400)
        expect(refused.body.errors[0].data.errors).toEqual([
          { message: `names ${field}, credit data, which no view may keep`, path },
        ])
        expect(await count(title)).toBe(0)
      }
    },
  )

  it('a change to such a filter is refused too, and the view keeps its own', async () => {
    const created = await call('POST', '', 'staff', {
      ...view('Kept', {}),
      relatedCollection: 'consumer',
    })
    const id = created.body.doc.id
    const changed = await call('PATCH', `/${id}`, 'staff', {
      where: { or: [{ and: [{ ssn: { equals: '123-45-6789' } }] }] },
    })
    expect(changed.status).toBe(400)
    expect(JSON.stringify((await call('GET', `/${id}`, 'staff')).body.where)).not.toContain('ssn')
  })
})
