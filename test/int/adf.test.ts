/** POST /api/leads/adf: ADF documents from lead sources become leads, whole or not at all. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createLocalReq } from 'payload'

import { AdfError, ingestAdf } from '@/adf/ingest'

import { sampleAdf, sampleProspect } from '../helpers/adf'
import { type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const KNOWN_VIN = '1HGCV1F34LA012345'
let sunsetLocation: string

// The intake's own tests: duplicate matching is off but in its describe block below.
beforeAll(() => {
  process.env.LEAD_DUPLICATE_RULES = 'none'
})
afterAll(() => {
  delete process.env.LEAD_DUPLICATE_RULES
})

beforeAll(async () => {
  const { payload } = context.service
  const company = await payload.find({
    collection: 'company',
    where: { name: { equals: 'Sunset Motors' } },
  })
  const locations = await payload.find({
    collection: 'location',
    sort: 'createdAt',
    where: { companyId: { equals: company.docs[0].id } },
  })
  sunsetLocation = locations.docs[0].id
  await payload.create({
    collection: 'vehicle',
    data: {
      bodyStyle: 'Sedan',
      drivetrain: 'FWD',
      engine: '1.5L I4',
      make: 'Honda',
      model: 'Accord',
      transmission: 'CVT',
      vin: KNOWN_VIN,
      year: 2020,
    },
  })
})

const post = async (
  body: Buffer | string,
  who: Principal = context.who.staff,
  type = 'application/xml',
): Promise<{ body: any; status: number }> => {
  const response = await context.service.api('/api/leads/adf', {
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': type, ...who.headers },
    method: 'POST',
  })
  const text = await response.text()
  return { body: text ? JSON.parse(text) : null, status: response.status }
}

const leadCount = async () =>
  (await context.service.payload.count({ collection: 'lead' })).totalDocs

const getLead = async (id: number, who: Principal) => {
  const response = await context.service.api(`/api/lead/${id}?depth=0`, { headers: who.headers })
  return { body: await response.json(), status: response.status }
}

describe('POST /api/leads/adf', () => {
  it('makes a lead of a prospect, with its event, vehicle link and the original kept', async () => {
    const xml = sampleAdf([{ extra: '<loyalty tier="gold">yes</loyalty>' }])
    const response = await post(xml)
    expect(response.status).toBe(201)
    expect(response.body).toEqual({
      data: { leads: [{ id: expect.any(Number), receipt: expect.any(Number) }] },
      success: true,
    })
    const id = response.body.data.leads[0].id
    const { body: lead } = await getLead(id, context.who.staff)
    expect(lead).toMatchObject({
      email: 'jane.doe@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      location: sunsetLocation,
      phoneNumber: '(555) 201-3344',
      source: 'Example Leads',
    })
    expect(lead.adf).toMatchObject({
      address: {
        apartment: 'Apt 4',
        city: 'Los Angeles',
        country: 'US',
        postalCode: '90026',
        regionCode: 'CA',
        street: '1458 Sunset Blvd',
        type: 'home',
      },
      comments: 'Evenings are best.',
      document: xml,
      middleName: 'Q',
      origin: 'http',
      phones: [
        { number: '(555) 201-3344', preferred: true, time: 'evening', type: 'cellphone' },
        { number: '555.201.9000', preferred: false, time: 'day', type: 'voice' },
      ],
      prospectId: 'EL-Doe-1',
      prospectIdSource: 'ExampleLeads',
      providerEmail: 'support@leads.example.com',
      providerName: 'Example Leads',
      providerService: 'New and used car leads',
      requestDate: '2026-11-26T23:30:20.000Z',
      status: 'new',
      timeframe: { description: 'Within a week' },
      vendorName: 'Sunset Motors',
    })
    expect(lead.adf.timeframe.earliestDate).toMatch(/^2026-11-28T/)
    expect(lead.adf.vehicles).toEqual([
      expect.objectContaining({
        comments: 'Is it still available?',
        downPayment: 3000,
        financeMethod: 'finance',
        interest: 'buy',
        make: 'Honda',
        model: 'Accord',
        monthlyPayment: 450,
        odometer: 31250,
        odometerUnits: 'miles',
        price: 24995,
        priceCurrency: 'USD',
        priceType: 'asking',
        status: 'used',
        stock: 'A1234',
        trim: 'EX-L',
        vehicle: KNOWN_VIN,
        vin: KNOWN_VIN,
        year: 2020,
      }),
      expect.objectContaining({
        interest: 'trade_in',
        make: 'Toyota',
        odometer: 128000,
        year: 2012,
      }),
    ])
    expect(lead.adf.vehicles[1].vehicle ?? null).toBeNull()
    const events = await context.service.payload.find({
      collection: 'leadEvents',
      where: { lead: { equals: id } },
    })
    expect(events.docs.map((event) => event.type)).toEqual(['Lead Created'])
  })

  it('shows the original document to staff only, not to dealers', async () => {
    const response = await post(sampleAdf([{ lastName: 'Staffonly' }]))
    const id = response.body.data.leads[0].id
    const admin = await getLead(id, context.who.staffAdmin)
    expect(admin.body.adf.document).toContain('Staffonly')
    // Nor a dealer, even of the lead's own company: a document may name other dealerships' people.
    const dealer = await staffUser(context.service.payload, 'dealer', 'com_demo_sunset')
    for (const who of [context.who.leadAgent, context.who.clientAdmin, dealer]) {
      const read = await getLead(id, who)
      expect(read.status).toBe(200)
      expect(read.body.adf.vendorName).toBe('Sunset Motors')
      expect(read.body.adf).not.toHaveProperty('document')
    }
  })

  it('matches the vendor by location or company id, and name in any case', async () => {
    const company = await context.service.payload.find({
      collection: 'company',
      where: { name: { equals: 'Sunset Motors' } },
    })
    const response = await post(
      sampleAdf([
        { vendorId: sunsetLocation, vendorName: 'Whatever' },
        { vendorId: company.docs[0].id, vendorName: '' },
        { vendorName: 'SUNSET MOTORS' },
      ]),
    )
    expect(response.status).toBe(201)
    for (const { id } of response.body.data.leads) {
      const { body } = await getLead(id, context.who.staff)
      expect(body.location).toBe(sunsetLocation)
    }
  })

  it('takes a document of 50 prospects whole, each lead keeping the original', async () => {
    const xml = sampleAdf(Array.from({ length: 50 }, (_, index) => ({ lastName: `Many${index}` })))
    expect(Buffer.byteLength(xml)).toBeGreaterThan(100_000)
    const response = await post(xml)
    expect(response.status).toBe(201)
    expect(response.body.data.leads).toHaveLength(50)
    const last = await getLead(response.body.data.leads[49].id, context.who.staff)
    expect(last.body.lastName).toBe('Many49')
    expect(last.body.adf.document).toBe(xml)
  })

  it('takes text/xml and a prospect with status resend', async () => {
    const xml = sampleAdf([sampleProspect().replace('status="new"', 'status="resend"')])
    const response = await post(xml, context.who.clientAdmin, 'text/xml; charset=utf-8')
    expect(response.status).toBe(201)
    const { body } = await getLead(response.body.data.leads[0].id, context.who.staff)
    expect(body.adf.status).toBe('resend')
  })
})

describe('who may send ADF', () => {
  it.each([
    ['staff', 201],
    ['staffAdmin', 201],
    ['clientAdmin', 201],
    ['integrator', 403],
    ['leadAgent', 403],
    ['anonymous', 401],
    ['disabledClient', 401],
  ] as const)('%s: %i', async (who, status) => {
    const before = await leadCount()
    const response = await post(sampleAdf(), context.who[who])
    expect(response.status).toBe(status)
    if (status === 201) expect(response.body.success).toBe(true)
    else {
      expect(response.body).toEqual({
        error: { code: status, message: status === 401 ? 'Unauthorized' : 'Forbidden' },
        success: false,
      })
      expect(await leadCount()).toBe(before)
    }
  })
})

describe('bad documents save nothing', () => {
  const refused = async (xml: Buffer | string, status: number, says: RegExp) => {
    const before = await leadCount()
    const response = await post(xml)
    expect(response.status).toBe(status)
    expect(response.body.success).toBe(false)
    expect(response.body.error.code).toBe(status)
    expect(response.body.error.message).toMatch(says)
    expect(await leadCount()).toBe(before)
    return response.body
  }

  it('a bad third prospect: 400 naming its line and element, and no lead saved', async () => {
    const xml = sampleAdf([{}, { lastName: 'Second' }, { lastName: 'Third', year: 'soon' }])
    const line = xml.split('\n').findIndex((text) => text.includes('<year>soon</year>')) + 1
    const body = await refused(xml, 400, new RegExp(`line ${line}, <year>: year must be`))
    expect(body.error.details).toEqual([
      { field: 'year', message: expect.stringContaining(`line ${line}`) },
    ])
  })

  it('a third prospect refused while saving (a dealer naming another company): no lead saved', async () => {
    const dealer = await staffUser(context.service.payload, 'dealer', 'com_demo_sunset')
    const xml = sampleAdf([{}, { lastName: 'Second' }, { vendorName: 'Lane Auto Auctions' }])
    const before = await leadCount()
    const mine = await post(sampleAdf([{ lastName: 'Dealer' }]), dealer)
    expect(mine.status).toBe(201)
    const response = await post(xml, dealer)
    expect(response.status).toBe(400)
    const line = xml.split('\n').filter((text) => text.includes('<prospect ')).length
    expect(line).toBe(3)
    expect(response.body.error.message).toMatch(
      /^Invalid ADF document: line \d+, <prospect>: location/,
    )
    expect(await leadCount()).toBe(before + 1)
  })

  it('an unknown vendor: 400 naming it', async () => {
    await refused(
      sampleAdf([{}, { vendorName: 'Nowhere Motors' }]),
      400,
      /<vendor>: unknown vendor: no dealership has the name "Nowhere Motors"/,
    )
  })

  it('a value the lead refuses: 400 at its prospect', async () => {
    await refused(sampleAdf([{ email: 'not-an-address' }]), 400, /<email>: email must be an e-mail/)
  })

  it('not well-formed: 400 naming the line', async () => {
    await refused(
      '<adf>\n<prospect>\n<vehicle></prospect>\n</adf>',
      400,
      /line 3, .*not well-formed/,
    )
    await refused('', 400, /not well-formed|root/)
    await refused('{"adf": 1}', 400, /not well-formed/)
  })

  it('not ADF: 400', async () => {
    await refused(
      '<lead><name>x</name></lead>',
      400,
      /line 1, <lead>: the root element must be <adf>/,
    )
    await refused('<adf></adf>', 400, /needs at least one <prospect>/)
    await refused(
      sampleAdf([sampleProspect().replace(/<vendor>[\s\S]*<\/vendor>/, '')]),
      400,
      /<prospect>: a <prospect> needs a <vendor>/,
    )
    await refused(
      sampleAdf([sampleProspect().replace('status="new"', 'status="sold"')]),
      400,
      /status="sold" is not one of new, resend/,
    )
  })

  it('entity definitions (billion laughs, external entities): 400', async () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE adf [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
]>
<adf>&lol1;</adf>`
    await refused(laughs, 400, /<!DOCTYPE>: a document type declaration with entity definitions/)
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE adf [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<adf><prospect>&xxe;</prospect></adf>`
    await refused(xxe, 400, /<!DOCTYPE>/)
    await refused('<adf><prospect>&xxe;</prospect></adf>', 400, /undefined entity/)
  })

  it('nesting deeper than ADF_MAX_DEPTH: 400 naming the element', async () => {
    const deep = `<adf>${'<x>'.repeat(40)}${'</x>'.repeat(40)}</adf>`
    await refused(deep, 400, /line 1, <x>: elements are nested more than 16 deep/)
  })

  it('over ADF_MAX_BYTES: 413', async () => {
    process.env.ADF_MAX_BYTES = '4096'
    try {
      const big = sampleAdf([{}, {}, {}])
      expect(Buffer.byteLength(big)).toBeGreaterThan(4096)
      await refused(big, 413, /larger than 4096 bytes/)
    } finally {
      delete process.env.ADF_MAX_BYTES
    }
  })

  it('more prospects than ADF_MAX_PROSPECTS: 413 saying to send them in several', async () => {
    process.env.ADF_MAX_PROSPECTS = '2'
    try {
      await refused(sampleAdf([{}, {}, {}]), 413, /has 3 prospects, more than the 2 accepted/)
    } finally {
      delete process.env.ADF_MAX_PROSPECTS
    }
  })

  it('bytes that are not UTF-8: 400, nothing saved', async () => {
    const [head, tail] = sampleAdf([{}]).split('Honda')
    const bytes = Buffer.concat([
      Buffer.from(head),
      Buffer.from([0x48, 0xff, 0xfe]),
      Buffer.from(tail),
    ])
    await refused(bytes, 400, /not valid UTF-8/)
  })

  it('JSON is not ADF: 415', async () => {
    const response = await post('{}', context.who.staff, 'application/json')
    expect(response.status).toBe(415)
    expect(response.body.error.details).toEqual([
      { field: 'Content-Type', message: 'must be application/xml or text/xml' },
    ])
  })
})

describe('ingestAdf, the one function for both doors', () => {
  it('takes a document from the mailbox as the service, and marks where it came in', async () => {
    const req = await createLocalReq({}, context.service.payload)
    const { leads } = await ingestAdf({
      origin: 'mailbox',
      overrideAccess: true,
      req,
      xml: Buffer.from(sampleAdf([{ lastName: 'Mailbox' }])),
    })
    expect(leads).toEqual([{ id: expect.any(Number), receipt: expect.any(Number) }])
    const lead = await context.service.payload.findByID({ collection: 'lead', id: leads[0].id })
    expect(lead).toMatchObject({ adf: { origin: 'mailbox' }, lastName: 'Mailbox' })
  })

  it('throws an AdfError carrying the status and a message naming line and element', async () => {
    const req = await createLocalReq({}, context.service.payload)
    const refusal = await ingestAdf({
      origin: 'mailbox',
      overrideAccess: true,
      req,
      xml: '<adf>\n<prospect status="gone"/>\n</adf>',
    }).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(AdfError)
    expect(refusal).toMatchObject({ place: { element: 'prospect', line: 2 }, status: 400 })
    expect((refusal as AdfError).message).toBe(
      'Invalid ADF document: line 2, <prospect>: a <prospect> needs a <customer>',
    )
    const tooBig = await ingestAdf({
      origin: 'mailbox',
      overrideAccess: true,
      req,
      xml: 'x'.repeat(2 * 1024 * 1024),
    }).catch((error: unknown) => error)
    expect(tooBig).toMatchObject({ status: 413 })
  })

  it('without overrideAccess, refuses a request without a user', async () => {
    const req = await createLocalReq({}, context.service.payload)
    await expect(ingestAdf({ origin: 'mailbox', req, xml: sampleAdf() })).rejects.toMatchObject({
      status: 401,
    })
  })
})

describe('the adf fields belong to the intake', () => {
  it('a REST create or update cannot set them', async () => {
    const response = await context.service.api('/api/lead', {
      body: JSON.stringify({ adf: { document: '<adf/>', origin: 'http' }, firstName: 'Rest' }),
      headers: { 'Content-Type': 'application/json', ...context.who.staffAdmin.headers },
      method: 'POST',
    })
    expect(response.status).toBe(201)
    const { doc } = await response.json()
    const { body } = await getLead(doc.id, context.who.staffAdmin)
    expect(body.adf?.document ?? null).toBeNull()
    expect(body.adf?.origin ?? null).toBeNull()
  })
})

describe('duplicates', () => {
  beforeAll(() => {
    delete process.env.LEAD_DUPLICATE_RULES
  })
  afterAll(() => {
    process.env.LEAD_DUPLICATE_RULES = 'none'
  })

  it('documents naming the same people in other orders, sent at once, all succeed', async () => {
    const people = [1, 2, 3, 4].map((n) => ({
      email: `order.${n}@example.com`,
      lastName: `Order${n}`,
      phone: `(555) 201-40${n}${n}`,
    }))
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(sampleAdf(i % 2 ? [...people].reverse() : people))),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201))
    // One lead each, the other documents added to them.
    const leads = new Set(
      answers.flatMap((answer) => answer.body.data.leads.map((l: { id: number }) => l.id)),
    )
    expect(leads.size).toBe(4)
  })

  it('a prospect repeating a lead of its location, or an earlier prospect, is added to that lead', async () => {
    const person = { email: 'twice.adf@example.com', lastName: 'Twice', phone: '(555) 201-7788' }
    const first = await post(sampleAdf([person]))
    expect(first.status).toBe(201)
    const [{ id }] = first.body.data.leads
    expect(first.body.data.leads[0]).toEqual({ id, receipt: expect.any(Number) })
    const before = await leadCount()
    const again = await post(sampleAdf([person, { ...person, firstName: 'Janet' }]))
    expect(again.status).toBe(201)
    expect(again.body.data.leads).toEqual([
      { id, mergedInto: id, receipt: expect.any(Number) },
      { id, mergedInto: id, receipt: expect.any(Number) },
    ])
    expect(await leadCount()).toBe(before)
    const events = await context.service.payload.find({
      collection: 'leadEvents',
      depth: 0,
      sort: 'id',
      where: { and: [{ lead: { equals: id } }, { type: { equals: 'Lead Created' } }] },
    })
    expect(events.docs.map((event) => (event as any).submission?.source ?? null)).toEqual([
      null,
      'adf-http',
      'adf-http',
    ])
    // Each receipt is the event its prospect was recorded as.
    expect(
      [first.body.data.leads[0], ...again.body.data.leads].map(({ receipt }) => receipt),
    ).toEqual(events.docs.map((event) => event.id))
  })

  it('two prospects of one new person in one document make one lead', async () => {
    const person = { email: 'once.adf@example.com', lastName: 'Once', phone: '(555) 201-9911' }
    const response = await post(sampleAdf([person, person]))
    expect(response.status).toBe(201)
    const [first, second] = response.body.data.leads
    expect(first).toEqual({ id: first.id, receipt: expect.any(Number) })
    expect(second).toEqual({ id: first.id, mergedInto: first.id, receipt: expect.any(Number) })
    expect(second.receipt).not.toBe(first.receipt)
  })
})
