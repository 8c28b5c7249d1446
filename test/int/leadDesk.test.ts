/**
 * The lead desk over REST, for each kind of caller: round-robin assignment from a location's
 * rota, taking and handing over a lead, the desk panel's view, the current status moving from
 * event to event, do-not-contact refusals (409), and escalation of uncontacted leads with a real
 * SMTP server and a settable clock.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'
import { commitTransaction, createLocalReq, initTransaction, type TypedUser } from 'payload'

import { todoLists } from '@/admin/todo'
import { NAME_ASSIGNEE } from '@/leadDesk/assign'
import { escalateOverdueLeads } from '@/leadDesk/escalation'

import { sendJson } from '../helpers/http'
import {
  createPrincipals,
  type Principal,
  type PrincipalName,
  staffUser,
} from '../helpers/principals'
import { type SmtpCapture, startSmtpCapture } from '../helpers/smtpServer'
import { startTestService, type TestService } from '../helpers/testService'

const LOCATION = 'loc_demo_sunset_la'
const MINUTE = 60_000

let service: TestService
let who: Record<PrincipalName, Principal>
let smtp: SmtpCapture

beforeAll(async () => {
  smtp = await startSmtpCapture()
  process.env.SMTP_URL = smtp.url
  process.env.LEAD_ESCALATION_CHECK_SECONDS = '1'
  // The job runner runs as in the service: its escalation sweep is tested below.
  service = await startTestService({ jobsPollMs: 100, seed: true })
  who = await createPrincipals(service.payload)
})

afterAll(async () => {
  await service?.close()
  await smtp?.close()
  delete process.env.SMTP_URL
  delete process.env.LEAD_ESCALATION_CHECK_SECONDS
  delete process.env.LEAD_CONTACT_MINUTES
})

const send = (method: string, path: string, caller: Principal, body?: unknown) =>
  sendJson(service, method, path, { body, headers: caller.headers })

let serial = 0
/** A new lead through REST as staff (at the demo location unless `data` says otherwise). */
const newLead = async (data: Record<string, unknown> = {}) => {
  serial++
  const response = await send('POST', '/api/lead?depth=0', who.staff, {
    email: `lead${serial}.${Date.now()}@example.com`,
    firstName: 'Test',
    lastName: `Lead${serial}`,
    location: LOCATION,
    ...data,
  })
  expect(response.status).toBe(201)
  return response.body.doc as { assignee?: number; id: number }
}

const leadOf = (id: number) =>
  service.payload.findByID({ collection: 'lead', depth: 0, id, overrideAccess: true })

const setDesk = (desk: Record<string, unknown>, id = LOCATION) =>
  service.payload.update({ collection: 'location', data: { desk }, id })

const pointer = async () => {
  const { rows } = await service.payload.db.drizzle.execute<{ next: string }>(
    sql`SELECT desk_rota_next AS next FROM location WHERE id = ${LOCATION}`,
  )
  return Number(rows[0].next)
}

const userOf = async (name: 'staff' | 'staffAdmin') =>
  ({
    ...(await service.payload.findByID({ collection: 'users', id: who[name].id! })),
    collection: 'users',
  }) as unknown as TypedUser

describe('round-robin assignment', () => {
  it('the seeded leads went to the demo staff user on the demo rota', async () => {
    const { docs } = await service.payload.find({
      collection: 'lead',
      depth: 1,
      where: { email: { equals: 'maria.gonzalez@example.com' } },
    })
    expect(docs[0].assignee).toMatchObject({ email: 'sam.rivera@example.com' })
  })

  it('takes turns in rota order, the position kept in the database', async () => {
    await setDesk({ rota: [who.staff.id, who.staffAdmin.id] })
    const start = await pointer()
    const assignees = []
    for (let i = 0; i < 4; i++) assignees.push((await newLead()).assignee)
    const first = start % 2 === 0 ? who.staff.id : who.staffAdmin.id
    const second = first === who.staff.id ? who.staffAdmin.id : who.staff.id
    expect(assignees).toEqual([first, second, first, second])
    expect(await pointer()).toBe(start + 4)
  })

  it('is fair under concurrent creates: each on the rota gets the same number', async () => {
    await setDesk({ rota: [who.staff.id, who.staffAdmin.id] })
    const leads = await Promise.all(Array.from({ length: 6 }, () => newLead()))
    const count = (id: unknown) => leads.filter((lead) => lead.assignee === id).length
    expect([count(who.staff.id), count(who.staffAdmin.id)]).toEqual([3, 3])
  })

  it('keeps an assignee given on create, and leaves a lead without a location unassigned', async () => {
    const before = await pointer()
    expect((await newLead({ assignee: who.staffAdmin.id })).assignee).toBe(who.staffAdmin.id)
    expect(await pointer()).toBe(before)
    expect((await newLead({ location: null })).assignee).toBeFalsy()
  })

  it('assigns nobody at a location with an empty rota', async () => {
    await setDesk({ rota: [] })
    expect((await newLead()).assignee).toBeFalsy()
    await setDesk({ rota: [who.staff.id] })
  })

  it('the lead-agent and integrator keys may not create leads; anonymous is 401', async () => {
    const body = { firstName: 'No', location: LOCATION }
    expect((await send('POST', '/api/lead', who.leadAgent, body)).status).toBe(403)
    expect((await send('POST', '/api/lead', who.integrator, body)).status).toBe(403)
    expect((await send('POST', '/api/lead', who.anonymous, body)).status).toBe(401)
  })

  it("the rota and hours are staff-only: an integrator's company answer leaves them out", async () => {
    const response = await send('GET', '/api/companies?limit=50', who.integrator)
    expect(response.status).toBe(200)
    const locations = response.body.data.flatMap(
      (company: { locations?: { docs?: object[] } | object[] }) => {
        const list = company.locations
        return Array.isArray(list) ? list : (list?.docs ?? [])
      },
    )
    expect(locations.length).toBeGreaterThan(0)
    for (const location of locations) expect(location).not.toHaveProperty('desk')
  })

  it('refuses hours it cannot read, in plain words', async () => {
    const response = await send('PATCH', `/api/location/${LOCATION}`, who.staffAdmin, {
      desk: { hours: { monday: '9-5' }, timeZone: 'Mars/Olympus' },
    })
    expect(response.status).toBe(400)
    const messages = response.body.errors[0].data.errors.map(
      (error: { message: string }) => error.message,
    )
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('09:00-18:00'),
        expect.stringContaining('America/Los_Angeles'),
      ]),
    )
  })
})

describe('POST /api/lead/{id}/assign: take or hand over', () => {
  let lead: number
  beforeAll(async () => {
    lead = (await newLead({ assignee: who.staffAdmin.id })).id
  })

  it('a staff user takes the lead (no body)', async () => {
    const response = await send('POST', `/api/lead/${lead}/assign`, who.staff, {})
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({
      doc: { assignee: who.staff.id, id: lead },
      message: 'Updated successfully.',
    })
  })

  it('hands it over to another staff user', async () => {
    const response = await send('POST', `/api/lead/${lead}/assign`, who.staff, {
      assignee: who.staffAdmin.id,
    })
    expect(response.status).toBe(200)
    expect((await leadOf(lead)).assignee).toBe(who.staffAdmin.id)
  })

  it('an admin API client must name the assignee', async () => {
    const bare = await send('POST', `/api/lead/${lead}/assign`, who.clientAdmin, {})
    expect(bare).toMatchObject({ body: { errors: [{ message: NAME_ASSIGNEE }] }, status: 400 })
    const named = await send('POST', `/api/lead/${lead}/assign`, who.clientAdmin, {
      assignee: who.staff.id,
    })
    expect(named.status).toBe(200)
  })

  it('refuses a user that does not exist or is not an id, and changes nothing', async () => {
    const missing = await send('POST', `/api/lead/${lead}/assign`, who.staff, { assignee: 999999 })
    expect(missing.status).toBe(400)
    const text = await send('POST', `/api/lead/${lead}/assign`, who.staff, { assignee: 'sam' })
    expect(text).toMatchObject({ body: { errors: [{ message: NAME_ASSIGNEE }] }, status: 400 })
    expect((await leadOf(lead)).assignee).toBe(who.staff.id)
  })

  it('lead-agent and integrator keys are 403, anonymous 401, an unknown lead 404', async () => {
    expect((await send('POST', `/api/lead/${lead}/assign`, who.leadAgent, {})).status).toBe(403)
    expect((await send('POST', `/api/lead/${lead}/assign`, who.integrator, {})).status).toBe(403)
    expect(await send('POST', `/api/lead/${lead}/assign`, who.anonymous, {})).toMatchObject({
      body: { errors: [{ message: 'Unauthorized' }] },
      status: 401,
    })
    expect((await send('POST', '/api/lead/999999/assign', who.staff, {})).status).toBe(404)
    expect((await send('POST', '/api/lead/abc/assign', who.staff, {})).status).toBe(404)
    expect((await leadOf(lead)).assignee).toBe(who.staff.id)
  })

  it('refuses a dealer of another company, who cannot see the lead, as assignee and on the rota', async () => {
    const outsider = await staffUser(service.payload, 'dealer', 'com_demo_lane')
    const insider = await staffUser(service.payload, 'dealer', 'com_demo_sunset')
    const handed = await send('POST', `/api/lead/${lead}/assign`, who.staff, {
      assignee: outsider.id,
    })
    expect(handed.status).toBe(400)
    expect(handed.body.errors[0].data.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/another company/),
        path: 'assignee',
      }),
    ])
    const created = await send('POST', '/api/lead?depth=0', who.staff, {
      assignee: outsider.id,
      firstName: 'Not',
      lastName: 'Theirs',
      location: LOCATION,
    })
    expect(created.status).toBe(400)
    expect((await leadOf(lead)).assignee).toBe(who.staff.id)
    const rota = await send('PATCH', `/api/location/${LOCATION}`, who.staffAdmin, {
      desk: { rota: [who.staff.id, outsider.id] },
    })
    expect(rota.status).toBe(400)
    expect(rota.body.errors[0].data.errors[0].path).toBe('desk.rota')
    const own = await send('POST', `/api/lead/${lead}/assign`, who.staff, { assignee: insider.id })
    expect(own.status).toBe(200)
  })
})

describe('the current status', () => {
  it('a new event with a status becomes current; the one before no longer is', async () => {
    const lead = (await newLead()).id
    const post = async (body: Record<string, unknown>) => {
      const response = await send('POST', '/api/leadEvents?depth=0', who.staff, { lead, ...body })
      expect(response.status).toBe(201)
      return response.body.doc
    }
    const first = await post({ status: 'Call Customer', type: 'Lead Created' })
    expect(first.currentStatusFor).toBe(lead)
    expect((await leadOf(lead)).currentStatus).toBe('Call Customer')

    const second = await post({ status: 'Had Conversation', type: 'Outbound Phone Call Answered' })
    expect(second.currentStatusFor).toBe(lead)
    const events = await service.payload.find({
      collection: 'leadEvents',
      depth: 0,
      where: { currentStatusFor: { equals: lead } },
    })
    expect(events.docs.map((event) => event.id)).toEqual([second.id])
    expect((await leadOf(lead)).currentStatus).toBe('Had Conversation')

    // No status: the current status stays where it is. An explicit null is not made current.
    const note = await post({ nextSteps: 'Left a note', type: 'Status Check' })
    expect(note.currentStatusFor).toBeFalsy()
    const aside = await post({ currentStatusFor: null, status: 'Searching', type: 'Time Passed' })
    expect(aside.currentStatusFor).toBeFalsy()
    expect((await leadOf(lead)).currentStatus).toBe('Had Conversation')

    // A lead agent moves it back with the contract's PATCH (endpoint 11).
    const patched = await send('PATCH', `/api/leadEvents/${first.id}?depth=0`, who.leadAgent, {
      currentStatusFor: lead,
    })
    expect(patched.status).toBe(200)
    const after = await service.payload.findByID({
      collection: 'leadEvents',
      depth: 0,
      id: second.id,
    })
    expect(after.currentStatusFor).toBeFalsy()
    expect((await leadOf(lead)).currentStatus).toBe('Call Customer')

    // Its status changed in place: the lead follows.
    await send('PATCH', `/api/leadEvents/${first.id}`, who.leadAgent, { status: 'No Contact' })
    expect((await leadOf(lead)).currentStatus).toBe('No Contact')
  })

  it('events made current at the same time leave one current event', async () => {
    const lead = (await newLead()).id
    const statuses = ['Searching', 'Call Customer', 'No Contact', 'Had Conversation'] as const
    const created = await Promise.all(
      statuses.map((status) =>
        send('POST', '/api/leadEvents', who.staff, { lead, status, type: 'Status Check' }),
      ),
    )
    expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201])
    const current = await service.payload.find({
      collection: 'leadEvents',
      depth: 0,
      where: { currentStatusFor: { equals: lead } },
    })
    expect(current.docs).toHaveLength(1)
    expect((await leadOf(lead)).currentStatus).toBe(current.docs[0].status)
  })

  it('an outbound event marks the first contact, once', async () => {
    const lead = (await newLead()).id
    expect((await leadOf(lead)).firstContactedAt).toBeFalsy()
    await send('POST', '/api/leadEvents', who.staff, { lead, type: 'Customer Call' })
    expect((await leadOf(lead)).firstContactedAt).toBeFalsy()
    const call = await send('POST', '/api/leadEvents?depth=0', who.staff, {
      lead,
      type: 'Outbound Phone Call',
    })
    const contacted = (await leadOf(lead)).firstContactedAt
    expect(contacted).toBe(call.body.doc.createdAt)
    const again = await send('POST', '/api/leadEvents', who.staff, { lead, type: 'Outbound Email' })
    expect(again.status).toBe(201)
    expect((await leadOf(lead)).firstContactedAt).toBe(contacted)
  })

  it('the service-kept fields cannot be written through REST', async () => {
    const lead = (await newLead()).id
    const response = await send('PATCH', `/api/lead/${lead}`, who.staffAdmin, {
      currentStatus: 'Customer Interested',
      doNotContact: { at: new Date().toISOString(), by: 'me' },
      escalatedAt: new Date().toISOString(),
      firstContactedAt: new Date().toISOString(),
    })
    expect(response.status).toBe(200)
    const stored = await leadOf(lead)
    expect(stored.currentStatus).toBeFalsy()
    expect(stored.escalatedAt).toBeFalsy()
    expect(stored.firstContactedAt).toBeFalsy()
    expect(stored.doNotContact?.at).toBeFalsy()
  })
})

describe('do not contact', () => {
  let consumer: string
  let lead: number
  let sibling: number
  let later: number
  let existingEvent: number
  let consumerBefore: unknown

  beforeAll(async () => {
    const created = await send('POST', '/api/consumers?depth=0', who.integrator, {
      birthDate: '1988-04-02',
      firstName: 'Dana',
      lastName: 'Quiet',
      phoneNumber: '(213) 555-0190',
    })
    consumer = created.body.data.id
    lead = (await newLead({ consumer, firstName: 'Dana', lastName: 'Quiet' })).id
    // Two leads of one person at one location on purpose: the duplicate rules would merge them.
    process.env.LEAD_DUPLICATE_RULES = 'none'
    sibling = (await newLead({ consumer, firstName: 'Dana', lastName: 'Quiet' })).id
    delete process.env.LEAD_DUPLICATE_RULES
    existingEvent = (
      await send('POST', '/api/leadEvents?depth=0', who.staff, { lead, type: 'Customer Call' })
    ).body.doc.id
    consumerBefore = (await send('GET', `/api/consumers/${consumer}`, who.integrator)).body
  })

  it('a Customer DNC Request marks the lead and every lead of its consumer', async () => {
    const request = await send('POST', '/api/leadEvents?depth=0', who.staff, {
      lead,
      type: 'Customer DNC Request',
    })
    expect(request.status).toBe(201)
    const marked = await leadOf(lead)
    expect(marked.doNotContact).toMatchObject({
      at: request.body.doc.createdAt,
      by: expect.stringContaining(who.staff.login!.email),
      event: request.body.doc.id,
    })
    expect((await leadOf(sibling)).doNotContact?.at).toBe(request.body.doc.createdAt)
    const records = await send(
      'GET',
      `/api/do-not-contact?where[consumer][equals]=${consumer}&depth=0`,
      who.staff,
    )
    expect(records.body.docs).toEqual([
      expect.objectContaining({ consumer, event: request.body.doc.id, lead }),
    ])
  })

  it.each([
    ['an outbound type', { type: 'Outbound Phone Call' }],
    ['an outbound text', { type: 'Outbound Text' }],
    ['an outbound status', { status: 'Send Text Template 1', type: 'Status Check' }],
  ])('refuses %s with 409 saying when and by whom', async (_, body) => {
    const response = await send('POST', '/api/leadEvents', who.staff, { lead, ...body })
    expect(response.status).toBe(409)
    const [{ message }] = response.body.errors
    expect(message).toMatch(/^Do not contact: Dana Quiet asked not to be contacted/)
    expect(message).toContain(who.staff.login!.email)
    expect(message).toMatch(/recorded \d{4}-\d\d-\d\d \d\d:\d\d UTC/)
  })

  it("shows a dealer of the lead's company the request, never who of the house recorded it", async () => {
    const dealer = await staffUser(service.payload, 'dealer', 'com_demo_sunset')
    const email = who.staff.login!.email
    const read = await send('GET', `/api/lead/${lead}?depth=0`, dealer)
    expect(read.status).toBe(200)
    expect(read.body.doNotContact.at).toBeTruthy()
    const listed = await send('GET', `/api/do-not-contact?where[lead][equals]=${lead}`, dealer)
    expect(listed.body.docs).toHaveLength(1)
    const one = await send('GET', `/api/do-not-contact/${listed.body.docs[0].id}`, dealer)
    const desk = await send('GET', `/api/lead/${lead}/desk`, dealer)
    expect(desk.body.lead.doNotContact.at).toBeTruthy()
    const refused = await send('POST', '/api/leadEvents', dealer, { lead, type: 'Outbound Email' })
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toMatch(/^Do not contact: Dana Quiet asked not to be/)
    for (const answer of [read.body, listed.body, one.body, desk.body, refused.body])
      expect(JSON.stringify(answer)).not.toContain(email)
    expect(desk.body.lead.doNotContact).not.toHaveProperty('by')
    // The desk names house staff to a dealer by name only ("Staff user 7" without one).
    expect(desk.body.lead.assignee).toEqual({
      id: who.staff.id,
      name: `Staff user ${who.staff.id}`,
    })
    expect(listed.body.docs[0]).not.toHaveProperty('recordedBy')
    // Staff still read it.
    const staff = await send('GET', `/api/do-not-contact/${listed.body.docs[0].id}`, who.staff)
    expect(staff.body.recordedBy).toContain(email)
  })

  it("refuses a lead agent's PATCH to an outbound type or status, for any lead of the consumer", async () => {
    const patch = (body: unknown) =>
      send('PATCH', `/api/leadEvents/${existingEvent}`, who.leadAgent, body)
    expect((await patch({ type: 'Outbound Voicemail Left' })).status).toBe(409)
    expect((await patch({ status: 'Send Text Nudge 1' })).status).toBe(409)
    const other = await send('POST', '/api/leadEvents', who.staffAdmin, {
      lead: sibling,
      type: 'Outbound Email',
    })
    expect(other.status).toBe(409)
    // Nothing was written.
    const events = await service.payload.count({
      collection: 'leadEvents',
      where: { lead: { in: [lead, sibling] } },
    })
    expect(events.totalDocs).toBe(2)
  })

  it('refuses every caller that may write lead events; the others are refused before it', async () => {
    const body = { lead, type: 'Outbound Phone Call' }
    for (const caller of [who.staffAdmin, who.clientAdmin, who.staff])
      expect((await send('POST', '/api/leadEvents', caller, body)).status).toBe(409)
    expect((await send('POST', '/api/leadEvents', who.integrator, body)).status).toBe(403)
    expect((await send('POST', '/api/leadEvents', who.anonymous, body)).status).toBe(401)
  })

  it('still records what is not outbound', async () => {
    expect(
      (await send('POST', '/api/leadEvents', who.staff, { lead, type: 'Customer Text' })).status,
    ).toBe(201)
    expect(
      (await send('PATCH', `/api/leadEvents/${existingEvent}`, who.leadAgent, { nextSteps: 'x' }))
        .status,
    ).toBe(200)
  })

  it("leaves the consumer's API answer as it was", async () => {
    const after = await send('GET', `/api/consumers/${consumer}`, who.integrator)
    expect(after.body).toEqual(consumerBefore)
  })

  it('the requests are read by staff only and written by no caller', async () => {
    expect((await send('GET', '/api/do-not-contact', who.staffAdmin)).status).toBe(200)
    expect((await send('GET', '/api/do-not-contact', who.leadAgent)).status).toBe(403)
    expect((await send('GET', '/api/do-not-contact', who.integrator)).status).toBe(403)
    expect((await send('GET', '/api/do-not-contact', who.anonymous)).status).toBe(401)
    const data = { lead: sibling, recordedBy: 'me' }
    expect((await send('POST', '/api/do-not-contact', who.staffAdmin, data)).status).toBe(403)
    expect((await send('POST', '/api/do-not-contact', who.clientAdmin, data)).status).toBe(403)
  })

  it('an outbound event recorded before the request is still edited and trashed, not re-typed', async () => {
    const quiet = (await newLead({ firstName: 'Earlier', lastName: 'Call' })).id
    const post = (body: object) =>
      send('POST', '/api/leadEvents?depth=0', who.staff, { lead: quiet, ...body })
    const call = (await post({ type: 'Outbound Phone Call' })).body.doc.id
    expect((await post({ type: 'Customer DNC Request' })).status).toBe(201)
    const patch = (body: object) => send('PATCH', `/api/leadEvents/${call}`, who.staff, body)
    expect((await patch({ nextSteps: 'Do not call again' })).status).toBe(200)
    expect((await patch({ type: 'Outbound Text' })).status).toBe(409)
    expect((await send('DELETE', `/api/leadEvents/${call}`, who.staff)).status).toBe(200)
  })

  it('a lead of that consumer made or moved there afterwards is marked the same', async () => {
    const first = (await leadOf(lead)).doNotContact
    later = (await newLead({ consumer, firstName: 'Dana', lastName: 'Later' })).id
    expect((await leadOf(later)).doNotContact).toEqual(first)
    const moved = (await newLead({ firstName: 'Dana', lastName: 'Moved' })).id
    expect((await leadOf(moved)).doNotContact?.at).toBeFalsy()
    expect((await send('PATCH', `/api/lead/${moved}`, who.staff, { consumer })).status).toBe(200)
    expect((await leadOf(moved)).doNotContact).toEqual(first)
  })

  it("counts the consumer's leads in the trash: marked, refused, and a request recorded there", async () => {
    const person = (
      await send('POST', '/api/consumers?depth=0', who.integrator, {
        birthDate: '1979-09-09',
        firstName: 'Tess',
        lastName: 'Trashed',
        phoneNumber: '(213) 555-0191',
      })
    ).body.data.id
    const live = (await newLead({ consumer: person })).id
    const trashed = (await newLead({ consumer: person })).id
    const other = (await newLead({ firstName: 'Alone', lastName: 'Trashed' })).id
    for (const id of [trashed, other])
      expect((await send('DELETE', `/api/lead/${id}`, who.staff)).status).toBe(200)
    const event = (lead: number, type: string) =>
      send('POST', '/api/leadEvents?depth=0', who.staff, { lead, type })
    expect((await event(live, 'Customer DNC Request')).status).toBe(201)
    expect((await event(trashed, 'Outbound Text')).status).toBe(409)
    const marked = await service.payload.findByID({ collection: 'lead', id: trashed, trash: true })
    expect(marked.doNotContact?.at).toBeTruthy()
    expect((await event(other, 'Customer DNC Request')).status).toBe(201)
    expect((await event(other, 'Outbound Phone Call')).status).toBe(409)
  })

  it('a do-not-contact lead is never escalated', async () => {
    const escalated = await escalateOverdueLeads(service.payload, new Date(Date.now() + 9e9))
    expect(escalated).not.toContain(lead)
    expect(escalated).not.toContain(sibling)
    expect(escalated).not.toContain(later)
  })
})

describe('POST /api/do-not-contact/{id}/withdraw: the customer asks to hear from us again', () => {
  let consumer: string
  let first: number
  let second: number
  let request: number

  const dnc = async (lead: number) =>
    (
      await send('POST', '/api/leadEvents?depth=0', who.staff, {
        lead,
        type: 'Customer DNC Request',
      })
    ).body.doc.id as number
  const requestOf = async (event: number) =>
    (
      await service.payload.find({
        collection: 'do-not-contact',
        where: { event: { equals: event } },
      })
    ).docs[0].id
  const withdraw = (
    id: number | string,
    caller: Principal,
    body: unknown = { reason: 'Asked by phone' },
  ) => send('POST', `/api/do-not-contact/${id}/withdraw`, caller, body)
  const outbound = (lead: number) =>
    send('POST', '/api/leadEvents', who.staff, { lead, type: 'Outbound Phone Call' })

  beforeAll(async () => {
    consumer = (
      await send('POST', '/api/consumers?depth=0', who.integrator, {
        birthDate: '1990-01-01',
        firstName: 'Wanda',
        lastName: 'Back',
        phoneNumber: '(213) 555-0192',
      })
    ).body.data.id
    process.env.LEAD_DUPLICATE_RULES = 'none'
    first = (await newLead({ consumer, firstName: 'Wanda', lastName: 'Back' })).id
    second = (await newLead({ consumer, firstName: 'Wanda', lastName: 'Back' })).id
    delete process.env.LEAD_DUPLICATE_RULES
    request = await requestOf(await dnc(first))
  })

  it('refuses every caller but house staff, and says which field is wrong', async () => {
    const dealer = await staffUser(service.payload, 'dealer', 'com_demo_sunset')
    const officer = await staffUser(service.payload, 'compliance')
    expect((await withdraw(request, who.anonymous)).status).toBe(401)
    for (const caller of [who.integrator, who.leadAgent, who.clientAdmin, dealer, officer])
      expect((await withdraw(request, caller)).status).toBe(403)
    for (const id of [999999999, 'abc', '-1'])
      expect((await withdraw(id, who.staff)).status).toBe(404)
    for (const body of [{}, { reason: '   ' }, { reason: 7 }, { reason: 'x'.repeat(501) }]) {
      const refused = await withdraw(request, who.staff, body)
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0].data.errors[0].path).toBe('reason')
    }
    // A body that is not a JSON object is refused before the endpoint reads it.
    const text = await withdraw(request, who.staff, 'text')
    expect(text.status).toBe(400)
    expect(text.body.errors[0].message).toBeTruthy()
    // Nothing moved: the leads are still marked, outbound still refused.
    expect((await leadOf(second)).doNotContact?.at).toBeTruthy()
    expect((await outbound(second)).status).toBe(409)
    expect((await send('GET', `/api/lead/${first}/desk`, who.staff)).body.withdrawable).toBe(
      request,
    )
    expect((await send('GET', `/api/lead/${first}/desk`, who.leadAgent)).body.withdrawable).toBe(
      null,
    )
  })

  it('keeps the request with the withdrawal, unmarks every lead of the person and allows contact', async () => {
    const answer = await withdraw(request, who.staff, {
      reason: '  Called in: wants offers again ',
    })
    expect(answer.status).toBe(200)
    expect(answer.body.doc).toMatchObject({
      id: request,
      lead: first,
      withdrawnBy: expect.stringContaining(who.staff.login!.email),
      withdrawnReason: 'Called in: wants offers again',
    })
    expect(Date.parse(answer.body.doc.withdrawnAt)).toBeGreaterThan(Date.now() - 60_000)
    for (const lead of [first, second]) expect((await leadOf(lead)).doNotContact?.at).toBeFalsy()
    expect((await outbound(second)).status).toBe(201)
    expect((await send('GET', `/api/lead/${first}/desk`, who.staff)).body.withdrawable).toBe(null)

    const again = await withdraw(request, who.staffAdmin)
    expect(again.status).toBe(409)
    expect(again.body.errors[0].message).toMatch(/^This request was withdrawn already \(.+ UTC by /)
    // What it says is kept: nobody rewrites the withdrawal, not even the service.
    await expect(
      service.payload.update({
        collection: 'do-not-contact',
        data: { withdrawnReason: 'rewritten' },
        id: request,
      }),
    ).rejects.toThrow()
    expect(
      (await send('PATCH', `/api/do-not-contact/${request}`, who.staffAdmin, { withdrawnAt: null }))
        .status,
    ).toBe(403)
  })

  it('a later request marks the person again; withdrawing one of two leaves the other standing', async () => {
    const later = await requestOf(await dnc(second))
    const another = await requestOf(await dnc(first))
    expect((await outbound(first)).status).toBe(409)
    expect((await withdraw(later, who.staff)).status).toBe(200)
    const standing = await service.payload.findByID({ collection: 'do-not-contact', id: another })
    for (const lead of [first, second])
      expect((await leadOf(lead)).doNotContact?.at).toBe(standing.recordedAt)
    expect((await outbound(second)).status).toBe(409)
    expect((await send('GET', `/api/lead/${second}/desk`, who.staff)).body.withdrawable).toBe(
      another,
    )
  })
})

describe('POST /api/lead/{id}/activity: log activity', () => {
  const due = '2031-03-14T17:30:00.000Z'

  it('creates the event, current when it sets a status, and sets the follow-up time', async () => {
    const lead = await newLead()
    const response = await send('POST', `/api/lead/${lead.id}/activity`, who.staff, {
      followUpDue: due,
      nextSteps: 'Call back Friday',
      status: 'Waiting For Meeting',
      type: 'Outbound Phone Call',
    })
    expect(response.status).toBe(201)
    expect(response.body.event).toMatchObject({
      currentStatusFor: lead.id,
      lead: lead.id,
      nextSteps: 'Call back Friday',
      type: 'Outbound Phone Call',
    })
    expect(response.body.lead).toMatchObject({ followUpDue: due, id: lead.id })
    expect(await leadOf(lead.id)).toMatchObject({
      currentStatus: 'Waiting For Meeting',
      followUpDue: due,
    })
  })

  it('saves neither when one is refused: a bad due time keeps no event, a refused event no due time', async () => {
    const lead = await newLead()
    const events = async () =>
      (
        await service.payload.count({
          collection: 'leadEvents',
          where: { lead: { equals: lead.id } },
        })
      ).totalDocs
    const badDue = await send('POST', `/api/lead/${lead.id}/activity`, who.staff, {
      followUpDue: 'next Tuesday-ish',
      type: 'Outbound Phone Call',
    })
    expect(badDue.status).toBe(400)
    expect(await events()).toBe(0)
    const badType = await send('POST', `/api/lead/${lead.id}/activity`, who.staff, {
      followUpDue: due,
      type: 'Carrier Pigeon',
    })
    expect(badType.status).toBe(400)
    expect((await leadOf(lead.id)).followUpDue ?? null).toBeNull()
  })

  it('refuses a non-object body, an unknown lead, and callers without the right', async () => {
    const lead = await newLead()
    const path = `/api/lead/${lead.id}/activity`
    const body = { type: 'Customer Call' }
    expect((await send('POST', path, who.staff, ['Customer Call'])).status).toBe(400)
    expect((await send('POST', '/api/lead/999999/activity', who.staff, body)).status).toBe(404)
    expect((await send('POST', '/api/lead/x1/activity', who.staff, body)).status).toBe(404)
    expect((await send('POST', path, who.anonymous, body)).status).toBe(401)
    expect((await send('POST', path, who.integrator, body)).status).toBe(403)
    expect((await send('POST', path, who.leadAgent, body)).status).toBe(403)
    expect((await send('POST', path, who.staffAdmin, body)).status).toBe(201)
  })
})

describe('do not contact, at the same moment', () => {
  it('an outbound event checked while a request is being recorded waits for it, and is refused', async () => {
    const created = await send('POST', '/api/consumers?depth=0', who.integrator, {
      birthDate: '1990-01-02',
      firstName: 'Remy',
      lastName: 'Racing',
      phoneNumber: '(213) 555-0191',
    })
    const consumer = created.body.data.id
    const lead = (await newLead({ consumer, firstName: 'Remy', lastName: 'Racing' })).id
    // A second lead of the same person on purpose: the duplicate rules would merge it.
    process.env.LEAD_DUPLICATE_RULES = 'none'
    const sibling = (await newLead({ consumer, firstName: 'Remy', lastName: 'Racing' })).id
    delete process.env.LEAD_DUPLICATE_RULES
    // The request is recorded in a transaction that has not committed yet.
    const staff = await service.payload.findByID({ collection: 'users', id: who.staff.id! })
    const req = await createLocalReq(
      { user: { ...staff, collection: 'users' } as TypedUser },
      service.payload,
    )
    await initTransaction(req)
    await service.payload.create({
      collection: 'leadEvents',
      data: { lead, type: 'Customer DNC Request' },
      req,
    })
    let answered = false
    const outbound = send('POST', '/api/leadEvents?depth=0', who.staff, {
      lead: sibling,
      type: 'Outbound Phone Call',
    }).then((response) => {
      answered = true
      return response
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(answered).toBe(false)
    await commitTransaction(req)
    const response = await outbound
    expect(response.status).toBe(409)
    expect(response.body.errors[0].message).toMatch(/^Do not contact: Remy Racing asked/)
  })
})

describe('GET /api/lead/{id}/desk', () => {
  let maria: number

  beforeAll(async () => {
    maria = (
      await service.payload.find({
        collection: 'lead',
        where: { email: { equals: 'maria.gonzalez@example.com' } },
      })
    ).docs[0].id
  })

  it("shows staff the lead's state, its timeline newest first and the consumer's other leads", async () => {
    const response = await send('GET', `/api/lead/${maria}/desk`, who.staff)
    expect(response.status).toBe(200)
    const view = response.body
    expect(view.lead).toMatchObject({
      assignee: { email: 'sam.rivera@example.com', name: 'Sam Rivera' },
      currentStatus: 'Had Conversation',
      id: maria,
    })
    expect(view.current).toMatchObject({ kind: 'event', status: 'Had Conversation' })
    expect(view.timeline.map((item: { kind: string }) => item.kind).sort()).toEqual([
      'event',
      'event',
      'event',
      'vdpEmail',
    ])
    const times = view.timeline.map((item: { at: string }) => item.at)
    expect(times).toEqual([...times].sort().reverse())
    expect(view.otherLeads).toEqual([
      expect.objectContaining({ title: 'María González', currentStatus: null }),
    ])
    expect(view.canEdit).toBe(true)
    expect(view.me).toBe(who.staff.id)
  })

  it('a lead agent reads it without the right to change the lead', async () => {
    const response = await send('GET', `/api/lead/${maria}/desk`, who.leadAgent)
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ canEdit: false, me: null })
    // Staff users' names, not their e-mail addresses, for an API client.
    expect(response.body.lead.assignee).toEqual({ id: expect.any(Number), name: 'Sam Rivera' })
  })

  it('names the current event when it is older than the timeline shows', async () => {
    const lead = await newLead()
    const first = await send('POST', '/api/leadEvents?depth=0', who.staff, {
      lead: lead.id,
      status: 'Searching',
      type: 'Status Check',
    })
    expect(first.status).toBe(201)
    // More events than the timeline holds, none setting a status: ten at a time, since 101
    // transactions at once wait on the pool and can time out on a busy machine.
    for (let made = 0; made < 101; made += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, 101 - made) }, () =>
          service.payload.create({
            collection: 'leadEvents',
            data: { lead: lead.id, type: 'Time Passed' },
          }),
        ),
      )
    }
    const view = (await send('GET', `/api/lead/${lead.id}/desk`, who.staff)).body
    expect(view.timeline).toHaveLength(100)
    expect(view.timeline.some((item: { id: number }) => item.id === first.body.doc.id)).toBe(false)
    expect(view.current).toMatchObject({ id: first.body.doc.id, status: 'Searching' })
  })

  it('integrator 403, anonymous 401, unknown or malformed lead 404', async () => {
    expect((await send('GET', `/api/lead/${maria}/desk`, who.integrator)).status).toBe(403)
    expect((await send('GET', `/api/lead/${maria}/desk`, who.anonymous)).status).toBe(401)
    expect((await send('GET', '/api/lead/999999/desk', who.staff)).status).toBe(404)
    expect((await send('GET', '/api/lead/x1/desk', who.staff)).status).toBe(404)
    expect((await send('GET', '/api/lead/1e3/desk', who.staff)).status).toBe(404)
  })
})

describe('escalation', () => {
  const manager = 'desk.manager@example.com'
  let location: string

  beforeAll(async () => {
    // A location of its own, open around the clock (no hours), with a manager.
    const created = await service.payload.create({
      collection: 'location',
      data: {
        city: { name: 'Los Angeles', state: 'CA' },
        companyId: 'com_demo_sunset',
        desk: { managerEmail: manager, rota: [who.staff.id] },
        line1: '1 Escalation Way',
        zip: '90026',
      } as never,
    })
    location = created.id
  })

  it('escalates a lead not contacted in LEAD_CONTACT_MINUTES, e-mails the manager once', async () => {
    const lead = await newLead({ location, firstName: 'Late', lastName: 'Lead' })
    const contacted = await newLead({ location, firstName: 'Quick', lastName: 'Lead' })
    await send('POST', '/api/leadEvents', who.staff, {
      lead: contacted.id,
      type: 'Outbound Phone Call Not Answered',
    })
    const createdAt = new Date((await leadOf(lead.id)).createdAt).getTime()

    expect(
      await escalateOverdueLeads(service.payload, new Date(createdAt + 29 * MINUTE)),
    ).not.toContain(lead.id)
    const escalated = await escalateOverdueLeads(service.payload, new Date(createdAt + 31 * MINUTE))
    expect(escalated).toContain(lead.id)
    expect(escalated).not.toContain(contacted.id)
    expect((await leadOf(lead.id)).escalatedAt).toBe(
      new Date(createdAt + 31 * MINUTE).toISOString(),
    )

    const mail = await smtp.waitFor(manager)
    expect(mail.raw).toContain('Lead not contacted in time: Late Lead')
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`/admin/collections/lead/${lead.id}`)

    // Later sweeps, even concurrent ones, send nothing more.
    await Promise.all([
      escalateOverdueLeads(service.payload, new Date(createdAt + 60 * MINUTE)),
      escalateOverdueLeads(service.payload, new Date(createdAt + 60 * MINUTE)),
    ])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.mails.filter((one) => one.to.includes(manager))).toHaveLength(1)
  })

  it('counts business hours only: a closed location is not due until it opens', async () => {
    // Open one hour a week, 03:00-04:00 UTC three days from now (never the day the test runs, so
    // the lead cannot come in during that hour): it is due 30 minutes into that hour, within the
    // week, not 31 minutes after it came in.
    const openDay = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][
      new Date(Date.now() + 3 * 24 * 60 * MINUTE).getUTCDay()
    ]
    await setDesk(
      { hours: { [openDay]: '03:00-04:00' }, managerEmail: manager, timeZone: 'UTC' },
      location,
    )
    const lead = await newLead({ location })
    const createdAt = new Date((await leadOf(lead.id)).createdAt).getTime()
    const inHours = await escalateOverdueLeads(service.payload, new Date(createdAt + 31 * MINUTE))
    const opensAgain = await escalateOverdueLeads(
      service.payload,
      new Date(createdAt + 8 * 24 * 60 * MINUTE),
    )
    expect(inHours).not.toContain(lead.id)
    expect(opensAgain).toContain(lead.id)
    await setDesk({ hours: { [openDay]: null }, managerEmail: manager }, location)
  })

  it('a mail that cannot be sent leaves the lead for the next sweep', async () => {
    const lead = await newLead({ location, firstName: 'Retry', lastName: 'Mail' })
    const createdAt = new Date((await leadOf(lead.id)).createdAt).getTime()
    process.env.SMTP_URL = 'smtp://127.0.0.1:9'
    try {
      expect(
        await escalateOverdueLeads(service.payload, new Date(createdAt + 31 * MINUTE)),
      ).toEqual([])
      expect((await leadOf(lead.id)).escalatedAt).toBeFalsy()
    } finally {
      process.env.SMTP_URL = smtp.url
    }
    expect(
      await escalateOverdueLeads(service.payload, new Date(createdAt + 32 * MINUTE)),
    ).toContain(lead.id)
  })

  it("the job runner's sweep escalates on its own (LEAD_CONTACT_MINUTES=0)", async () => {
    process.env.LEAD_CONTACT_MINUTES = '0'
    try {
      const lead = await newLead({ location, firstName: 'Runner', lastName: 'Swept' })
      const deadline = Date.now() + 15_000
      while (!(await leadOf(lead.id)).escalatedAt && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200))
      expect((await leadOf(lead.id)).escalatedAt).toBeTruthy()
      const mailed = () => smtp.mails.some((one) => one.raw.includes('Runner Swept'))
      while (!mailed() && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100))
      expect(mailed()).toBe(true)
    } finally {
      delete process.env.LEAD_CONTACT_MINUTES
    }
  })
})

describe('the dashboard to-do list', () => {
  it("lists the viewer's leads due now and the uncontacted escalated ones, as the viewer", async () => {
    const due = await newLead({
      assignee: who.staff.id,
      firstName: 'Due',
      followUpDue: new Date(Date.now() - MINUTE).toISOString(),
      lastName: 'Now',
    })
    await newLead({
      assignee: who.staff.id,
      firstName: 'Due',
      followUpDue: new Date(Date.now() + 60 * MINUTE).toISOString(),
      lastName: 'Later',
    })
    const soon = await service.payload.create({
      collection: 'lead-appointment',
      data: {
        kind: 'test-drive',
        lead: due.id,
        startsAt: new Date(Date.now() + 3 * 60 * MINUTE).toISOString(),
        status: 'confirmed',
      },
    })
    for (const [hours, status] of [
      [72, 'set'],
      [2, 'cancelled'],
    ] as const)
      await service.payload.create({
        collection: 'lead-appointment',
        data: {
          kind: 'delivery',
          lead: due.id,
          startsAt: new Date(Date.now() + hours * 60 * MINUTE).toISOString(),
          status,
        },
      })
    const lists = await todoLists(service.payload, await userOf('staff'))
    expect(lists.map((list) => list.title)).toEqual([
      'My leads due now',
      'Uncontacted leads past their time',
      'Leads without an assignee',
      'Appointments in the next 24 hours',
      'Tasks due now',
      'Credit apps needing attention',
      'Consumer requests due',
      'Adverse-action notices to deliver',
      'Possible sanctions matches to review',
      'Deals without a bid',
    ])
    const mine = lists[0]
    expect(mine.items.map((item) => item.label)).toContain('Due Now')
    expect(mine.items.map((item) => item.label)).not.toContain('Due Later')
    expect(mine.items.find((item) => item.label === 'Due Now')!.href).toBe(
      `/admin/collections/lead/${due.id}`,
    )
    // Each total is what its link's list holds, read as that viewer.
    for (const list of lists) {
      const [, collection, query] = list.href.match(/^\/admin\/collections\/([^?]+)\?(.*)$/)!
      const page = await send('GET', `/api/${collection}?${query}&limit=1`, who.staff)
      expect({ title: list.title, total: page.body.totalDocs }).toEqual({
        title: list.title,
        total: list.total,
      })
    }
    // The next day's appointments still to happen: not one in three days, nor one cancelled.
    const appointments = lists.find((list) => list.title === 'Appointments in the next 24 hours')!
    expect(appointments.items).toEqual([
      {
        href: `/admin/collections/lead/${due.id}`,
        label: 'Test drive · Due Now',
        note: 'Confirmed',
        times: [{ label: 'at', value: soon.startsAt }],
      },
    ])
    const late = await send(
      'GET',
      `/api/lead?${lists[1].href.split('?')[1]}&where[title][equals]=Late Lead`,
      who.staff,
    )
    expect(late.body.totalDocs).toBe(1)
    // Another user's due leads are not "mine".
    const admins = await todoLists(service.payload, await userOf('staffAdmin'))
    expect(admins[0].items.map((item) => item.label)).not.toContain('Due Now')
    // A lead in the trash takes its appointments off the list.
    await service.payload.update({
      collection: 'lead',
      data: { deletedAt: new Date().toISOString() },
      id: due.id,
    })
    const trashed = await todoLists(service.payload, await userOf('staff'))
    expect(trashed.find((list) => list.title === appointments.title)!.items).toEqual([])
  })
})
