/** Endpoints 11 and 12: PATCH /api/leadEvents/{id} and /api/vdpEmails/{id}, Payload's REST shapes. */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { invalidPaths, sendJson } from '../helpers/http'
import { createLeadRecords } from '../helpers/leadSide'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })
let leadId: number
let eventId: number
let emailId: number
let vinIds: number[]

beforeAll(async () => {
  ;({ emailId, eventId, leadId, vinIds } = await createLeadRecords(context.service.payload))
})

const patch = (path: string, body: unknown, headers = context.who.leadAgent.headers) =>
  sendJson(context.service, 'PATCH', path, { body, headers })

describe('PATCH /api/leadEvents/{id}', () => {
  it('updates type, status and next steps for a lead agent: {doc, message}', async () => {
    const response = await patch(`/api/leadEvents/${eventId}`, {
      nextSteps: 'Call back Thursday 10am',
      status: 'First Communication Attempt (phone and text)',
      type: 'Outbound Phone Call Not Answered',
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      doc: expect.objectContaining({
        createdAt: expect.any(String),
        id: eventId,
        nextSteps: 'Call back Thursday 10am',
        status: 'First Communication Attempt (phone and text)',
        type: 'Outbound Phone Call Not Answered',
        updatedAt: expect.any(String),
      }),
      message: 'Updated successfully.',
    })
  })

  it('accepts the bare key in Authorization, as the interface shows it', async () => {
    const response = await patch(
      `/api/leadEvents/${eventId}`,
      { status: 'Searching' },
      { Authorization: context.who.leadAgent.key! },
    )
    expect(response.status).toBe(200)
  })

  it('returns relation ids at depth=0 and the related lead at depth=1', async () => {
    const flat = await patch(`/api/leadEvents/${eventId}?depth=0`, { currentStatusFor: leadId })
    expect(flat.body.doc).toMatchObject({ currentStatusFor: leadId, lead: leadId })
    const deep = await patch(`/api/leadEvents/${eventId}?depth=1`, {})
    expect(deep.body.doc.lead).toMatchObject({ email: 'maria.gonzalez@example.com', id: leadId })
  })

  it('accepts the locale and fallback-locale query parameters', async () => {
    const response = await patch(
      `/api/leadEvents/${eventId}?locale=en&fallback-locale=en&depth=0`,
      { nextSteps: 'Localised call' },
    )
    expect(response.status).toBe(200)
    expect(response.body.doc.nextSteps).toBe('Localised call')
  })

  it.each([
    ['status', { status: 'searching' }],
    ['type', { type: 'Phone Call' }],
  ])('a bad %s is a 400 naming the field, and nothing changes', async (field, body) => {
    const before = await context.service.payload.findByID({
      collection: 'leadEvents',
      depth: 0,
      id: eventId,
    })
    const response = await patch(`/api/leadEvents/${eventId}`, body)
    expect(response.status).toBe(400)
    expect(response.body.errors[0].message).toEqual(
      expect.stringContaining(field === 'type' ? 'Type' : 'Status'),
    )
    expect(invalidPaths(response.body)).toEqual([field])
    const after = await context.service.payload.findByID({
      collection: 'leadEvents',
      depth: 0,
      id: eventId,
    })
    expect(after.updatedAt).toBe(before.updatedAt)
  })

  it("an id that matches nothing is Payload's not-found error", async () => {
    const response = await patch('/api/leadEvents/999999', { status: 'Searching' })
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ errors: [{ message: 'Not Found' }] })
  })

  it('an integrator key, no key and an unknown key are refused', async () => {
    expect(
      (await patch(`/api/leadEvents/${eventId}`, {}, context.who.integrator.headers)).status,
    ).toBe(403)
    expect((await patch(`/api/leadEvents/${eventId}`, {}, {})).status).toBe(401)
    const unknown = await patch(
      `/api/leadEvents/${eventId}`,
      {},
      { Authorization: 'api-clients API-Key nope' },
    )
    expect(unknown).toMatchObject({ body: { errors: [{ message: 'Unauthorized' }] }, status: 401 })
  })

  it('records the staff user who created an event, and keeps it on later edits', async () => {
    const created = await sendJson(context.service, 'POST', '/api/leadEvents', {
      body: { lead: leadId, status: 'Call Customer', type: 'Scheduled Call' },
      headers: context.who.staff.headers,
    })
    expect(created.body.doc.createdBy).toMatchObject({ id: context.who.staff.id })
    const edited = await patch(`/api/leadEvents/${created.body.doc.id}?depth=0`, {
      createdBy: context.who.staffAdmin.id,
      status: 'Had Conversation',
    })
    expect(edited.body.doc.createdBy).toBe(context.who.staff.id)
  })
})

describe('PATCH /api/vdpEmails/{id}', () => {
  it('updates the VINs; vinCount follows the list as a string', async () => {
    const response = await patch(`/api/vdpEmails/${emailId}?depth=0`, {
      vinCount: '99',
      vins: vinIds,
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      doc: expect.objectContaining({
        id: emailId,
        lead: leadId,
        vinCount: String(vinIds.length),
        vins: vinIds,
      }),
      message: 'Updated successfully.',
    })
  })

  it('sets lastModifiedBy to the staff user who edits it; an API client leaves it as it was', async () => {
    const byStaff = await patch(
      `/api/vdpEmails/${emailId}?depth=0`,
      { vins: [vinIds[0]] },
      context.who.staff.headers,
    )
    expect(byStaff.body.doc).toMatchObject({ lastModifiedBy: context.who.staff.id, vinCount: '1' })
    const byAgent = await patch(`/api/vdpEmails/${emailId}?depth=0`, { vins: vinIds })
    expect(byAgent.body.doc.lastModifiedBy).toBe(context.who.staff.id)
  })

  it('expands the VINs at depth=1', async () => {
    const response = await patch(`/api/vdpEmails/${emailId}?depth=1`, {})
    expect(response.body.doc.vins.map((vin: { vin: string }) => vin.vin)).toEqual(
      expect.arrayContaining(['4T1B11HK7NU000123']),
    )
  })

  it('a VIN id that does not exist is a 400 naming vins', async () => {
    const response = await patch(`/api/vdpEmails/${emailId}`, { vins: [987654] })
    expect(response.status).toBe(400)
    expect(invalidPaths(response.body)).toEqual(['vins'])
  })

  it('unknown id → 404; integrator → 403', async () => {
    expect((await patch('/api/vdpEmails/999999', {})).status).toBe(404)
    expect(
      (await patch(`/api/vdpEmails/${emailId}`, {}, context.who.integrator.headers)).status,
    ).toBe(403)
  })
})
