import type { Payload } from 'payload'

/**
 * Another dealership than the demo's: a company and its one location in Oakland, made through
 * the Local API, for what a dealer of another company must never reach.
 */
export const addDealership = async (
  payload: Payload,
  { company, location, name }: { company: string; location: string; name: string },
): Promise<void> => {
  await payload.create({ collection: 'company', data: { id: company, name } })
  await payload.create({
    collection: 'location',
    data: {
      city: { name: 'Oakland', state: 'CA' },
      companyId: company,
      id: location,
      line1: '1 Bayside Way',
      zip: '94607',
    } as never,
  })
}
