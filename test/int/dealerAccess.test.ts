/**
 * The `dealer` role: staff of one company (here the demo's Sunset Motors, company A) see and edit
 * only its records. Company B (Bayside, made here) has a record in every collection a company
 * reaches; each is checked for a dealer of A through Payload's REST handlers (list, by id, count,
 * filter, update, delete, create), the search, the CSV export, the dashboard figures and the
 * commerce endpoints, with a staff admin as the control that B's records are there.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { CollectionSlug, TypedUser } from 'payload'

import { dashboardFigures } from '@/admin/dashboardFigures'
import { todoLists } from '@/admin/todo'

import { invalidPaths, sendJson } from '../helpers/http'
import { type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const A = { company: 'com_demo_sunset', location: 'loc_demo_sunset_la' }
const B = { company: 'com_test_bayside', location: 'loc_test_bayside' }

let dealer: Principal
let noCompany: Principal
const ids = { a: {} as Record<string, number | string>, b: {} as Record<string, number | string> }

const as = (who: Principal, method: string, path: string, body?: unknown) =>
  sendJson(context.service, method, path, { body, headers: who.headers })
const dealerSends = (method: string, path: string, body?: unknown) => as(dealer, method, path, body)
const admin = () => context.who.staffAdmin

/**
 * A consent the house recorded for `consumer`, the adverse-action notice of `app`, and a sanctions
 * match of the app or (for A) of the demo deal: each is the company's through what it names.
 */
const complianceRecords = async (
  consumer: string,
  app: string,
  subject: 'credit-app' | 'deal',
  seller: string,
) => {
  const { payload } = context.service
  const disclosure = await payload.find({
    collection: 'disclosures',
    limit: 1,
    where: { kind: { equals: 'calls-and-texts' } },
  })
  const consent = await payload.create({
    collection: 'consents',
    data: {
      action: 'grant',
      consumer,
      disclosure: disclosure.docs[0].id,
      kind: 'calls-and-texts',
      method: 'phone',
      phoneNumber: '310-555-0188',
      seller,
    } as never,
  })
  const now = new Date()
  const notice = await payload.create({
    collection: 'adverse-action-notice',
    data: {
      applicantName: 'Test Applicant',
      creditApp: app,
      decidedAt: now.toISOString(),
      dueAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      kind: 'declined',
    } as never,
  })
  const match = await payload.create({
    collection: 'sanctions-match',
    data: {
      entNum: 36_001,
      listedName: 'TEST PERSON',
      role: subject === 'deal' ? 'buyer' : 'applicant',
      score: 93,
      screenedName: 'Test Person',
      subjectCollection: subject,
      subjectId: subject === 'deal' ? 'deal_demo_camry' : app,
    } as never,
  })
  return { 'adverse-action-notice': notice.id, consents: consent.id, 'sanctions-match': match.id }
}

beforeAll(async () => {
  const { payload } = context.service
  const create = async <Slug extends CollectionSlug>(collection: Slug, data: object) =>
    (await payload.create({ collection, data: data as never, depth: 0 })).id
  await create('company', { id: B.company, name: 'Bayside Cars' })
  await create('location', {
    city: { name: 'Oakland', state: 'CA' },
    companyId: B.company,
    id: B.location,
    line1: '1 Bayside Way',
    zip: '94607',
  })
  ids.b.address = await create('address', {
    city: { name: 'Oakland', state: 'CA' },
    id: 'adr_test_bayside',
    line1: '7 Harbor St',
    zip: '94607',
  })
  ids.b.consumer = await create('consumer', {
    addresses: [ids.b.address],
    birthDate: '1990-01-02',
    firstName: 'Zora',
    id: 'con_test_bayside',
    lastName: 'Bayside',
    phoneNumber: '510-555-0101',
  })
  ids.b.lead = await create('lead', {
    consumer: ids.b.consumer,
    email: 'zora@bayside.example',
    firstName: 'Zora',
    lastName: 'Bayside',
    location: B.location,
  })
  ids.b.leadEvents = await create('leadEvents', { lead: ids.b.lead, type: 'Outbound Phone Call' })
  ids.b.vdpEmails = await create('vdpEmails', { lead: ids.b.lead })
  ids.b['lead-note'] = await create('lead-note', { body: 'Wants a callback', lead: ids.b.lead })
  ids.b['lead-appointment'] = await create('lead-appointment', {
    lead: ids.b.lead,
    startsAt: '2031-05-01T16:30:00.000Z',
  })
  ids.b['lead-task'] = await create('lead-task', {
    dueAt: '2031-05-01T16:30:00.000Z',
    lead: ids.b.lead,
    what: 'Send the payoff letter',
  })
  ids.b['pre-approval'] = await create('pre-approval', {
    consumer: ids.b.consumer,
    creditBand: 'crb_demo_prime',
    id: 'pre_test_bayside',
    validUntilTime: new Date(Date.now() + 86_400_000).toISOString(),
  })
  ids.b['credit-report'] = await create('credit-report', {
    creditBand: 'crb_demo_prime',
    creditScore: 700,
    id: 'crp_test_bayside',
    preApproval: ids.b['pre-approval'],
    time: new Date().toISOString(),
  })
  ids.b['credit-app'] = await create('credit-app', {
    consumer: ids.b.consumer,
    id: 'crapp_test_bayside',
    preApproval: ids.b['pre-approval'],
    vehicle: '4T1B11HK7NU000123',
  })
  ids.b.customer = await create('customer', {
    addresses: [ids.b.address],
    id: 'cus_test_bayside',
    name: 'Zora Bayside',
  })
  ids.b.deal = await create('deal', {
    customer: ids.b.customer,
    dealer: { location: B.location },
    id: 'deal_test_bayside',
  })
  ids.b['do-not-contact'] = await create('do-not-contact', { lead: ids.b.lead })
  Object.assign(
    ids.b,
    await complianceRecords('con_test_bayside', 'crapp_test_bayside', 'credit-app', B.company),
  )
  ids.b.company = B.company
  ids.b.location = B.location

  const maria = await payload.find({
    collection: 'lead',
    where: { email: { equals: 'maria.gonzalez@example.com' } },
  })
  ids.a.lead = maria.docs[0].id
  const ofMaria = { lead: { equals: ids.a.lead } }
  ids.a.leadEvents = (await payload.find({ collection: 'leadEvents', where: ofMaria })).docs[0].id
  ids.a.vdpEmails = (await payload.find({ collection: 'vdpEmails', where: ofMaria })).docs[0].id
  ids.a['lead-note'] = await create('lead-note', { body: 'Test drive Saturday', lead: ids.a.lead })
  ids.a['lead-appointment'] = await create('lead-appointment', {
    lead: ids.a.lead,
    startsAt: '2031-05-02T16:30:00.000Z',
  })
  ids.a['lead-task'] = await create('lead-task', {
    dueAt: '2031-05-02T16:30:00.000Z',
    lead: ids.a.lead,
    what: 'Call about the trade-in',
  })
  Object.assign(ids.a, {
    address: 'adr_demo_maria',
    company: A.company,
    consumer: 'con_demo_maria',
    'credit-app': 'crapp_demo_maria',
    'credit-report': 'crp_demo_maria',
    customer: 'cus_demo_maria',
    deal: 'deal_demo_camry',
    location: A.location,
    'pre-approval': 'pre_demo_maria',
  })
  Object.assign(
    ids.a,
    await complianceRecords('con_demo_maria', 'crapp_demo_maria', 'deal', A.company),
  )
  const quiet = await create('lead', { firstName: 'Dee', lastName: 'Quiet', location: A.location })
  ids.a['do-not-contact'] = await create('do-not-contact', { lead: quiet })
  dealer = await staffUser(payload, 'dealer', A.company)
  noCompany = await staffUser(payload, 'dealer', A.company)
  // A company deleted under its dealer leaves them with none (the column is set to null).
  await payload.db.updateOne({ collection: 'users', data: { company: null }, id: noCompany.id! })
})

/** Each collection a company reaches: what a dealer may do, and a change that is allowed. */
const SCOPED: {
  change: Record<string, unknown>
  deletes: boolean
  slug: CollectionSlug
  updates: boolean
}[] = [
  { change: { source: 'dealer' }, deletes: true, slug: 'lead', updates: true },
  { change: { nextSteps: 'Call back' }, deletes: true, slug: 'leadEvents', updates: true },
  { change: {}, deletes: true, slug: 'vdpEmails', updates: true },
  { change: { body: 'Called back' }, deletes: true, slug: 'lead-note', updates: true },
  { change: { status: 'confirmed' }, deletes: true, slug: 'lead-appointment', updates: true },
  { change: { status: 'done' }, deletes: true, slug: 'lead-task', updates: true },
  { change: { currentBidPrice: 23800 }, deletes: true, slug: 'deal', updates: true },
  { change: { name: 'María González' }, deletes: true, slug: 'customer', updates: true },
  { change: { email: 'maria.g@example.com' }, deletes: false, slug: 'consumer', updates: true },
  { change: { firstName: 'María' }, deletes: false, slug: 'credit-app', updates: true },
  { change: { creditBand: 'crb_demo_prime' }, deletes: false, slug: 'pre-approval', updates: true },
  { change: { creditScore: 743 }, deletes: false, slug: 'credit-report', updates: true },
  { change: { line2: 'Apt 3' }, deletes: true, slug: 'address', updates: true },
  { change: { name: 'Sunset Motors' }, deletes: false, slug: 'company', updates: false },
  { change: { line2: 'Suite 1' }, deletes: false, slug: 'location', updates: false },
  { change: { recordedBy: 'x' }, deletes: false, slug: 'do-not-contact', updates: false },
  { change: { note: 'x' }, deletes: false, slug: 'consents', updates: false },
  { change: { reason: 'x' }, deletes: false, slug: 'adverse-action-notice', updates: false },
  { change: { reviewReason: 'x' }, deletes: false, slug: 'sanctions-match', updates: false },
]

/** Ids no record has, of each collection's kind. */
const NO_SUCH: Record<string, number | string> = new Proxy(
  {},
  {
    get: (_, slug) =>
      ['lead', 'leadEvents', 'vdpEmails', 'lead-note', 'lead-appointment', 'lead-task'].includes(
        String(slug),
      )
        ? 999999
        : 'x_none',
  },
)

const idsOf = (body: { docs?: { id: unknown }[] }) => (body.docs ?? []).map((doc) => doc.id)

describe('a dealer of company A, against records of A and B', () => {
  describe.each(SCOPED)('$slug', ({ change, deletes, slug, updates }) => {
    it('lists, counts and filters only A', async () => {
      const list = await dealerSends('GET', `/api/${slug}?limit=500&depth=0`)
      expect(list.status).toBe(200)
      expect(idsOf(list.body)).toContain(ids.a[slug])
      expect(idsOf(list.body)).not.toContain(ids.b[slug])
      const everyone = await as(admin(), 'GET', `/api/${slug}?limit=500&depth=0`)
      expect(idsOf(everyone.body)).toContain(ids.b[slug])
      const count = await dealerSends('GET', `/api/${slug}/count`)
      expect(count.body).toEqual({ totalDocs: list.body.totalDocs })
      const byFilter = await dealerSends('GET', `/api/${slug}?where[id][equals]=${ids.b[slug]}`)
      expect(byFilter.body).toMatchObject({ docs: [], totalDocs: 0 })
    })

    it('reads A by id; B is not found', async () => {
      expect((await dealerSends('GET', `/api/${slug}/${ids.a[slug]}`)).status).toBe(200)
      expect((await dealerSends('GET', `/api/${slug}/${ids.b[slug]}?depth=0`)).status).toBe(404)
      expect((await as(admin(), 'GET', `/api/${slug}/${ids.b[slug]}`)).status).toBe(200)
    })

    it(`${updates ? 'updates A, not B (403, as for no record)' : 'updates neither (403)'}`, async () => {
      const a = await dealerSends('PATCH', `/api/${slug}/${ids.a[slug]}`, change)
      const b = await dealerSends('PATCH', `/api/${slug}/${ids.b[slug]}`, change)
      expect([a.status, b.status]).toEqual(updates ? [200, 403] : [403, 403])
      // Payload's answer when a filter hides the record: the same as for an id that is nowhere.
      if (updates) {
        const none = await dealerSends('PATCH', `/api/${slug}/${NO_SUCH[slug]}`, change)
        expect(none.body).toEqual(b.body)
      }
    })

    it(`deletes nothing of B (403${deletes ? ', as for no record' : ''})`, async () => {
      const b = await dealerSends('DELETE', `/api/${slug}/${ids.b[slug]}`)
      expect(b.status).toBe(403)
      if (deletes) {
        const none = await dealerSends('DELETE', `/api/${slug}/${NO_SUCH[slug]}`)
        expect(none.body).toEqual(b.body)
      }
      // Bulk: a filter naming B's record matches nothing the dealer may touch.
      const bulk = await dealerSends('DELETE', `/api/${slug}?where[id][equals]=${ids.b[slug]}`)
      if (deletes) expect(bulk.body.docs).toEqual([])
      else expect(bulk.status).toBe(403)
      expect((await as(admin(), 'GET', `/api/${slug}/${ids.b[slug]}?depth=0`)).status).toBe(200)
    })
  })

  it('embeds only what it may read: a deal shows A’s customers, a lead event its lead', async () => {
    const deal = await dealerSends('GET', `/api/deal/${ids.a.deal}?depth=1`)
    expect(deal.body.customer).toMatchObject({ id: 'cus_demo_maria', name: 'María González' })
    expect(deal.body.facilitator).toMatchObject({ id: 'com_demo_lane' })
    const event = await dealerSends('GET', `/api/leadEvents/${ids.a.leadEvents}?depth=1`)
    expect(event.body.lead).toMatchObject({ id: ids.a.lead, location: A.location })
  })

  it("records consent for its own company's people only, and what it records stays its own", async () => {
    const { payload } = context.service
    const disclosure = (
      await dealerSends('GET', '/api/disclosures?where[kind][equals]=calls-and-texts&limit=1')
    ).body.docs[0]
    expect(disclosure).toMatchObject({ kind: 'calls-and-texts' })
    const grant = {
      action: 'grant',
      disclosure: disclosure.id,
      kind: 'calls-and-texts',
      method: 'phone',
      phoneNumber: '310-555-0188',
      seller: A.company,
    }
    const made = await dealerSends('POST', '/api/consents', {
      ...grant,
      consumer: 'con_demo_maria',
    })
    expect(made.status).toBe(201)
    const stored = await payload.findByID({
      collection: 'consents',
      depth: 0,
      id: made.body.doc.id,
    })
    expect(stored).toMatchObject({ dealerships: [A.company], madeAt: A.company })
    // Another company's consumer, or a dealership named by hand: refused as for no such record.
    const theirs = await dealerSends('POST', '/api/consents', {
      ...grant,
      consumer: ids.b.consumer,
    })
    expect(theirs.status).toBe(400)
    expect(invalidPaths(theirs.body)).toEqual(['consumer'])
    for (const [field, value] of [
      ['creditApp', ids.b['credit-app']],
      ['seller', B.company],
    ] as const) {
      const naming = await dealerSends('POST', '/api/consents', {
        ...grant,
        consumer: 'con_demo_maria',
        [field]: value,
      })
      expect({ field, paths: invalidPaths(naming.body), status: naming.status }).toEqual({
        field,
        paths: [field],
        status: 400,
      })
    }
    const named = await dealerSends('POST', '/api/consents', {
      ...grant,
      consumer: 'con_demo_maria',
      dealerships: [B.company],
      madeAt: B.company,
    })
    expect(named.status).toBe(201)
    expect(
      await payload.findByID({ collection: 'consents', depth: 0, id: named.body.doc.id }),
    ).toMatchObject({ dealerships: [A.company], madeAt: A.company })
    // The house's consent of a consumer reaches a company once a lead of it names the consumer.
    const zed = await payload.create({
      collection: 'consumer',
      data: {
        birthDate: '1988-03-04',
        firstName: 'Zed',
        id: 'con_test_zed',
        lastName: 'Later',
        phoneNumber: '510-555-0177',
      },
    })
    const records = await payload.find({
      collection: 'disclosures',
      limit: 1,
      where: { kind: { equals: 'electronic-records' } },
    })
    const houses = await payload.create({
      collection: 'consents',
      data: {
        action: 'grant',
        consumer: zed.id,
        disclosure: records.docs[0].id,
        kind: 'electronic-records',
        method: 'phone',
      },
    })
    const path = `/api/consents/${houses.id}?depth=0`
    expect((await dealerSends('GET', path)).status).toBe(404)
    await payload.create({
      collection: 'lead',
      data: { consumer: zed.id, firstName: 'Zed', lastName: 'Later', location: A.location },
    })
    expect((await dealerSends('GET', path)).status).toBe(200)
    // A texting consent is its seller's alone, whoever else deals with the person.
    const toB = await payload.create({
      collection: 'consents',
      data: { ...grant, consumer: 'con_demo_maria', seller: B.company } as never,
    })
    expect((await dealerSends('GET', `/api/consents/${toB.id}?depth=0`)).status).toBe(404)
  })

  it('reads no house staff e-mail on compliance records, and searches the consents list without it', async () => {
    for (const [slug, field] of [
      ['consents', 'recordedBy'],
      ['sanctions-match', 'reviewedBy'],
    ]) {
      const mine = await dealerSends('GET', `/api/${slug}/${ids.a[slug]}?depth=0`)
      expect(mine.status).toBe(200)
      expect(mine.body).not.toHaveProperty(field)
    }
    const staffs = await as(admin(), 'GET', `/api/consents/${ids.a.consents}?depth=0`)
    expect(staffs.body.recordedBy).toEqual(expect.any(String))
    // Filtering on it is refused as for any field it may not read; the list's search leaves it out.
    const filtered = await dealerSends('GET', '/api/consents?where[recordedBy][like]=a&depth=0')
    expect(filtered.status).toBe(400)
    const listSearchableFields =
      context.service.payload.collections.consents.config.admin.listSearchableFields ?? []
    expect(listSearchableFields).not.toContain('recordedBy')
    const search = await dealerSends(
      'GET',
      `/api/consents?${listSearchableFields.map((field, i) => `where[or][${i}][${field}][like]=Gonz`).join('&')}&depth=0`,
    )
    expect(search.status).toBe(200)
    expect(idsOf(search.body)).toContain(ids.a.consents)
  })

  it('records only what is its own company’s: an authorization for an app, texting to itself', async () => {
    const disclosureOf = async (kind: string) =>
      (await dealerSends('GET', `/api/disclosures?where[kind][equals]=${kind}&limit=1`)).body
        .docs[0].id
    const refused = async (body: Record<string, unknown>) => {
      const sent = await dealerSends('POST', '/api/consents', {
        action: 'grant',
        consumer: 'con_demo_maria',
        method: 'phone',
        ...body,
      })
      return { paths: invalidPaths(sent.body), status: sent.status }
    }
    // For the person rather than an app, it would release another company's apps of theirs.
    expect(
      await refused({
        disclosure: await disclosureOf('credit-report-authorization'),
        kind: 'credit-report-authorization',
        role: 'applicant',
      }),
    ).toEqual({ paths: ['creditApp'], status: 400 })
    // Texting on behalf of a company it may read but is not (the facilitator).
    expect(
      await refused({
        disclosure: await disclosureOf('calls-and-texts'),
        kind: 'calls-and-texts',
        phoneNumber: '310-555-0188',
        seller: 'com_demo_lane',
      }),
    ).toEqual({ paths: ['seller'], status: 400 })
    // Kinds that name no company are the house's.
    expect(
      await refused({
        disclosure: await disclosureOf('e-mail-marketing'),
        email: 'maria.gonzalez@example.com',
        kind: 'e-mail-marketing',
      }),
    ).toEqual({ paths: ['kind'], status: 400 })
  })

  it('reads its own company and the facilitators, and their locations; not B', async () => {
    const companies = await dealerSends('GET', '/api/company?depth=0&sort=id')
    expect(idsOf(companies.body)).toEqual(['com_demo_lane', 'com_demo_sunset'])
    const locations = await dealerSends('GET', '/api/location?depth=0&sort=id')
    expect(idsOf(locations.body)).toEqual(['loc_demo_lane_austin', 'loc_demo_sunset_la'])
  })

  it('reads reference data as staff do', async () => {
    for (const slug of ['vehicle', 'vehicle-spec', 'listing', 'state', 'credit-band', 'media']) {
      const mine = await dealerSends('GET', `/api/${slug}?limit=1`)
      const all = await as(admin(), 'GET', `/api/${slug}?limit=1`)
      expect({ slug, status: mine.status, total: mine.body.totalDocs }).toEqual({
        slug,
        status: 200,
        total: all.body.totalDocs,
      })
    }
    expect((await dealerSends('GET', '/api/globals/tco-settings')).status).toBe(200)
  })

  it('is refused what no company owns: contacts, web events, accounts, operations', async () => {
    for (const slug of [
      'contact',
      'web-event',
      'account',
      'api-clients',
      'webhook-endpoints',
      'webhook-deliveries',
      'audit-log',
      'lookup-cache',
      'errors',
    ]) {
      expect({ slug, status: (await dealerSends('GET', `/api/${slug}`)).status }).toEqual({
        slug,
        status: 403,
      })
    }
    expect((await dealerSends('POST', '/api/contact', { firstName: 'X' })).status).toBe(403)
    expect((await dealerSends('GET', '/api/deal/versions')).status).toBe(403)
  })

  it('reads and edits its own account only, and cannot change its role or company', async () => {
    // Of others, the names of its company's users and the house's only (test/int/staffNames.test.ts).
    const users = await dealerSends('GET', '/api/users?limit=100')
    expect(idsOf(users.body)).toContain(dealer.id)
    for (const user of users.body.docs as Record<string, unknown>[])
      if (user.id !== dealer.id) expect(user).not.toHaveProperty('email')
    expect((await dealerSends('GET', '/api/users/me')).body.user).toMatchObject({
      company: A.company,
      role: 'dealer',
    })
    await dealerSends('PATCH', `/api/users/${dealer.id}`, {
      company: B.company,
      name: 'Alex',
      role: 'admin',
    })
    const me = await context.service.payload.findByID({ collection: 'users', id: dealer.id! })
    expect(me).toMatchObject({ company: A.company, name: 'Alex', role: 'dealer' })
  })

  it('is made by an admin only, and only with a company', async () => {
    const data = { email: 'dana.dealer@example.com', password: 'a long Passw0rd!', role: 'dealer' }
    const without = await as(admin(), 'POST', '/api/users', data)
    expect(without.status).toBe(400)
    expect(invalidPaths(without.body)).toEqual(['company'])
    const made = await as(admin(), 'POST', '/api/users', { ...data, company: A.company })
    expect(made.status).toBe(201)
    expect(made.body.doc).toMatchObject({ company: A.company, role: 'dealer' })
    expect(
      (await dealerSends('POST', '/api/users', { ...data, email: 'x@example.com' })).status,
    ).toBe(403)
  })

  it('sees nothing of any company without a company', async () => {
    for (const slug of ['lead', 'deal', 'consumer', 'customer', 'credit-app', 'company']) {
      const list = await as(noCompany, 'GET', `/api/${slug}`)
      expect({ slug, status: list.status, total: list.body.totalDocs }).toEqual({
        slug,
        status: 200,
        total: 0,
      })
    }
  })
})

describe('a dealer creates within its company only', () => {
  const lead = (data: object) => dealerSends('POST', '/api/lead', { firstName: 'Test', ...data })

  it('a lead must name one of its company’s locations', async () => {
    for (const location of [B.location, 'loc_demo_lane_austin', undefined]) {
      const answer = await lead({ location })
      expect({ location, status: answer.status, paths: invalidPaths(answer.body) }).toEqual({
        location,
        paths: ['location'],
        status: 400,
      })
    }
    expect((await lead({ location: A.location })).status).toBe(201)
  })

  it('a lead cannot be moved to another company', async () => {
    const moved = await dealerSends('PATCH', `/api/lead/${ids.a.lead}`, { location: B.location })
    expect(moved.status).toBe(400)
    expect(invalidPaths(moved.body)).toEqual(['location'])
    const cleared = await dealerSends('PATCH', `/api/lead/${ids.a.lead}`, { location: null })
    expect(invalidPaths(cleared.body)).toEqual(['location'])
  })

  it('names no record of another company, and learns nothing of it', async () => {
    const withConsumer = await lead({ consumer: ids.b.consumer, location: A.location })
    const missing = await lead({ consumer: 'con_doesnotexist', location: A.location })
    expect(withConsumer.status).toBe(400)
    expect(withConsumer.body).toEqual(missing.body)
    const event = await dealerSends('POST', '/api/leadEvents', { lead: ids.b.lead })
    expect(invalidPaths(event.body)).toEqual(['lead'])
    const status = await dealerSends('POST', '/api/leadEvents', {
      currentStatusFor: ids.b.lead,
      lead: ids.a.lead,
    })
    expect(invalidPaths(status.body)).toEqual(['currentStatusFor'])
    expect(invalidPaths((await dealerSends('POST', '/api/leadEvents', {})).body)).toEqual(['lead'])
    const deal = await dealerSends('POST', '/api/deal', { dealer: { location: B.location } })
    expect(invalidPaths(deal.body)).toEqual(['dealer.location'])
    const dealB = await dealerSends('POST', '/api/deal', {
      customer: ids.b.customer,
      dealer: { location: A.location },
    })
    expect(invalidPaths(dealB.body)).toEqual(['customer'])
    const app = await dealerSends('POST', '/api/credit-app', {
      consumer: ids.b.consumer,
      preApproval: 'pre_demo_maria',
      vehicle: '4T1B11HK7NU000123',
    })
    expect(invalidPaths(app.body)).toEqual(['consumer'])
    // A note on B's lead reads as one on no lead at all.
    const note = await dealerSends('POST', '/api/lead-note', { body: 'Hi', lead: ids.b.lead })
    const noLead = await dealerSends('POST', '/api/lead-note', { body: 'Hi', lead: 999999 })
    expect(invalidPaths(note.body)).toEqual(['lead'])
    expect(note.body).toEqual(noLead.body)
    const moved = await dealerSends('PATCH', `/api/lead-note/${ids.a['lead-note']}`, {
      lead: ids.b.lead,
    })
    expect(invalidPaths(moved.body)).toEqual(['lead'])
    const visit = await dealerSends('POST', '/api/lead-appointment', {
      lead: ids.b.lead,
      startsAt: '2031-05-01T16:30:00.000Z',
    })
    expect(invalidPaths(visit.body)).toEqual(['lead'])
    const task = await dealerSends('POST', '/api/lead-task', {
      dueAt: '2031-05-01T16:30:00.000Z',
      lead: ids.b.lead,
      what: 'Call',
    })
    expect(invalidPaths(task.body)).toEqual(['lead'])
  })

  it('creates a deal with a facilitator, and a lead event on its lead', async () => {
    const deal = await dealerSends('POST', '/api/deal', {
      customer: 'cus_demo_james',
      dealer: { location: A.location },
      facilitator: 'com_demo_lane',
      facilitatorLocation: 'loc_demo_lane_austin',
    })
    expect(deal.status).toBe(201)
    const event = await dealerSends('POST', '/api/leadEvents', {
      currentStatusFor: ids.a.lead,
      lead: ids.a.lead,
      type: 'Outbound Phone Call',
    })
    expect(event.status).toBe(201)
  })

  it('what it makes is its company’s at once; a consumer of no company stays out of reach', async () => {
    const created = await dealerSends('POST', '/api/consumer', {
      birthDate: '1990-05-06',
      firstName: 'Nia',
      lastName: 'Newcomer',
      phoneNumber: '213-555-0188',
    })
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    expect((await dealerSends('GET', `/api/consumer/${id}`)).status).toBe(200)
    const named = await lead({ consumer: id, location: A.location })
    expect(named.status).toBe(201)
    expect(named.body.doc.consumer).toMatchObject({ id, lastName: 'Newcomer' })
    // The dealership is the house's to read, never the dealer's (it could name another).
    expect(named.body.doc).not.toHaveProperty('dealership')
    expect((await dealerSends('GET', `/api/consumer/${id}`)).body).not.toHaveProperty('dealerships')
    // A consumer the house made, that no lead names yet, is no dealership's.
    const house = await context.service.payload.create({
      collection: 'consumer',
      data: {
        birthDate: '1979-01-01',
        firstName: 'Hal',
        lastName: 'House',
        phoneNumber: '213-555-0190',
      } as never,
    })
    expect((await dealerSends('GET', `/api/consumer/${house.id}`)).status).toBe(404)
    expect(invalidPaths((await lead({ consumer: house.id, location: A.location })).body)).toEqual([
      'consumer',
    ])
  })

  it('deletes its own lead; its consumers are credit data (403)', async () => {
    const created = await lead({ location: A.location })
    const id = created.body.doc.id
    expect((await dealerSends('DELETE', `/api/lead/${id}`)).status).toBe(200)
    expect((await dealerSends('DELETE', `/api/consumer/${ids.a.consumer}`)).status).toBe(403)
  })
})

describe('search, export and dashboard figures as a dealer', () => {
  it('searches only A', async () => {
    const search = async (who: Principal, q: string) =>
      (await as(who, 'GET', `/api/search?q=${encodeURIComponent(q)}`)).body.groups
        .flatMap((group: { hits: { id: unknown }[] }) => group.hits)
        .map((hit: { collection: string; id: unknown }) => `${hit.collection}:${hit.id}`)
    expect(await search(dealer, 'Bayside')).toEqual([])
    expect(await search(admin(), 'Bayside')).toEqual(
      expect.arrayContaining([`consumer:${ids.b.consumer}`, `lead:${ids.b.lead}`]),
    )
    expect(await search(dealer, 'González')).toEqual(
      expect.arrayContaining([`consumer:con_demo_maria`, `lead:${ids.a.lead}`]),
    )
  })

  it('exports only A', async () => {
    for (const [slug, a, b] of [
      ['lead', 'maria.gonzalez@example.com', 'zora@bayside.example'],
      ['deal', 'deal_demo_camry', 'deal_test_bayside'],
      ['company', 'com_demo_sunset', B.company],
    ]) {
      const csv = async (who: Principal) =>
        (await context.service.api(`/api/${slug}/export`, { headers: who.headers })).text()
      const mine = await csv(dealer)
      expect({ slug, a: mine.includes(a), b: mine.includes(b) }).toEqual({
        a: true,
        b: false,
        slug,
      })
      expect((await csv(admin())).includes(b)).toBe(true)
    }
  })

  it('counts only A on the dashboard, each figure what its list shows the dealer', async () => {
    const user = {
      ...(await context.service.payload.findByID({ collection: 'users', id: dealer.id! })),
      collection: 'users',
    } as unknown as TypedUser
    const sections = await dashboardFigures(context.service.payload, user)
    expect(sections.map((section) => section.title)).toEqual([
      'Leads',
      'Lead events',
      'Credit apps',
      'Adverse action',
      'Sanctions screening',
      'Deals',
    ])
    for (const figure of sections.flatMap((section) => section.figures)) {
      const [, collection, query] = figure.href.match(/^\/admin\/collections\/([^?]+)\?(.*)$/)!
      const list = await dealerSends('GET', `/api/${collection}?${query}&limit=1`)
      expect({ label: figure.label, value: list.body.totalDocs }).toEqual({
        label: figure.label,
        value: figure.value,
      })
    }
    const leadsToday = sections[0].figures[0]
    const all = await context.service.payload.count({ collection: 'lead' })
    const ofB = await context.service.payload.count({
      collection: 'lead',
      where: { location: { equals: B.location } },
    })
    expect(leadsToday.value).toBeLessThanOrEqual(all.totalDocs - ofB.totalDocs)
    expect(leadsToday.value).toBeGreaterThanOrEqual(2)
  })
})

describe('import as a dealer', () => {
  it("imports leads of its company's locations; a row of another's refuses the file", async () => {
    const csv = (location: string) =>
      [
        'firstName,lastName,location',
        `Ida,Importer,${A.location}`,
        `Ike,Importer,${location}`,
      ].join('\n')
    const refused = await dealerSends('POST', '/api/lead/import', { csv: csv(B.location) })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].data.rows).toEqual([
      { errors: [expect.objectContaining({ path: 'location' })], row: 3 },
    ])
    const imported = await dealerSends('POST', '/api/lead/import', { csv: csv(A.location) })
    expect(imported.status).toBe(201)
    const mine = await dealerSends('GET', '/api/lead?where[lastName][equals]=Importer')
    expect(mine.body.totalDocs).toBe(2)
  })
})

describe('the lead desk as a dealer', () => {
  const dealerUser = async () =>
    ({
      ...(await context.service.payload.findByID({ collection: 'users', id: dealer.id! })),
      collection: 'users',
    }) as unknown as TypedUser

  it('lists on the to-do list only its company’s records', async () => {
    const lists = await todoLists(context.service.payload, await dealerUser())
    const hrefs = lists.flatMap((list) => list.items.map((item) => item.href))
    expect(hrefs).not.toContain(`/admin/collections/deal/${ids.b.deal}`)
    const noBid = lists.find((list) => list.title === 'Deals without a bid')!
    const mine = await dealerSends('GET', '/api/deal?where[currentBidPrice][exists]=false')
    expect(noBid.total).toBe(mine.body.totalDocs)
    const all = await todoLists(context.service.payload, {
      ...(await context.service.payload.findByID({
        collection: 'users',
        id: context.who.staffAdmin.id!,
      })),
      collection: 'users',
    } as unknown as TypedUser)
    // Notices to deliver and matches to review are house staff's to do, though the dealer reads them.
    const actions = ['Adverse-action notices to deliver', 'Possible sanctions matches to review']
    expect(lists.filter((list) => actions.includes(list.title))).toEqual([])
    expect(all.filter((list) => actions.includes(list.title)).map((list) => list.title)).toEqual(
      actions,
    )
    const allNoBid = all.find((list) => list.title === 'Deals without a bid')!
    expect(allNoBid.items.map((item) => item.href)).toContain(
      `/admin/collections/deal/${ids.b.deal}`,
    )
  })

  it("reads A's lead desk; B's is not found and cannot be taken", async () => {
    expect((await dealerSends('GET', `/api/lead/${ids.a.lead}/desk`)).status).toBe(200)
    expect((await dealerSends('GET', `/api/lead/${ids.b.lead}/desk`)).status).toBe(404)
    const take = await dealerSends('POST', `/api/lead/${ids.b.lead}/assign`, {})
    expect(take.status).toBe(403)
    const lead = await context.service.payload.findByID({ collection: 'lead', id: ids.b.lead })
    expect(lead.assignee ?? null).not.toEqual(dealer.id)
  })
})

describe('the commerce endpoints as a dealer', () => {
  it.each([
    ['/api/deals', 'deal', 'Deal Not Found'],
    ['/api/customers', 'customer', 'Customer Not Found'],
    ['/api/creditapps', 'credit-app', 'Credit App Not Found'],
  ])('%s/{id}: A is read, B is not found', async (path, slug, message) => {
    const a = await dealerSends('GET', `${path}/${ids.a[slug]}`)
    expect(a).toMatchObject({ body: { data: { id: ids.a[slug] }, success: true }, status: 200 })
    const b = await dealerSends('GET', `${path}/${ids.b[slug]}`)
    expect(b).toMatchObject({
      body: { error: { code: 404, message }, success: false },
      status: 404,
    })
  })

  it('lists its company and the facilitators; a facilitator is read', async () => {
    const companies = await dealerSends('GET', '/api/companies?depth=0')
    expect(companies.body.data.map((company: { id: string }) => company.id).sort()).toEqual([
      'com_demo_lane',
      'com_demo_sunset',
    ])
    expect((await dealerSends('GET', '/api/facilitators/com_demo_lane')).status).toBe(200)
  })

  it('is refused web events, and an update of a credit report of B is not found', async () => {
    expect((await dealerSends('GET', '/api/webevents')).status).toBe(403)
    const report = await dealerSends('PATCH', `/api/creditreports/${ids.b['credit-report']}`, {
      creditScore: 650,
    })
    expect(report).toMatchObject({
      body: { error: { code: 404, message: 'Credit Report Not Found' } },
      status: 404,
    })
  })
})

describe('reach across dealerships, as a hostile dealer of A would try it', () => {
  const headers = () => admin().headers
  const lead = (data: object) =>
    dealerSends('POST', '/api/lead', { firstName: 'Taker', lastName: 'Dealer', ...data })
  const post = async (path: string, body: object) => {
    const answer = await sendJson(context.service, 'POST', path, { body, headers: headers() })
    if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`)
    return answer.body.doc.id as string
  }
  /** B's couple: an app with a co-applicant, made by B's dealer (an integrator's is the same). */
  const couple = async (suffix: string) => {
    const primary = await post('/api/consumer', {
      birthDate: '1980-01-01',
      firstName: 'Pia',
      lastName: `Primary${suffix}`,
      phoneNumber: '510-555-0111',
      ssn: '123-45-6789',
    })
    const coApplicant = await post('/api/consumer', {
      birthDate: '1981-01-01',
      firstName: 'Cole',
      lastName: `Coapp${suffix}`,
      phoneNumber: '510-555-0112',
    })
    await post('/api/lead', { consumer: primary, firstName: 'Pia', location: B.location })
    const preApproval = await post('/api/pre-approval', {
      consumer: primary,
      creditBand: 'crb_demo_prime',
      validUntilTime: new Date(Date.now() + 86_400_000).toISOString(),
    })
    const app = await post('/api/credit-app', {
      coApplicantConsumer: coApplicant,
      consumer: primary,
      preApproval,
      vehicle: '4T1B11HK7NU000123',
    })
    return { app, coApplicant, preApproval, primary }
  }
  const reads = async (slug: string, id: string) =>
    (await dealerSends('GET', `/api/${slug}/${id}`)).status

  it('cannot take B’s co-applicant by naming it in a lead, nor reach the app through it', async () => {
    const b = await couple('One')
    const taken = await lead({ consumer: b.coApplicant, location: A.location })
    expect(invalidPaths(taken.body)).toEqual(['consumer'])
    for (const [slug, id] of [
      ['consumer', b.coApplicant],
      ['consumer', b.primary],
      ['credit-app', b.app],
      ['pre-approval', b.preApproval],
    ])
      expect({ slug, status: await reads(slug, id) }).toEqual({ slug, status: 404 })
    // B's dealer reaches the co-applicant through the app, as before.
    const dealerB = await staffUser(context.service.payload, 'dealer', B.company)
    const asB = async (id: string) => (await as(dealerB, 'GET', `/api/consumer/${id}`)).status
    expect([await asB(b.coApplicant), await asB(b.primary)]).toEqual([200, 200])
  })

  it('cannot take a consumer whose only lead at B is in the trash, before or after its restore', async () => {
    const primary = await post('/api/consumer', {
      birthDate: '1982-01-01',
      firstName: 'Tess',
      lastName: 'Trashed',
      phoneNumber: '510-555-0113',
    })
    const leadB = await post('/api/lead', {
      consumer: primary,
      birthDate: '1982-01-01',
      firstName: 'Tess',
      location: B.location,
    })
    const trash = await sendJson(context.service, 'PATCH', `/api/lead/${leadB}`, {
      body: { deletedAt: new Date().toISOString() },
      headers: headers(),
    })
    expect(trash.status).toBe(200)
    expect(invalidPaths((await lead({ consumer: primary, location: A.location })).body)).toEqual([
      'consumer',
    ])
    const restore = await sendJson(context.service, 'PATCH', `/api/lead/${leadB}?trash=true`, {
      body: { deletedAt: null },
      headers: headers(),
    })
    expect(restore.status).toBe(200)
    expect(await reads('consumer', primary)).toBe(404)
  })

  it('cannot link B’s address to its own customer, nor read, change or delete it', async () => {
    const mine = await dealerSends('POST', '/api/customer', { name: 'Own Customer' })
    expect(mine.status).toBe(201)
    const linked = await dealerSends('PATCH', `/api/customer/${mine.body.doc.id}`, {
      addresses: [ids.b.address],
    })
    expect(invalidPaths(linked.body)).toEqual(['addresses'])
    const created = await dealerSends('POST', '/api/customer', {
      addresses: [ids.b.address],
      name: 'Other Customer',
    })
    expect(invalidPaths(created.body)).toEqual(['addresses'])
    expect(await reads('address', String(ids.b.address))).toBe(404)
    const path = `/api/address/${ids.b.address}`
    expect((await dealerSends('PATCH', path, { line1: '1 Taken St' })).status).toBe(403)
    expect((await dealerSends('DELETE', path)).status).toBe(403)
    const still = await as(admin(), 'GET', path)
    expect(still.body.line1).toBe('7 Harbor St')
    // An address it makes is its company's, and may be linked.
    const own = await dealerSends('POST', '/api/address', {
      city: { name: 'Los Angeles', state: 'CA' },
      line1: '9 Own St',
      zip: '90012',
    })
    expect(own.status).toBe(201)
    const ownLinked = await dealerSends('PATCH', `/api/customer/${mine.body.doc.id}`, {
      addresses: [own.body.doc.id],
    })
    expect(ownLinked.status).toBe(200)
  })

  it('keeps a shared consumer’s dealer-made credit app with the dealership that made it', async () => {
    const dealerB = await staffUser(context.service.payload, 'dealer', B.company)
    const shared = await post('/api/consumer', {
      birthDate: '1983-01-01',
      firstName: 'Sam',
      lastName: 'Shared',
      phoneNumber: '510-555-0114',
    })
    await post('/api/lead', { consumer: shared, firstName: 'Sam', location: A.location })
    await post('/api/lead', { consumer: shared, firstName: 'Sam', location: B.location })
    expect(await reads('consumer', shared)).toBe(200)
    const appB = await as(dealerB, 'POST', '/api/credit-app', {
      consumer: shared,
      preApproval: 'pre_test_bayside',
      vehicle: '4T1B11HK7NU000123',
    })
    // Made by B's dealer: B's alone, though A shares the consumer.
    expect(appB.status).toBe(201)
    expect(await reads('credit-app', appB.body.doc.id)).toBe(404)
    expect((await as(dealerB, 'GET', `/api/credit-app/${appB.body.doc.id}`)).status).toBe(200)
  })
})
