/**
 * The connected records on a consumer's and a deal's page (src/admin/values/connected.ts), read
 * as the viewer: staff see every one, each linked; a dealer sees those of their company only.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { TypedUser } from 'payload'

import { consumerRecords, dealRecords } from '@/admin/values/connected'

import type { User } from '../../payload-types'
import { staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const ADMIN = '/admin'
let staff: TypedUser & User
let dealerA: TypedUser
let dealerB: TypedUser

const userOf = async (id: number | string | undefined): Promise<TypedUser & User> => ({
  ...(await context.service.payload.findByID({ collection: 'users', depth: 0, id: id! })),
  collection: 'users',
})

const viewer = (user: TypedUser) => ({ adminRoute: ADMIN, payload: context.service.payload, user })

beforeAll(async () => {
  const { payload } = context.service
  await payload.create({
    collection: 'company',
    data: { id: 'com_test_other', name: 'Other Cars' },
  })
  staff = await userOf(context.who.staff.id)
  dealerA = await userOf((await staffUser(payload, 'dealer', 'com_demo_sunset')).id)
  dealerB = await userOf((await staffUser(payload, 'dealer', 'com_test_other')).id)
})

describe("a consumer's page", () => {
  it('lists their leads, credit apps and deals, each linked to its page', async () => {
    const { payload } = context.service
    const leads = await payload.find({
      collection: 'lead',
      depth: 0,
      where: { consumer: { equals: 'con_demo_maria' } },
    })
    expect(leads.totalDocs).toBeGreaterThan(0)
    const records = await consumerRecords(viewer(staff), 'con_demo_maria')
    expect(records.leads.map(({ href }) => href).sort()).toEqual(
      leads.docs.map(({ id }) => `${ADMIN}/collections/lead/${id}`).sort(),
    )
    expect(new Set(records.leads.map(({ title }) => title))).toEqual(new Set(['María González']))
    expect(records.creditApps).toEqual([
      {
        detail: 'not sent',
        href: `${ADMIN}/collections/credit-app/crapp_demo_maria`,
        id: 'crapp_demo_maria',
        title: 'María González — 2022 Toyota Camry · Provider A',
      },
    ])
    expect(records.deals).toEqual([
      {
        detail: 'bid $23,750.00',
        href: `${ADMIN}/collections/deal/deal_demo_camry`,
        id: 'deal_demo_camry',
        title: 'Deal · 2022 Toyota Camry · Sunset Motors',
      },
    ])
  })

  it('lists a co-applicant’s credit apps too, and says nothing of a consumer with none', async () => {
    const james = await consumerRecords(viewer(staff), 'con_demo_james')
    expect(james.creditApps.map(({ id }) => id)).toEqual(['crapp_demo_james'])
    expect(james.deals).toEqual([])
    const chen = await consumerRecords(viewer(staff), 'con_demo_chen')
    expect(chen).toEqual({
      compliance: { doNotContact: [], holds: [], matches: [], notices: [], requests: [] },
      creditApps: [],
      deals: [],
      leads: [],
    })
  })

  it("shows a dealer their company's leads and deals, and another company's dealer none", async () => {
    const own = await consumerRecords(viewer(dealerA), 'con_demo_maria')
    expect(own.leads.length).toBeGreaterThan(0)
    expect(own.deals.map(({ id }) => id)).toEqual(['deal_demo_camry'])
    const other = await consumerRecords(viewer(dealerB), 'con_demo_maria')
    expect(other.leads).toEqual([])
    expect(other.deals).toEqual([])
    // What compliance holds: a dealer reads the do-not-contact requests, notices and sanctions
    // matches of their own company only, and no data requests or legal holds at all.
    for (const records of [own, other])
      expect(records.compliance).toMatchObject({
        holds: null,
        matches: expect.any(Array),
        notices: expect.any(Array),
        requests: null,
      })
    expect(other.compliance).toMatchObject({ doNotContact: [], matches: [], notices: [] })
  })
})

describe("a consumer's do-not-contact requests", () => {
  it('says when one was withdrawn, and by whom', async () => {
    const { payload } = context.service
    const lead = (await payload.find({ collection: 'lead', depth: 0, limit: 1 })).docs[0].id
    const data = { consumer: 'con_demo_chen', lead, recordedBy: 'Sam Rivera <sam@example.com>' }
    await payload.create({
      collection: 'do-not-contact',
      data: { ...data, recordedAt: '2026-11-02T15:00:00.000Z' },
    })
    await payload.create({
      collection: 'do-not-contact',
      data: {
        ...data,
        recordedAt: '2026-11-01T15:00:00.000Z',
        withdrawnAt: '2026-11-03T15:00:00.000Z',
        withdrawnBy: 'Pat Lee <pat@example.com>',
        withdrawnReason: 'Asked to hear from us again',
      },
    })
    const { compliance } = await consumerRecords(viewer(staff), 'con_demo_chen')
    expect(compliance.doNotContact?.map(({ title }) => title).sort()).toEqual([
      'Did not want contact, Nov 1, 2026 to Nov 3, 2026',
      'Do not contact, since Nov 2, 2026',
    ])
    expect(compliance.doNotContact?.map(({ detail }) => detail).sort()).toEqual([
      'by Sam Rivera <sam@example.com>',
      expect.stringMatching(/^withdrawn Nov 3, 2026 by Pat Lee <pat@example\.com>$/),
    ])
  })
})

describe("a deal's page", () => {
  it('names its vehicle, lists the credit apps on it and its bid history from its versions', async () => {
    const { payload } = context.service
    const before = await dealRecords(viewer(staff), 'deal_demo_camry', '4T1B11HK7NU000123')
    expect(before.vehicle).toEqual({
      href: `${ADMIN}/collections/vehicle/4T1B11HK7NU000123`,
      id: '4T1B11HK7NU000123',
      title: '2022 Toyota Camry LE',
    })
    expect(before.creditApps.map(({ id }) => id)).toEqual(['crapp_demo_maria'])
    await payload.update({
      collection: 'deal',
      data: { currentBidPrice: 24100 },
      id: 'deal_demo_camry',
      overrideAccess: false,
      user: staff,
    })
    const after = await dealRecords(viewer(staff), 'deal_demo_camry', '4T1B11HK7NU000123')
    expect(after.bids.length).toBe(before.bids.length + 1)
    expect(after.bids.at(-1)).toEqual({
      at: expect.any(String),
      bids: { currentBidPrice: 24100, maximumBidPrice: 25500, minimumBidPrice: 22000 },
      by: staff.email,
    })
    expect(after.bids[0].by).toBe('an API client or the service')
  })

  it('has no vehicle or credit apps when it names no vehicle', async () => {
    const records = await dealRecords(viewer(staff), 'deal_demo_camry', null)
    expect(records.vehicle).toBeUndefined()
    expect(records.creditApps).toEqual([])
  })
})
