/**
 * A trashed record's usual admin address: Payload answers it with its list and `?notFound=<id>`,
 * which the service sends on to the record's page in the trash, for a staff user who may see it
 * there and for no one else: not a dealer of another company (that would tell them the record
 * exists), not an API client or anyone signed out, and not for a live record or an id no record has.
 */
import { describe, expect, it } from '@jest/globals'

import { sendJson } from '../helpers/http'
import { staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

/** Where `/admin/collections/lead?notFound=<id>` sends this session cookie, if anywhere. */
const sentTo = async (id: number | string, headers: Record<string, string> = {}) => {
  const token = headers.Authorization?.replace(/^JWT /, '')
  const response = await context.service.api(`/admin/collections/lead?notFound=${id}`, {
    headers: token ? { Cookie: `payload-token=${token}` } : {},
    redirect: 'manual',
  })
  return response.status === 302 ? response.headers.get('location') : null
}

const newLead = async (location: string) => {
  const created = await sendJson(context.service, 'POST', '/api/lead?depth=0', {
    body: { email: `paged.${Date.now()}.${location}@example.com`, lastName: 'Paged', location },
    headers: context.who.staff.headers,
  })
  expect(created.status).toBe(201)
  return created.body.doc.id as number
}

describe("a trashed record's admin address", () => {
  it('opens its page in the trash for staff; nobody else learns it is there', async () => {
    const { payload } = context.service
    const id = await newLead('loc_demo_lane_austin')
    const live = await newLead('loc_demo_lane_austin')
    const moved = await sendJson(context.service, 'DELETE', `/api/lead/${id}`, {
      headers: context.who.staff.headers,
    })
    expect(moved.status).toBe(200)

    expect(await sentTo(id, context.who.staff.headers)).toBe(`/admin/collections/lead/trash/${id}`)
    expect(await sentTo(id, context.who.staffAdmin.headers)).toBe(
      `/admin/collections/lead/trash/${id}`,
    )
    // The lead is another company's: its dealer is told nothing more than Payload tells.
    const otherDealer = await staffUser(payload, 'dealer', 'com_demo_sunset')
    expect(await sentTo(id, otherDealer.headers)).toBeNull()
    expect(await sentTo(id)).toBeNull()
    expect(await sentTo(live, context.who.staff.headers)).toBeNull()
    for (const bogus of ['abc', '99999999', '1e3', ''])
      expect(await sentTo(bogus, context.who.staff.headers)).toBeNull()
  })
  it('answers a user who may not read the collection as Payload does, never with a 500', async () => {
    const id = await newLead('loc_demo_lane_austin')
    await sendJson(context.service, 'DELETE', `/api/lead/${id}`, {
      headers: context.who.staff.headers,
    })
    const compliance = await staffUser(context.service.payload, 'compliance')
    const token = compliance.headers.Authorization.replace(/^JWT /, '')
    const response = await context.service.api(`/admin/collections/lead?notFound=${id}`, {
      headers: { Cookie: `payload-token=${token}` },
      redirect: 'manual',
    })
    expect(response.status).toBeLessThan(500)
    expect(response.headers.get('location') ?? '').not.toContain('/trash/')
  })
})
