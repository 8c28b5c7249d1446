/**
 * An access request's export lists only the deals the consumer is a party to (buyer, or co-buyer
 * or co-seller), not every deal on their credit apps' vehicles (docs/compliance.md, section 6;
 * src/compliance/requests/export.ts). Two customers' deals on one vehicle: each export shows its
 * own, over HTTP, as JSON and CSV.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

/** The seeded RAV4: no credit app or deal on it yet. */
const VIN = 'JTMRWRFV4LD000321'
const deal: Record<string, string> = {}
const request: Record<string, number> = {}

const create = async (collection: string, data: object): Promise<any> =>
  context.service.payload.create({ collection: collection as never, data: data as never })

beforeAll(async () => {
  const consumer = async (firstName: string, lastName: string, phoneNumber: string) =>
    (
      await create('consumer', {
        addresses: lastName === 'Able' ? ['adr_demo_chen'] : [],
        birthDate: '1980-01-02',
        firstName,
        lastName,
        phoneNumber,
      })
    ).id as string
  const ann = await consumer('Ann', 'Able', '213-555-0101')
  const bob = await consumer('Bob', 'Baker', '(213) 555-0102')
  // Both applied for credit on the same car.
  await create('credit-app', { consumer: ann, preApproval: 'pre_demo_maria', vehicle: VIN })
  await create('credit-app', { consumer: bob, preApproval: 'pre_demo_james', vehicle: VIN })
  const customer = async (data: object) => (await create('customer', data)).id as string
  const annAsBuyer = await customer({ name: 'Ann Able', phoneNumbers: ['+1 (213) 555-0101'] })
  // Ann again, known by her address only.
  const annByAddress = await customer({ addresses: ['adr_demo_chen'], name: 'ann  ABLE' })
  const bobAsBuyer = await customer({ name: 'Bob Baker', phoneNumbers: ['2135550102'] })
  // Someone else with Ann's name, and a relative sharing her phone: neither is Ann.
  const namesake = await customer({ name: 'Ann Able', phoneNumbers: ['512-555-0199'] })
  const relative = await customer({ name: 'Carl Able', phoneNumbers: ['213-555-0101'] })
  const dealOf = async (customer: string, coBuyerOrCoSellerCustomer?: string) =>
    (await create('deal', { coBuyerOrCoSellerCustomer, customer, vehicle: VIN })).id as string
  deal.ann = await dealOf(annAsBuyer)
  deal.bob = await dealOf(bobAsBuyer)
  deal.bobWithAnn = await dealOf(bobAsBuyer, annByAddress)
  deal.namesake = await dealOf(namesake)
  deal.relative = await dealOf(relative)
  for (const [name, id] of [
    ['ann', ann],
    ['bob', bob],
  ])
    request[name] = (
      await create('consumer-requests', {
        consumer: id,
        identityVerification: 'e-mail and phone matched',
        kind: 'access',
        receivedAt: '2026-11-20T10:00:00.000Z',
      })
    ).id
})

const exportOf = (name: string, format = 'json') =>
  context.service.api(`/api/consumer-requests/${request[name]}/export?format=${format}`, {
    headers: context.who.staff.headers,
  })

describe('the deals of an access export', () => {
  it("are the consumer's own: buyer or co-buyer, not another customer's deal on the same vehicle", async () => {
    const dealsOf = async (name: string) => {
      const response = await exportOf(name)
      expect(response.status).toBe(200)
      const { sources } = await response.json()
      return sources.deals.map((item: { id: string }) => item.id).sort()
    }
    expect(await dealsOf('ann')).toEqual([deal.ann, deal.bobWithAnn].sort())
    expect(await dealsOf('bob')).toEqual([deal.bob, deal.bobWithAnn].sort())
  })

  it('the CSV names no other deal either', async () => {
    const response = await exportOf('ann', 'csv')
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain(`deals,${deal.ann},`)
    expect(text).toContain(`deals,${deal.bobWithAnn},`)
    for (const other of [deal.bob, deal.namesake, deal.relative]) expect(text).not.toContain(other)
  })
})
