/** Endpoints 1–10: the commerce envelope, depth, paging, errors and roles, over HTTP. */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { contractValidator } from '../helpers/contract'
import { sendJson } from '../helpers/http'
import type { PrincipalName } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
const as = (caller: PrincipalName) => context.who[caller].headers
let conforms: ReturnType<typeof contractValidator>

beforeAll(async () => {
  const document = await (await context.service.api('/api/openapi.json')).json()
  conforms = contractValidator(document)
})

/** Calls a commerce endpoint; every response must match the OpenAPI document. */
const call = async (
  method: string,
  path: string,
  body?: unknown,
  caller: PrincipalName = 'integrator',
) => {
  const response = await sendJson(context.service, method, `/api${path}`, {
    body,
    headers: as(caller),
  })
  if (response.status !== 404 || path.split('/').length > 2)
    expect(conforms(method, path, response)).toEqual([])
  return response
}
const error = (code: number, message: string) => ({ error: { code, message }, success: false })

const newConsumer = {
  birthDate: '1992-07-04',
  firstName: 'Noor',
  lastName: 'Haddad',
  phoneNumber: '(646) 555-0133',
}
const newCreditApp = {
  consumer: 'con_demo_maria',
  preApproval: 'pre_demo_maria',
  vehicle: 'JTMRWRFV4LD000321',
}

describe('1. POST /creditapps', () => {
  it('creates a credit app and answers 200 {data, success}', async () => {
    const response = await call('POST', '/creditapps?depth=0', {
      ...newCreditApp,
      provider: 'provider_b',
      toProvider: false,
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      data: expect.objectContaining({
        consumer: 'con_demo_maria',
        id: expect.stringMatching(/^crapp_/),
        preApproval: 'pre_demo_maria',
        provider: 'provider_b',
        vehicle: 'JTMRWRFV4LD000321',
      }),
      success: true,
    })
  })

  it('expands relations with depth ≥ 1', async () => {
    const response = await call('POST', '/creditapps?depth=1', newCreditApp)
    expect(response.body.data.vehicle).toMatchObject({
      id: 'JTMRWRFV4LD000321',
      make: 'Toyota',
      model: 'RAV4',
    })
    expect(response.body.data.consumer).toMatchObject({ firstName: 'María', id: 'con_demo_maria' })
  })

  it('400 Missing Required Information names each absent field', async () => {
    const response = await call('POST', '/creditapps', { consumer: 'con_demo_maria' })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      error: {
        code: 400,
        details: [
          { field: 'preApproval', message: 'is required' },
          { field: 'vehicle', message: 'is required' },
        ],
        message: 'Missing Required Information',
      },
      success: false,
    })
  })

  it.each([
    ['a bad phone', { phoneNumber: '12345' }, 'phoneNumber'],
    ['a bad date', { birthDate: '1990-02-30' }, 'birthDate'],
    ['an unknown provider', { provider: 'provider_z' }, 'provider'],
    ['a bad e-mail', { coApplicantEmail: 'not-mail' }, 'coApplicantEmail'],
    ['a wrong type', { toProvider: 'yes please' }, 'toProvider'],
    ['a relation that does not exist', { vehicle: '1HGCM82633A004352' }, 'vehicle'],
  ])('%s is a 400 naming the field', async (_label, change, field) => {
    const response = await call('POST', '/creditapps', { ...newCreditApp, ...change })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      error: { code: 400, message: 'Invalid Information' },
      success: false,
    })
    expect(response.body.error.details.map((item: { field: string }) => item.field)).toContain(
      field,
    )
  })

  it('malformed JSON is a 400, not a 500', async () => {
    const response = await call('POST', '/creditapps', '{"consumer": ')
    expect(response).toMatchObject({ body: error(400, 'Malformed JSON'), status: 400 })
  })

  it('a body that is not an object is a 400', async () => {
    expect((await call('POST', '/creditapps', '[1,2]')).status).toBe(400)
  })
})

describe('2. GET /creditapps/{id}', () => {
  it('returns the credit app; ids at depth=0, objects at depth=2', async () => {
    const flat = await call('GET', '/creditapps/crapp_demo_maria?depth=0')
    expect(flat.body).toEqual({
      data: expect.objectContaining({ id: 'crapp_demo_maria', preApproval: 'pre_demo_maria' }),
      success: true,
    })
    const deep = await call('GET', '/creditapps/crapp_demo_maria?depth=2')
    expect(deep.body.data.preApproval.creditBand).toMatchObject({
      id: 'crb_demo_prime',
      name: 'Prime',
    })
  })

  it('404 Credit App Not Found', async () => {
    expect(await call('GET', '/creditapps/crapp_nope')).toMatchObject({
      body: error(404, 'Credit App Not Found'),
      status: 404,
    })
  })

  it.each(['-1', '1.5', 'two', '6'])('depth=%s is a 400', async (depth) => {
    const response = await call('GET', `/creditapps/crapp_demo_maria?depth=${depth}`)
    expect(response.status).toBe(400)
    expect(response.body.error.details[0].field).toBe('depth')
  })
})

describe('3. PATCH /creditreports/{id}', () => {
  it('updates the report', async () => {
    const response = await call('PATCH', '/creditreports/crp_demo_james?depth=0', {
      creditBand: 'crb_demo_prime',
      creditScore: 668,
    })
    expect(response.body).toEqual({
      data: expect.objectContaining({
        creditBand: 'crb_demo_prime',
        creditScore: 668,
        id: 'crp_demo_james',
      }),
      success: true,
    })
  })

  it('404 Credit Report Not Found', async () => {
    expect(await call('PATCH', '/creditreports/crp_nope', { creditScore: 1 })).toMatchObject({
      body: error(404, 'Credit Report Not Found'),
      status: 404,
    })
  })

  it('a bad date-time is a 400 and nothing changes', async () => {
    const response = await call('PATCH', '/creditreports/crp_demo_maria', { time: 'yesterday' })
    expect(response.status).toBe(400)
    expect(response.body.error.details).toEqual([
      { field: 'time', message: expect.stringContaining('date-time') },
    ])
  })
})

describe('4. POST /consumers', () => {
  it('creates a consumer and answers 200', async () => {
    const response = await call('POST', '/consumers?depth=0', {
      ...newConsumer,
      email: 'noor@مثال.شبكة',
      phoneNumbers: ['646-555-0133'],
    })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({
      ...newConsumer,
      email: 'noor@مثال.شبكة',
      id: expect.stringMatching(/^con_/),
    })
  })

  it('400 Missing Required Information', async () => {
    const response = await call('POST', '/consumers', { firstName: 'Only' })
    expect(response.body).toMatchObject({
      error: { code: 400, message: 'Missing Required Information' },
      success: false,
    })
    expect(response.body.error.details.map((item: { field: string }) => item.field)).toEqual([
      'lastName',
      'birthDate',
      'phoneNumber',
    ])
  })

  it('a bad element of phoneNumbers is a 400 naming phoneNumbers', async () => {
    const response = await call('POST', '/consumers', {
      ...newConsumer,
      phoneNumbers: ['646-555-0133', 'nope'],
    })
    expect(response.body.error.details).toEqual([
      { field: 'phoneNumbers', message: expect.stringContaining('number 2 of the list') },
    ])
  })
})

describe('4. POST /consumers: addresses as ids or Address objects', () => {
  let serial = 0
  /** An inline address no other test uses (its line1 finds it), in a city that may not exist yet. */
  const inlineAddress = (city = 'Austin') => ({
    city: { name: city, state: { code: 'TX' } },
    line1: `${++serial} Inline Rd`,
    zip: '78701',
  })
  const stored = async (line1: string) =>
    (
      await context.service.payload.find({
        collection: 'address',
        depth: 0,
        where: { line1: { equals: line1 } },
      })
    ).docs
  const cityCount = async (name: string) =>
    (await context.service.payload.count({ collection: 'city', where: { name: { equals: name } } }))
      .totalDocs

  it('creates an inline address and links it, beside an id and a reference to an existing address', async () => {
    const home = inlineAddress()
    const response = await call('POST', '/consumers?depth=3', {
      ...newConsumer,
      addresses: ['adr_demo_chen', home, { id: 'adr_demo_james' }],
    })
    expect(response.status).toBe(200)
    const [created] = await stored(home.line1)
    expect(response.body.data.addresses).toEqual([
      expect.objectContaining({ id: 'adr_demo_chen' }),
      {
        city: expect.objectContaining({
          name: 'Austin',
          state: expect.objectContaining({ code: 'TX' }),
        }),
        createdAt: expect.any(String),
        id: created.id,
        line1: home.line1,
        line2: null,
        updatedAt: expect.any(String),
        zip: '78701',
      },
      expect.objectContaining({ id: 'adr_demo_james' }),
    ])
    expect(created.id).toMatch(/^adr_[A-Za-z0-9]{20}$/)
  })

  it('keeps a new id given with the inline address', async () => {
    const response = await call('POST', '/consumers?depth=0', {
      ...newConsumer,
      addresses: [{ ...inlineAddress(), id: 'adr_noor_home' }],
    })
    expect(response.body).toMatchObject({ data: { addresses: ['adr_noor_home'] }, success: true })
    expect(
      await context.service.payload.findByID({
        collection: 'address',
        depth: 0,
        id: 'adr_noor_home',
      }),
    ).toMatchObject({ zip: '78701' })
  })

  it('an object naming an existing address links it as stored (its other fields are not applied)', async () => {
    const response = await call('POST', '/consumers?depth=1', {
      ...newConsumer,
      addresses: [{ id: 'adr_demo_maria', line1: 'Somewhere else', zip: '90026' }],
    })
    expect(response.body.data.addresses).toEqual([
      expect.objectContaining({ id: 'adr_demo_maria', line1: '1458 Sunset Blvd' }),
    ])
  })

  it.each([
    ['a bad ZIP', { zip: '7870' }, 'Invalid Information', ['addresses.0.zip']],
    [
      'an unknown state',
      { city: { name: 'Nowhere', state: 'XX' } },
      'Invalid Information',
      ['addresses.0.city.state'],
    ],
    ['a bad new id', { id: 'con_wrong_prefix' }, 'Invalid Information', ['addresses.0.id']],
    [
      'no line1 and no ZIP',
      { line1: undefined, zip: undefined },
      'Missing Required Information',
      ['addresses.0.line1', 'addresses.0.zip'],
    ],
  ])(
    'an inline address with %s is a 400 naming the field, and nothing is created',
    async (_label, change, message, fields) => {
      const address = { ...inlineAddress(), ...change }
      const response = await call('POST', '/consumers', { ...newConsumer, addresses: [address] })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ error: { code: 400, message }, success: false })
      expect(
        response.body.error.details.map((item: { field: string }) => item.field).sort(),
      ).toEqual(fields)
      expect(await stored(`${serial} Inline Rd`)).toEqual([])
    },
  )

  it('a failing second address or a failing consumer leaves no address and no new city behind', async () => {
    const first = inlineAddress('Inlineville')
    const second = await call('POST', '/consumers', {
      ...newConsumer,
      addresses: [first, { ...inlineAddress(), zip: 'nope' }],
    })
    expect(second.body.error.details).toEqual([
      { field: 'addresses.1.zip', message: expect.any(String) },
    ])
    const third = inlineAddress('Inlineville')
    const consumer = await call('POST', '/consumers', {
      ...newConsumer,
      addresses: [third],
      phoneNumber: 'not a phone',
    })
    expect(consumer.body.error.details).toEqual([
      { field: 'phoneNumber', message: expect.any(String) },
    ])
    expect(await stored(first.line1)).toEqual([])
    expect(await stored(third.line1)).toEqual([])
    expect(await cityCount('Inlineville')).toBe(0)
  })

  it('a customer takes inline addresses too (Payload REST, staff)', async () => {
    const home = inlineAddress()
    const response = await sendJson(
      context.service,
      'PATCH',
      '/api/customer/cus_demo_james?depth=1',
      { body: { addresses: ['adr_demo_james', home] }, headers: as('staff') },
    )
    expect(response.status).toBe(200)
    expect(response.body.doc.addresses).toEqual([
      expect.objectContaining({ id: 'adr_demo_james' }),
      expect.objectContaining({ line1: home.line1, zip: '78701' }),
    ])
    const bad = await sendJson(context.service, 'PATCH', '/api/customer/cus_demo_james', {
      body: { addresses: [{ ...inlineAddress(), zip: 'x' }] },
      headers: as('staff'),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].data.errors.map((item: { path: string }) => item.path)).toEqual([
      'addresses.0.zip',
    ])
  })

  it('an item that is neither an id nor an object is a 400', async () => {
    const response = await call('POST', '/consumers', { ...newConsumer, addresses: [true] })
    expect(response.status).toBe(400)
    expect(response.body.error.details.map((item: { field: string }) => item.field)).toEqual([
      'addresses',
    ])
  })
})

describe('5. PATCH /contacts/{id}', () => {
  it('updates the contact', async () => {
    const response = await call('PATCH', '/contacts/cnt_demo_rachel', {
      isAutomatedAgent: false,
      roles: ['sales'],
    })
    expect(response.body).toEqual({
      data: expect.objectContaining({ id: 'cnt_demo_rachel', roles: ['sales'] }),
      success: true,
    })
  })

  it('404 Contact Not Found', async () => {
    expect(await call('PATCH', '/contacts/cnt_nope', { firstName: 'x' })).toMatchObject({
      body: error(404, 'Contact Not Found'),
      status: 404,
    })
  })

  it('a bad phone is a 400 naming it', async () => {
    const response = await call('PATCH', '/contacts/cnt_demo_rachel', {
      primaryPhoneNumber: 'call me',
    })
    expect(response.body.error.details.map((item: { field: string }) => item.field)).toEqual([
      'primaryPhoneNumber',
    ])
  })
})

const PAGE_KEYS = [
  'data',
  'hasNextPage',
  'hasPrevPage',
  'limit',
  'nextCursor',
  'nextPage',
  'page',
  'pagingCounter',
  'prevPage',
  'success',
  'totalCount',
  'totalPages',
]

describe('6. GET /webevents and 7. GET /companies (paged lists)', () => {
  it('answers exactly the paged body, 10 by default', async () => {
    const response = await call('GET', '/webevents')
    expect(Object.keys(response.body).sort()).toEqual(PAGE_KEYS)
    expect(response.body).toMatchObject({
      hasNextPage: false,
      hasPrevPage: false,
      limit: 10,
      nextPage: null,
      page: 1,
      pagingCounter: 1,
      prevPage: null,
      success: true,
      totalCount: 3,
      totalPages: 1,
    })
  })

  it('pages: limit 2, page 2 is the last page', async () => {
    const response = await call('GET', '/webevents?limit=2&page=2&sort=name')
    expect(response.body).toMatchObject({
      hasNextPage: false,
      hasPrevPage: true,
      limit: 2,
      nextPage: null,
      page: 2,
      pagingCounter: 3,
      prevPage: 1,
      totalPages: 2,
    })
    expect(response.body.data).toHaveLength(1)
  })

  it('sorts descending with a leading minus', async () => {
    const response = await call('GET', '/webevents?sort=-name&depth=0')
    expect(response.body.data.map((event: { name: string }) => event.name)).toEqual([
      'vdp_viewed',
      'prequal_started',
      'credit_app_submitted',
    ])
  })

  it('a limit above the maximum is clamped and says so', async () => {
    expect((await call('GET', '/companies?limit=1000')).body.limit).toBe(100)
  })

  it('an empty page past the end', async () => {
    const response = await call('GET', '/companies?page=9')
    expect(response.body).toMatchObject({ data: [], hasNextPage: false, page: 9, success: true })
  })

  it('filters with where (nested query string and JSON)', async () => {
    const nested = await call('GET', '/companies?where[name][like]=lane&depth=0')
    expect(nested.body.data.map((company: { id: string }) => company.id)).toEqual(['com_demo_lane'])
    const json = await call(
      'GET',
      `/companies?where=${encodeURIComponent('{"isFacilitator":{"equals":false}}')}`,
    )
    expect(json.body.data.map((company: { id: string }) => company.id)).toEqual(['com_demo_sunset'])
  })

  it('lists companies with their locations as an array of Location (2.10)', async () => {
    const response = await call('GET', '/companies?where[id][equals]=com_demo_lane&depth=1')
    expect(response.body.data[0].locations).toEqual([
      expect.objectContaining({
        address: '500 Congress Ave, Suite 200, Austin, TX 78701',
        companyId: 'com_demo_lane',
        id: 'loc_demo_lane_austin',
        phone: '512-555-0150',
      }),
    ])
    const flat = await call('GET', '/companies?where[id][equals]=com_demo_sunset&depth=0')
    expect(flat.body.data[0].locations).toEqual(['loc_demo_sunset_la'])
  })

  it('lists every location of a company, not the first ten', async () => {
    const { payload } = context.service
    const company = await payload.create({
      collection: 'company',
      data: { isFacilitator: true, name: 'Many Sites Inc' },
    })
    const { city } = await payload.findByID({
      collection: 'location',
      depth: 0,
      id: 'loc_demo_lane_austin',
    })
    for (let n = 1; n <= 12; n++) {
      await payload.create({
        collection: 'location',
        data: { city, companyId: company.id, line1: `${n} Site St`, zip: '78701' },
      })
    }
    const response = await call('GET', `/companies?where[id][equals]=${company.id}&depth=0`)
    expect(response.body.data[0].locations).toHaveLength(12)
  })

  it('a company without locations has an empty list', async () => {
    const company = await context.service.payload.create({
      collection: 'company',
      data: { isFacilitator: true, name: 'No Sites LLC' },
    })
    expect(
      (await call('GET', `/companies?where[id][equals]=${company.id}`)).body.data[0].locations,
    ).toEqual([])
  })

  it.each([
    ['an unknown sort field', '/webevents?sort=color', 'sort'],
    ['a zero limit', '/webevents?limit=0', 'limit'],
    ['a page of -1', '/companies?page=-1', 'page'],
    ['a filter on an unknown field', '/companies?where[color][equals]=red', 'where'],
  ])('%s is a 400', async (_label, path, field) => {
    const response = await call('GET', path)
    expect(response.status).toBe(400)
    expect(response.body.error.details[0].field).toBe(field)
  })

  it('web events are read-only here', async () => {
    expect((await call('POST', '/webevents', { name: 'x' })).status).toBe(404)
  })

  it('an admin API client records a web event (REST), the list shows it, nobody changes it, an admin removes it', async () => {
    const rest = (method: string, path: string, caller: PrincipalName, body?: unknown) =>
      sendJson(context.service, method, `/api/web-event${path}`, { body, headers: as(caller) })
    const created = await rest('POST', '?depth=0', 'clientAdmin', {
      account: 'acc_demo_maria',
      anonymousId: 'anon-ingest-1',
      name: 'trade_in_started',
    })
    expect(created).toMatchObject({
      body: {
        doc: {
          account: 'acc_demo_maria',
          anonymousId: 'anon-ingest-1',
          id: expect.stringMatching(/^wev_/),
          name: 'trade_in_started',
        },
      },
      status: 201,
    })
    const id = created.body.doc.id
    const listed = await call('GET', `/webevents?where[id][equals]=${id}&depth=1`)
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        account: expect.objectContaining({ id: 'acc_demo_maria' }),
        anonymousId: 'anon-ingest-1',
        id,
        name: 'trade_in_started',
      }),
    ])
    for (const caller of ['staffAdmin', 'staff', 'integrator'] as PrincipalName[])
      expect((await rest('POST', '', caller, { name: 'x' })).status).toBe(403)
    for (const caller of ['clientAdmin', 'staffAdmin'] as PrincipalName[])
      expect((await rest('PATCH', `/${id}`, caller, { name: 'changed' })).status).toBe(403)
    expect((await rest('DELETE', `/${id}`, 'staff')).status).toBe(403)
    expect((await rest('DELETE', `/${id}`, 'staffAdmin')).status).toBe(200)
    expect((await call('GET', `/webevents?where[id][equals]=${id}`)).body.data).toEqual([])
  })

  it('a web event without a name is refused', async () => {
    const response = await sendJson(context.service, 'POST', '/api/web-event', {
      body: { anonymousId: 'anon-x' },
      headers: as('clientAdmin'),
    })
    expect(response.status).toBe(400)
    expect(response.body.errors[0].data.errors.map((item: { path: string }) => item.path)).toEqual([
      'name',
    ])
  })
})

describe('8. GET /deals/{id}', () => {
  it('shows dealer location, vehicle, customers and the facilitator with its location', async () => {
    const response = await call('GET', '/deals/deal_demo_camry?depth=3')
    expect(response.body.success).toBe(true)
    const deal = response.body.data
    expect(deal.dealer.location).toMatchObject({
      city: { name: 'Los Angeles', state: { code: 'CA' } },
      id: 'loc_demo_sunset_la',
      latitude: 34.0781,
      line1: '1600 Sunset Blvd',
      zip: '90026',
    })
    expect(deal.vehicle).toMatchObject({ id: '4T1B11HK7NU000123', vin: '4T1B11HK7NU000123' })
    expect(deal.customer).toMatchObject({ id: 'cus_demo_maria' })
    expect(deal.coBuyerOrCoSellerCustomer).toMatchObject({ id: 'cus_demo_james' })
    expect(deal.facilitator).toMatchObject({
      id: 'com_demo_lane',
      location: { id: 'loc_demo_lane_austin', line2: 'Suite 200', zip: '78701' },
      name: 'Lane Auto Auctions',
    })
    expect(deal).toMatchObject({
      currentBidPrice: 23750,
      maximumBidPrice: 25500,
      minimumBidPrice: 22000,
    })
  })

  it('at the default depth, the dealer location shows city.name and city.state.code (2.12)', async () => {
    const deal = (await call('GET', '/deals/deal_demo_camry')).body.data
    expect(deal.dealer.location).toMatchObject({
      city: { name: 'Los Angeles', state: { code: 'CA', id: 'CA' } },
      id: 'loc_demo_sunset_la',
      latitude: 34.0781,
      line1: '1600 Sunset Blvd',
      line2: null,
      longitude: -118.2606,
      zip: '90026',
    })
    expect(deal.facilitator.location).toMatchObject({
      city: { name: 'Austin', state: { code: 'TX' } },
      id: 'loc_demo_lane_austin',
      line1: '500 Congress Ave',
      line2: 'Suite 200',
      zip: '78701',
    })
    // Embedded companies carry no join (no contract shape lists one there).
    expect(deal.facilitator).not.toHaveProperty('locations')
    expect(deal.dealer.location.companyId).not.toHaveProperty('locations')
  })

  it('at depth=1 the city is an id, as depth says', async () => {
    const deal = (await call('GET', '/deals/deal_demo_camry?depth=1')).body.data
    expect(deal.dealer.location).toMatchObject({
      city: expect.stringMatching(/^cty_/),
      id: 'loc_demo_sunset_la',
    })
  })

  it('returns ids at depth=0', async () => {
    const deal = (await call('GET', '/deals/deal_demo_camry?depth=0')).body.data
    expect(deal).toMatchObject({
      customer: 'cus_demo_maria',
      dealer: { location: 'loc_demo_sunset_la' },
      facilitator: 'com_demo_lane',
      vehicle: '4T1B11HK7NU000123',
    })
  })

  it('404 Deal Not Found', async () => {
    expect(await call('GET', '/deals/deal_nope')).toMatchObject({
      body: error(404, 'Deal Not Found'),
      status: 404,
    })
  })
})

describe('9. GET /facilitators/{id} and 10. GET /customers/{id}', () => {
  it('returns a facilitator with its locations as an array of Location (2.10)', async () => {
    const response = await call('GET', '/facilitators/com_demo_lane')
    expect(response.body).toEqual({
      data: {
        address: '500 Congress Ave, Austin, TX 78701',
        createdAt: expect.any(String),
        id: 'com_demo_lane',
        isFacilitator: true,
        locations: [
          expect.objectContaining({
            address: '500 Congress Ave, Suite 200, Austin, TX 78701',
            companyId: 'com_demo_lane',
            id: 'loc_demo_lane_austin',
            phone: '512-555-0150',
          }),
        ],
        name: 'Lane Auto Auctions',
        updatedAt: expect.any(String),
      },
      success: true,
    })
    expect((await call('GET', '/facilitators/com_demo_lane?depth=0')).body.data.locations).toEqual([
      'loc_demo_lane_austin',
    ])
  })

  it('404 Facilitator Not Found, also for a company that is no facilitator', async () => {
    expect(await call('GET', '/facilitators/com_nope')).toMatchObject({
      body: error(404, 'Facilitator Not Found'),
      status: 404,
    })
    expect(await call('GET', '/facilitators/com_demo_sunset')).toMatchObject({
      body: error(404, 'Facilitator Not Found'),
      status: 404,
    })
  })

  it('returns a customer with addresses', async () => {
    const response = await call('GET', '/customers/cus_demo_maria?depth=1')
    expect(response.body.data).toMatchObject({
      addresses: [{ id: 'adr_demo_maria', line1: '1458 Sunset Blvd' }],
      id: 'cus_demo_maria',
      phoneNumbers: ['(213) 555-0147'],
    })
  })

  it('404 Customer Not Found', async () => {
    expect(await call('GET', '/customers/cus_nope')).toMatchObject({
      body: error(404, 'Customer Not Found'),
      status: 404,
    })
  })
})

describe('authentication and roles on every endpoint', () => {
  // Every row has three entries: with fewer, jest would pass a `done` callback as `body` and wait for it.
  const endpoints: [string, string, unknown][] = [
    ['POST', '/creditapps', newCreditApp],
    ['GET', '/creditapps/crapp_demo_maria', undefined],
    ['PATCH', '/creditreports/crp_demo_maria', {}],
    ['POST', '/consumers', newConsumer],
    ['PATCH', '/contacts/cnt_demo_rachel', {}],
    ['GET', '/webevents', undefined],
    ['GET', '/companies', undefined],
    ['GET', '/deals/deal_demo_camry', undefined],
    ['GET', '/facilitators/com_demo_lane', undefined],
    ['GET', '/customers/cus_demo_maria', undefined],
  ]

  it.each(endpoints)(
    '%s %s: 401 without, with an unknown and with a disabled key',
    async (method, path, body) => {
      for (const headers of [
        {},
        { Authorization: 'api-clients API-Key 00ff' },
        context.who.disabledClient.headers,
      ]) {
        const response = await sendJson(context.service, method, `/api${path}`, { body, headers })
        expect(response).toMatchObject({ body: error(401, 'Unauthorized'), status: 401 })
      }
    },
  )

  it.each(endpoints)(
    '%s %s: 403 for a lead agent; allowed for integrator, admin client, staff and staff admin',
    async (method, path, body) => {
      expect(await call(method, path, body, 'leadAgent')).toMatchObject({
        body: error(403, 'Forbidden'),
        status: 403,
      })
      for (const caller of [
        'integrator',
        'clientAdmin',
        'staff',
        'staffAdmin',
      ] as PrincipalName[]) {
        expect((await call(method, path, body, caller)).status).toBe(200)
      }
    },
  )
})

describe('depth on every endpoint', () => {
  // [method, path, body, a relation field, the id it holds]
  const relations: [string, string, unknown, (data: any) => unknown, string][] = [
    ['POST', '/creditapps', newCreditApp, (data) => data.consumer, 'con_demo_maria'],
    ['GET', '/creditapps/crapp_demo_james', undefined, (data) => data.vehicle, '1FTFW1E50MFA00456'],
    ['PATCH', '/creditreports/crp_demo_maria', {}, (data) => data.creditBand, 'crb_demo_prime'],
    [
      'POST',
      '/consumers',
      { ...newConsumer, addresses: ['adr_demo_chen'] },
      (data) => data.addresses[0],
      'adr_demo_chen',
    ],
    [
      'PATCH',
      '/contacts/cnt_demo_rachel',
      { address: 'adr_demo_maria' },
      (data) => data.address,
      'adr_demo_maria',
    ],
    ['GET', '/webevents?sort=name', undefined, (data) => data[0].account, 'acc_demo_maria'],
    [
      'GET',
      '/companies?where[id][equals]=com_demo_lane',
      undefined,
      (data) => data[0].locations[0],
      'loc_demo_lane_austin',
    ],
    ['GET', '/deals/deal_demo_camry', undefined, (data) => data.customer, 'cus_demo_maria'],
    [
      'GET',
      '/facilitators/com_demo_lane',
      undefined,
      (data) => data.locations[0],
      'loc_demo_lane_austin',
    ],
    ['GET', '/customers/cus_demo_james', undefined, (data) => data.addresses[0], 'adr_demo_james'],
  ]

  it.each(relations)(
    '%s %s: depth=0 gives the id, depth=1 the record',
    async (method, path, body, pick, id) => {
      const join = path.includes('?') ? '&' : '?'
      const flat = await call(method, `${path}${join}depth=0`, body)
      expect(pick(flat.body.data)).toBe(id)
      const deep = await call(method, `${path}${join}depth=1`, body)
      expect(pick(deep.body.data)).toMatchObject({ id })
    },
  )
})
