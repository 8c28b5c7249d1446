/**
 * Every validation rule of the contract, with good and bad values, through the REST API as a
 * staff admin: bad input is a 400 naming the field, never a 500, and nothing is written.
 */
import { describe, expect, it } from '@jest/globals'

import { leadEventStatuses, leadEventTypes } from '@/fields/leadEventValues'

import { invalidPaths, sendJson } from '../helpers/http'
import { randomVin, sampleRecords } from '../helpers/samples'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

type Collection = string
const base: Record<Collection, () => Record<string, unknown>> = {
  ...sampleRecords,
  leadEvents: () => ({ nextSteps: 'call back' }),
  location: () => ({
    city: { name: 'Los Angeles', state: 'CA' },
    companyId: 'com_demo_sunset',
    line1: '1 Main St',
    zip: '90026',
  }),
}

// The contract's pattern allows a space or hyphen after the area code but only a hyphen before the last four digits.
const PHONES = {
  bad: ['555-0147', '213-555-014x', '(213) 555-01477', '+44 20 7946 0958', '1 213 555 0147'],
  good: ['(213) 555-0147', '+1 213-555-0147', '2135550147', '1 213 555-0147', '+1(213)555-0147'],
}
const EMAILS = {
  bad: ['plainaddress', 'a@b', 'a@@example.com', 'a b@example.com', '@example.com'],
  good: ['josé@ejemplo.com', '陈伟@例子.广告', 'a.b+tag@example.co.uk'],
}
const DATES = {
  bad: ['2001-02-29', '1990-13-01', '19900101', '1990-1-1', '1990-01-01T00:00:00Z'],
  good: ['2000-02-29', '1990-12-31'],
}
const DATE_TIMES = {
  bad: [
    '2030-01-31',
    '2030-02-30T10:00:00Z',
    '2030-01-31T25:00:00Z',
    '2030-01-31T10:00:00',
    'soon',
  ],
  good: ['2030-01-31T17:00:00Z', '2030-01-31T17:00:00.5+02:00'],
}

const cases: [Collection, string, { bad: unknown[]; good: unknown[] }][] = [
  ['consumer', 'phoneNumber', PHONES],
  [
    'consumer',
    'phoneNumbers',
    { bad: [['2135550147', 'nope'], 'not-a-list'], good: [['2135550147', '(213) 555-0148'], []] },
  ],
  ['consumer', 'email', EMAILS],
  ['consumer', 'birthDate', DATES],
  ['credit-app', 'phoneNumber', PHONES],
  ['credit-app', 'coApplicantPhoneNumber', PHONES],
  ['credit-app', 'email', EMAILS],
  ['credit-app', 'coApplicantEmail', EMAILS],
  ['credit-app', 'birthDate', DATES],
  ['credit-app', 'coApplicantBirthDate', DATES],
  [
    'credit-app',
    'provider',
    { bad: ['provider_c', 'Provider A', ''], good: ['provider_a', 'provider_b'] },
  ],
  ['contact', 'phoneNumber', PHONES],
  ['contact', 'primaryPhoneNumber', PHONES],
  ['contact', 'email', EMAILS],
  ['contact', 'primaryEmail', EMAILS],
  ['location', 'phone', PHONES],
  ['location', 'zip', { bad: ['9002', 'ABCDE', '90026-12'], good: ['90026', '90026-1234'] }],
  ['location', 'latitude', { bad: [91, -90.5], good: [34.05, -90] }],
  ['lead', 'phoneNumber', PHONES],
  ['lead', 'email', EMAILS],
  ['pre-approval', 'validUntilTime', DATE_TIMES],
  ['credit-report', 'time', DATE_TIMES],
  ['vehicle', 'year', { bad: [2022.5, 'twenty'], good: [2022] }],
  ['vehicle', 'seatCount', { bad: [-1, 2.5], good: [0, 7] }],
  ['vehicle', 'doorCount', { bad: [-2, 'four'], good: [0, 4] }],
  [
    'vehicle',
    'vin',
    {
      bad: ['1HGCM82633A00435', '1HGCM82633A0043IO', '1HGCM82633A00435QQ'],
      good: [randomVin(), randomVin().toLowerCase()],
    },
  ],
  [
    'vehicle-spec',
    'squishVin',
    { bad: ['4T1B11HKN', '4T1B11HKNUX', '4T1B11HKNI'], good: ['4T1B11HKNU'] },
  ],
  [
    'leadEvents',
    'type',
    { bad: ['customer call', 'Unknown', 'Customer_Call'], good: [...leadEventTypes] },
  ],
  ['leadEvents', 'status', { bad: ['searching', 'Done'], good: [...leadEventStatuses] }],
]

const create = (collection: string, data: Record<string, unknown>) =>
  sendJson(context.service, 'POST', `/api/${collection}`, {
    body: data,
    headers: context.who.staffAdmin.headers,
  })
const count = async (collection: string) =>
  (await context.service.payload.count({ collection: collection as 'lead' })).totalDocs

describe.each(cases)('%s.%s', (collection, field, { bad, good }) => {
  it.each(good.map((value) => [JSON.stringify(value), value]))(
    'accepts %s',
    async (_label, value) => {
      const response = await create(collection, { ...base[collection](), [field]: value })
      expect(response.status).toBe(201)
      const stored = response.body.doc[field]
      if (typeof value === 'string' && field === 'vin') expect(stored).toBe(value.toUpperCase())
      else if (!field.endsWith('Time') && field !== 'time') expect(stored).toEqual(value)
    },
  )

  it.each(bad.map((value) => [JSON.stringify(value), value]))(
    'refuses %s with a 400 naming the field, writing nothing',
    async (_label, value) => {
      const before = await count(collection)
      const response = await create(collection, { ...base[collection](), [field]: value })
      expect(response.status).toBe(400)
      expect(invalidPaths(response.body)).toContain(field)
      if (typeof value === 'string' && value.length > 3)
        expect(JSON.stringify(response.body)).not.toContain(value)
      expect(await count(collection)).toBe(before)
    },
  )
})

describe('ranges', () => {
  it('a credit band minimum must not exceed its maximum, also on a partial update', async () => {
    expect(
      (
        await create('credit-band', {
          maximumCreditScore: 700,
          minimumCreditScore: 700,
          name: 'Flat',
        })
      ).status,
    ).toBe(201)
    const bad = await create('credit-band', {
      maximumCreditScore: 600,
      minimumCreditScore: 700,
      name: 'Upside down',
    })
    expect(bad.status).toBe(400)
    expect(invalidPaths(bad.body)).toEqual(['maximumCreditScore'])
    const patch = await sendJson(context.service, 'PATCH', '/api/credit-band/crb_demo_prime', {
      body: { maximumCreditScore: 600 },
      headers: context.who.staffAdmin.headers,
    })
    expect(patch.status).toBe(400)
    expect(
      (await context.service.payload.findByID({ collection: 'credit-band', id: 'crb_demo_prime' }))
        .maximumCreditScore,
    ).toBe(780)
  })

  it("a deal's minimum bid must not exceed its maximum bid", async () => {
    expect((await create('deal', { maximumBidPrice: 20000, minimumBidPrice: 19000 })).status).toBe(
      201,
    )
    const bad = await create('deal', { maximumBidPrice: 18000, minimumBidPrice: 19000 })
    expect(bad.status).toBe(400)
    expect(invalidPaths(bad.body)).toEqual(['maximumBidPrice'])
  })

  it('says in words what is expected, never a pattern', async () => {
    const messages = async (collection: string, change: Record<string, unknown>) =>
      (await create(collection, { ...base[collection](), ...change })).body.errors[0].data.errors
    expect(
      await messages('consumer', {
        birthDate: '1990-02-30',
        phoneNumber: '12',
        phoneNumbers: ['2135550147', 'nope'],
      }),
    ).toEqual([
      expect.objectContaining({
        message: 'must be a real calendar date, like 1990-12-31',
        path: 'birthDate',
      }),
      expect.objectContaining({
        message:
          'must be a phone number matching a US format of 10 digits, like (555) 123-4567, 555-123-4567 or +1 555 123 4567',
        path: 'phoneNumber',
      }),
      expect.objectContaining({
        message: expect.stringMatching(
          /^number 2 of the list must be a phone number matching a US/,
        ),
        path: 'phoneNumbers',
      }),
    ])
    const [vin] = await messages('vehicle', { vin: '1HGCM82633A0043IO' })
    expect(vin.message).toBe('must be 17 letters and digits, without the letters I, O and Q')
  })

  it('names every offending field at once', async () => {
    const response = await create('consumer', {
      birthDate: '1990-02-30',
      email: 'nope',
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '12',
    })
    expect(response.status).toBe(400)
    expect(invalidPaths(response.body)).toEqual(['birthDate', 'email', 'phoneNumber'])
  })

  it('a missing required field is a 400 naming it', async () => {
    const response = await create('consumer', { firstName: 'A' })
    expect(response.status).toBe(400)
    expect(invalidPaths(response.body)).toEqual(
      expect.arrayContaining(['birthDate', 'lastName', 'phoneNumber']),
    )
  })

  it('a relation to a record that does not exist is a 400 naming the field, also inside a group', async () => {
    const consumer = await create('consumer', {
      ...base.consumer(),
      addresses: ['adr_demo_maria', 'adr_missing'],
    })
    expect(consumer.status).toBe(400)
    expect(invalidPaths(consumer.body)).toEqual(['addresses'])
    const deal = await create('deal', {
      dealer: { location: 'loc_missing' },
      vehicle: 'JTMRWRFV4LD000321',
    })
    expect(deal.status).toBe(400)
    expect(invalidPaths(deal.body)).toEqual(['dealer.location'])
  })

  it.each([
    ['a list where text belongs', { firstName: ['Ada'] }, 'firstName'],
    ['a number where text belongs', { lastName: 42 }, 'lastName'],
    ['an object where text belongs', { email: { address: 'a@b.co' } }, 'email'],
    ['text where a list belongs', { phoneNumbers: '2135550147' }, 'phoneNumbers'],
    // An object in `addresses` is an inline address (tested with the commerce API); a list is not an id.
    ['a list where an id belongs', { addresses: [['adr_demo_maria']] }, 'addresses'],
  ])('%s is a 400 naming the field, not a stored string', async (_label, change, field) => {
    const response = await create('consumer', { ...base.consumer(), ...change })
    expect(response.status).toBe(400)
    expect(invalidPaths(response.body)).toEqual([field])
  })

  it('wrong types on numbers and booleans are 400s too (a numeric string counts as its number, as in Payload)', async () => {
    expect(
      (await create('credit-band', { minimumCreditScore: '600', name: 'Numeric string' })).body.doc
        .minimumCreditScore,
    ).toBe(600)
    const band = await create('credit-band', {
      isPrime: 'yes',
      minimumCreditScore: 'six hundred',
      name: 'Typed',
    })
    expect(band.status).toBe(400)
    expect(invalidPaths(band.body)).toEqual(['isPrime', 'minimumCreditScore'])
  })

  it('malformed JSON is a 400, not a 500', async () => {
    const response = await sendJson(context.service, 'POST', '/api/consumer', {
      body: '{"firstName": ',
      headers: context.who.staffAdmin.headers,
    })
    expect(response.status).toBe(400)
  })
})

describe('ids', () => {
  it('generates a prefixed id on create', async () => {
    const response = await create('consumer', base.consumer())
    expect(response.body.doc.id).toMatch(/^con_[0-9A-Za-z]{20}$/)
  })

  it('accepts a client id with the right prefix and refuses any other', async () => {
    expect(
      (await create('consumer', { ...base.consumer(), id: 'con_client-chosen_1' })).body.doc.id,
    ).toBe('con_client-chosen_1')
    for (const id of ['cus_wrongprefix', 'con_', 'con_a/b', 'con_a.b']) {
      const response = await create('consumer', { ...base.consumer(), id })
      expect(response.status).toBe(400)
      expect(invalidPaths(response.body)).toEqual(['id'])
    }
  })

  it('a vehicle is addressed by its VIN', async () => {
    const response = await sendJson(context.service, 'GET', '/api/vehicle/4T1B11HK7NU000123', {
      headers: context.who.staffAdmin.headers,
    })
    expect(response.body).toMatchObject({
      id: '4T1B11HK7NU000123',
      make: 'Toyota',
      vin: '4T1B11HK7NU000123',
    })
  })

  it('a duplicate VIN is refused with 400', async () => {
    const response = await create('vehicle', { ...base.vehicle(), vin: '4T1B11HK7NU000123' })
    expect(response.status).toBe(400)
  })
})

describe('cities and addresses', () => {
  it('an inline {name, state} city is found or created, once per state and name', async () => {
    const first = await create('address', {
      city: { name: 'Round Rock', state: 'TX' },
      line1: '1 Main St',
      zip: '78664',
    })
    const second = await create('address', {
      city: { name: 'Round Rock', state: { code: 'tx' } },
      line1: '2 Main St',
      zip: '78664',
    })
    expect(first.status).toBe(201)
    expect(second.body.doc.city.id ?? second.body.doc.city).toBe(
      first.body.doc.city.id ?? first.body.doc.city,
    )
    const cities = await context.service.payload.find({
      collection: 'city',
      where: { name: { equals: 'Round Rock' } },
    })
    expect(cities.totalDocs).toBe(1)
  })

  it('an inline city in an unknown state is a 400 naming city.state', async () => {
    const response = await create('address', {
      city: { name: 'Springfield', state: 'ZZ' },
      line1: '1 Main St',
      zip: '62701',
    })
    expect(response.status).toBe(400)
    expect(invalidPaths(response.body)).toEqual(['city.state'])
  })

  it('the same city name twice in one state is refused, in another state accepted', async () => {
    const again = await create('city', { name: 'Austin', state: 'TX' })
    expect(again.status).toBe(400)
    expect((await create('city', { name: 'Austin', state: 'IL' })).status).toBe(201)
  })

  it("a location's one-line address is composed from its parts", async () => {
    const location = await context.service.payload.findByID({
      collection: 'location',
      id: 'loc_demo_lane_austin',
    })
    expect(location.address).toBe('500 Congress Ave, Suite 200, Austin, TX 78701')
  })

  it('a company lists its locations through the join', async () => {
    const response = await sendJson(context.service, 'GET', '/api/company/com_demo_lane', {
      headers: context.who.staffAdmin.headers,
    })
    expect(response.body.locations.docs.map((doc: { id: string }) => doc.id)).toEqual([
      'loc_demo_lane_austin',
    ])
  })
})
