import type { AdminService } from './adminService'

/**
 * Another dealership than the demo's Sunset Motors: Bayside Cars, its one location, and a lead of
 * it with `lead`'s values, made by the admin through the API with the admin's session. What a
 * dealer of Sunset Motors must never reach. Answers the lead.
 */
export const addOtherDealership = async (
  service: AdminService,
  lead: Record<string, unknown>,
): Promise<{ id: number }> => {
  const adminPage = await service.pageAs(service.admin.email)
  const post = async (collection: string, data: object) => {
    const response = await adminPage.request.post(`${service.url}/api/${collection}`, { data })
    if (response.status() !== 201)
      throw new Error(`POST /api/${collection}: ${response.status()} ${await response.text()}`)
    return (await response.json()).doc
  }
  try {
    await post('company', { id: 'com_e2e_bayside', name: 'Bayside Cars' })
    await post('location', {
      city: { name: 'Oakland', state: 'CA' },
      companyId: 'com_e2e_bayside',
      id: 'loc_e2e_bayside',
      line1: '1 Bayside Way',
      zip: '94607',
    })
    return await post('lead', { ...lead, location: 'loc_e2e_bayside' })
  } finally {
    await adminPage.context().close()
  }
}
