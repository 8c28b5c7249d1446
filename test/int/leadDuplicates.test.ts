/**
 * Duplicate leads over REST: each rule (same e-mail; same name and a shared phone; same last
 * name, a first name within two edits and a shared phone), the window and the location that
 * bound it, the settings that turn rules off, the answer of a merged `POST /api/lead`, the import
 * path, two identical submissions at once, the possible duplicates of a lead and the merge of
 * two (preview, moves, refusals), for each kind of caller.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'
import type { TypedUser } from 'payload'

import { todoLists } from '@/admin/todo'
import { MERGED_HEADER } from '@/leadDesk/endpoints'
import { escalateOverdueLeads } from '@/leadDesk/escalation'

import { sendJson } from '../helpers/http'
import {
  createPrincipals,
  type Principal,
  type PrincipalName,
  staffUser,
} from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/testService'

const LA = 'loc_demo_sunset_la'
const AUSTIN = 'loc_demo_lane_austin'

let service: TestService
let who: Record<PrincipalName, Principal>

beforeAll(async () => {
  service = await startTestService({ seed: true })
  who = await createPrincipals(service.payload)
})

afterAll(async () => {
  await service?.close()
})

afterEach(() => {
  delete process.env.LEAD_DUPLICATE_RULES
  delete process.env.LEAD_DUPLICATE_DAYS
})

const send = (method: string, path: string, caller: Principal, body?: unknown) =>
  sendJson(service, method, path, { body, headers: caller.headers })

let serial = 0
/** A person no other test uses: their own e-mail, phone and last name. */
const person = (data: Record<string, unknown> = {}) => {
  serial++
  const digits = String(1000 + serial).slice(-4)
  return {
    email: `person${serial}.${Date.now()}@example.com`,
    firstName: 'Katherine',
    lastName: `Doe${serial}`,
    location: LA,
    phoneNumber: `(213) 555-${digits}`,
    ...data,
  }
}

const post = (body: Record<string, unknown>, caller = who.staff) =>
  send('POST', '/api/lead?depth=0', caller, body)

/** A new lead through REST, which must be created (201). */
const created = async (body: Record<string, unknown>) => {
  const answer = await post(body)
  expect(answer.status).toBe(201)
  return answer.body.doc as { id: number }
}

const eventsOf = async (lead: number) =>
  (
    await service.payload.find({
      collection: 'leadEvents',
      depth: 0,
      sort: 'createdAt',
      where: { lead: { equals: lead } },
    })
  ).docs

const leadCount = async (where: Record<string, unknown>) =>
  (await service.payload.count({ collection: 'lead', where: where as never })).totalDocs

describe('a new lead that duplicates a recent lead of its location', () => {
  it('same e-mail (any case): merged, answered 200 with the existing lead', async () => {
    const first = person()
    const lead = await created(first)
    const again = await post(
      person({ email: first.email.toUpperCase(), firstName: 'Other', source: 'website' }),
    )
    expect(again.status).toBe(200)
    expect(again.headers[MERGED_HEADER.toLowerCase()]).toBe(String(lead.id))
    expect(again.body).toMatchObject({
      doc: { email: first.email, firstName: 'Katherine', id: lead.id },
      duplicate: { lead: lead.id, rule: 'email' },
      message: `Merged into lead ${lead.id} as a duplicate (same e-mail).`,
    })
    const events = await eventsOf(lead.id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      id: again.body.duplicate.event,
      submission: {
        source: 'api',
        values: { firstName: 'Other', source: 'website' },
      },
      type: 'Lead Created',
    })
    expect(await leadCount({ email: { equals: first.email } })).toBe(1)
  })

  it('same name and a shared phone, however the phone is written', async () => {
    const first = person({ firstName: 'Jordan', lastName: 'Reyes-Ortiz' })
    const lead = await created(first)
    const digits = first.phoneNumber.replace(/\D/g, '')
    const again = await post(
      person({
        firstName: ' jordan ',
        lastName: 'REYES ORTIZ',
        phoneNumber: `+1 ${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`,
      }),
    )
    expect(again.status).toBe(200)
    expect(again.body.duplicate).toMatchObject({ lead: lead.id, rule: 'name-phone' })
  })

  it('same last name, a first name within two edits and a shared phone; three edits is another person', async () => {
    const first = person({ firstName: 'Katherine' })
    const lead = await created(first)
    const typo = await post(
      person({ firstName: 'Kahterine', lastName: first.lastName, phoneNumber: first.phoneNumber }),
    )
    expect(typo.status).toBe(200)
    expect(typo.body.duplicate).toMatchObject({ lead: lead.id, rule: 'similar-name-phone' })
    expect(typo.body.message).toBe(
      `Merged into lead ${lead.id} as a duplicate (same last name, similar first name and same phone).`,
    )
    // Katherine → Karen is more than two edits: a new lead, though the phone is the same.
    await created(
      person({ firstName: 'Karen', lastName: first.lastName, phoneNumber: first.phoneNumber }),
    )
    // A shared phone alone (another last name) is not enough either.
    await created(person({ firstName: 'Katherine', phoneNumber: first.phoneNumber }))
  })

  it("matches by the consumer's e-mail and phones when the lead has none of its own", async () => {
    const consumer = await service.payload.create({
      collection: 'consumer',
      data: {
        birthDate: '1990-01-02',
        email: `consumer${Date.now()}@example.com`,
        firstName: 'Ana',
        lastName: `Lopez${Date.now()}`,
        phoneNumber: '(310) 555-0190',
        phoneNumbers: ['(310) 555-0191'],
      },
    })
    const lead = await created({ consumer: consumer.id, location: LA })
    const again = await post(
      person({ firstName: 'Ana', lastName: consumer.lastName, phoneNumber: '310-555-0191' }),
    )
    expect(again.status).toBe(200)
    expect(again.body.duplicate).toMatchObject({ lead: lead.id, rule: 'name-phone' })
  })

  it('a lead older than LEAD_DUPLICATE_DAYS is not matched', async () => {
    process.env.LEAD_DUPLICATE_DAYS = '10'
    const first = person()
    const lead = await created(first)
    await service.payload.db.drizzle.execute(
      sql`UPDATE lead SET created_at = now() - interval '11 days' WHERE id = ${lead.id}`,
    )
    await created(first)
    process.env.LEAD_DUPLICATE_DAYS = '12'
    expect((await post(first)).status).toBe(200)
  })

  it("another location's lead is not a duplicate", async () => {
    const first = person()
    await created(first)
    await created({ ...first, location: AUSTIN })
  })

  it('LEAD_DUPLICATE_RULES turns rules off', async () => {
    const first = person()
    const lead = await created(first)
    process.env.LEAD_DUPLICATE_RULES = 'name-phone'
    // Same e-mail, another name: the e-mail rule is off.
    await created({ ...first, firstName: 'Someone', lastName: 'Else' })
    expect((await post(first)).body.duplicate).toMatchObject({ lead: lead.id, rule: 'name-phone' })
    process.env.LEAD_DUPLICATE_RULES = 'none'
    await created(first)
  })

  it('a duplicate with a bad value is refused as a new lead would be (400), and merges nothing', async () => {
    const first = person()
    const lead = await created(first)
    const bad = await post({ ...first, phoneNumber: 'call me' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].data.errors[0].path).toBe('phoneNumber')
    expect(await eventsOf(lead.id)).toHaveLength(0)
  })

  it('callers who may not create leads are refused as before', async () => {
    const first = person()
    await created(first)
    expect((await post(first, who.leadAgent)).status).toBe(403)
    expect((await post(first, who.integrator)).status).toBe(403)
    expect((await post(first, who.anonymous)).status).toBe(401)
    expect((await post(first, who.clientAdmin)).status).toBe(200)
    expect((await post(first, who.staffAdmin)).status).toBe(200)
  })

  it('two identical submissions at once make one lead', async () => {
    const first = person()
    const answers = await Promise.all([post(first), post(first), post(first)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201])
    const ids = new Set(answers.map((answer) => answer.body.doc.id))
    expect(ids.size).toBe(1)
    expect(await leadCount({ email: { equals: first.email } })).toBe(1)
    expect(await eventsOf([...ids][0])).toHaveLength(2)
  })

  it('an idempotent retry of a merged submission replays the merged answer', async () => {
    const first = person()
    await created(first)
    const headers = { ...who.staff.headers, 'Idempotency-Key': `dup-${Date.now()}` }
    const once = await sendJson(service, 'POST', '/api/lead?depth=0', { body: first, headers })
    const twice = await sendJson(service, 'POST', '/api/lead?depth=0', { body: first, headers })
    expect(once.status).toBe(200)
    expect(twice).toMatchObject({ body: once.body, status: 200 })
    expect(twice.headers['idempotent-replayed']).toBe('true')
    expect(twice.headers[MERGED_HEADER.toLowerCase()]).toBe(
      once.headers[MERGED_HEADER.toLowerCase()],
    )
  })
})

describe('importing leads', () => {
  it('merges rows that duplicate a stored lead or an earlier row; the preview says so first', async () => {
    const stored = person()
    const lead = await created(stored)
    const fresh = person()
    const rows = [{ ...stored, firstName: 'Imported' }, fresh, { ...fresh, firstName: 'Again' }]
    const dry = await send('POST', '/api/lead/import', who.staff, { dryRun: true, rows })
    expect(dry.status).toBe(200)
    expect(dry.body.rows[0]).toMatchObject({
      merged: { into: lead.id, reason: 'same e-mail' },
      row: 1,
    })
    expect(dry.body.rows[1]).not.toHaveProperty('merged')
    const done = await send('POST', '/api/lead/import', who.staff, { rows })
    expect(done.status).toBe(201)
    expect(done.body).toMatchObject({
      imported: 3,
      merged: [
        { into: lead.id, reason: 'same e-mail', row: 1 },
        { into: done.body.ids[0], reason: 'same e-mail', row: 3 },
      ],
      message: 'Imported 3 rows: 1 created, 2 merged into existing records as duplicates.',
    })
    expect(done.body.ids).toHaveLength(1)
    expect((await eventsOf(lead.id))[0].submission).toMatchObject({
      source: 'import',
      values: { firstName: 'Imported' },
    })
    expect(await eventsOf(done.body.ids[0])).toHaveLength(1)
  })
})

describe('possible duplicates and merging two leads', () => {
  /** Two leads of one person, made apart (the rules off), with events and a VDP e-mail. */
  const pair = async () => {
    process.env.LEAD_DUPLICATE_RULES = 'none'
    const first = person({ source: 'website' })
    const kept = await created({ ...first, phoneNumber: undefined, source: undefined })
    const other = await created({ ...first, followUpDue: '2031-01-01T10:00:00.000Z' })
    delete process.env.LEAD_DUPLICATE_RULES
    const event = await service.payload.create({
      collection: 'leadEvents',
      data: { lead: other.id, status: 'Had Conversation', type: 'Customer Call' },
    })
    await service.payload.create({
      collection: 'leadEvents',
      data: { lead: other.id, type: 'Outbound Email' },
    })
    await service.payload.create({ collection: 'vdpEmails', data: { lead: other.id } })
    const note = await service.payload.create({
      collection: 'lead-note',
      data: { body: 'Prefers texts after 5 pm', lead: other.id },
    })
    await service.payload.create({
      collection: 'lead-appointment',
      data: {
        kind: 'test-drive',
        lead: other.id,
        startsAt: '2031-05-01T16:30:00.000Z',
        status: 'set',
      },
    })
    await service.payload.create({
      collection: 'lead-task',
      data: {
        dueAt: '2031-05-02T16:30:00.000Z',
        lead: other.id,
        status: 'done',
        what: 'Send the trade-in figures',
      },
    })
    return { event, first, kept, note, other }
  }

  it('lists the possible duplicates of a lead, with why', async () => {
    const { kept, other } = await pair()
    const answer = await send('GET', `/api/lead/${kept.id}/duplicates`, who.staff)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      canMerge: true,
      docs: [{ id: other.id, reason: 'same e-mail', rule: 'email' }],
      lead: kept.id,
    })
  })

  it('previews a merge, then merges as previewed: values, events, e-mails, the mark', async () => {
    const { event, first, kept, note, other } = await pair()
    const preview = await send('POST', `/api/lead/${kept.id}/merge`, who.staff, {
      dryRun: true,
      other: other.id,
    })
    expect(preview.status).toBe(200)
    expect(preview.body.moves).toEqual({
      appointments: 1,
      doNotContact: 0,
      leadEvents: 2,
      notes: 1,
      tasks: 1,
      vdpEmails: 1,
    })
    const value = (field: string) =>
      preview.body.values.find((one: { field: string }) => one.field === field)
    expect(value('phoneNumber')).toMatchObject({
      from: 'other',
      kept: null,
      result: first.phoneNumber,
    })
    expect(value('email')).toMatchObject({ from: 'kept', result: first.email })
    // Nothing changed yet.
    expect(await eventsOf(kept.id)).toHaveLength(0)

    const done = await send('POST', `/api/lead/${kept.id}/merge`, who.staff, { other: other.id })
    expect(done.status).toBe(200)
    expect(done.body.message).toBe(`Merged lead ${other.id} into lead ${kept.id}.`)
    const { doc: _doc, message: _m, ...result } = done.body
    const { message: _p, ...previewed } = preview.body
    expect(result).toEqual(previewed)
    const after = await service.payload.findByID({ collection: 'lead', depth: 0, id: kept.id })
    for (const { field, result: expected } of preview.body.values) {
      const actual = (after as unknown as Record<string, unknown>)[field]
      expect([field, actual ?? null]).toEqual([field, expected])
    }
    expect(after.currentStatus).toBe('Had Conversation')
    expect((await eventsOf(kept.id)).map((one) => one.id)).toContain(event.id)
    expect(await eventsOf(kept.id)).toHaveLength(2)
    const emails = await service.payload.count({
      collection: 'vdpEmails',
      where: { lead: { equals: kept.id } },
    })
    expect(emails.totalDocs).toBe(1)
    const moved = await service.payload.findByID({ collection: 'lead-note', depth: 0, id: note.id })
    expect(moved.lead).toBe(kept.id)
    const appointments = await service.payload.count({
      collection: 'lead-appointment',
      where: { lead: { equals: kept.id } },
    })
    expect(appointments.totalDocs).toBe(1)
    const tasks = await service.payload.count({
      collection: 'lead-task',
      where: { lead: { equals: kept.id } },
    })
    expect(tasks.totalDocs).toBe(1)
    // Moved as it was: still closed, by nobody (made by the service), whoever merged.
    const [task] = (
      await service.payload.find({ collection: 'lead-task', where: { lead: { equals: kept.id } } })
    ).docs
    expect(task).toMatchObject({ closedBy: null, status: 'done' })
    const merged = await send('GET', `/api/lead/${other.id}?depth=0`, who.staff)
    expect(merged.status).toBe(200)
    expect(merged.body).toMatchObject({ id: other.id, mergedInto: kept.id })
    // The merged lead is no one's duplicate any more.
    const listed = await send('GET', `/api/lead/${kept.id}/duplicates`, who.staff)
    expect(listed.body.docs).toEqual([])
  })

  it('refuses a lead into itself (400), into or from a merged lead (409), and bad bodies (400)', async () => {
    const { kept, other } = await pair()
    const self = await send('POST', `/api/lead/${kept.id}/merge`, who.staff, { other: kept.id })
    expect(self.status).toBe(400)
    expect(self.body.errors[0].message).toBe(
      `Lead ${kept.id} cannot be merged into itself: name another lead.`,
    )
    expect(
      (await send('POST', `/api/lead/${kept.id}/merge`, who.staff, { other: other.id })).status,
    ).toBe(200)
    const again = await send('POST', `/api/lead/${kept.id}/merge`, who.staff, { other: other.id })
    expect(again.status).toBe(409)
    expect(again.body.errors[0].message).toBe(
      `Lead ${other.id} is already merged into lead ${kept.id}.`,
    )
    const third = await created(person())
    const into = await send('POST', `/api/lead/${other.id}/merge`, who.staff, { other: third.id })
    expect(into.status).toBe(409)
    expect(into.body.errors[0].message).toBe(
      `Lead ${other.id} is merged into lead ${kept.id}: merge into that lead instead.`,
    )
    const bad = await send('POST', `/api/lead/${kept.id}/merge`, who.staff, { other: 'x' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].data.errors[0].path).toBe('other')
    const dry = await send('POST', `/api/lead/${kept.id}/merge`, who.staff, {
      dryRun: 'yes',
      other: third.id,
    })
    expect(dry.body.errors[0].data.errors[0].path).toBe('dryRun')
    expect(
      (await send('POST', `/api/lead/${kept.id}/merge`, who.staff, { other: 99999999 })).status,
    ).toBe(404)
  })

  it('two merges of the same lead at once: one merges, the other is refused', async () => {
    const { kept, other } = await pair()
    const third = await created(person())
    const answers = await Promise.all([
      send('POST', `/api/lead/${kept.id}/merge`, who.staff, { other: other.id }),
      send('POST', `/api/lead/${third.id}/merge`, who.staff, { other: other.id }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
  })

  it('a merged lead leaves the to-do lists and is not escalated', async () => {
    const { kept, other } = await pair()
    await service.payload.update({
      collection: 'lead',
      data: { assignee: who.staff.id as number, followUpDue: '2020-01-01T00:00:00.000Z' },
      id: other.id,
    })
    await service.payload.db.drizzle.execute(
      sql`UPDATE lead SET created_at = now() - interval '1 day' WHERE id = ${other.id}`,
    )
    const user = {
      ...(await service.payload.findByID({ collection: 'users', id: who.staff.id as number })),
      collection: 'users',
    } as unknown as TypedUser
    const dueNow = async () =>
      (await todoLists(service.payload, user))
        .find((list) => list.title === 'My leads due now')!
        .items.map((item) => item.href)
    const href = `/admin/collections/lead/${other.id}`
    expect(await dueNow()).toContain(href)
    await send('POST', `/api/lead/${kept.id}/merge`, who.staff, { other: other.id })
    expect(await dueNow()).not.toContain(href)
    expect(await escalateOverdueLeads(service.payload)).not.toContain(other.id)
  })

  describe('who may', () => {
    const cases: [PrincipalName, number, number][] = [
      // caller, GET duplicates, POST merge (dry run)
      ['staff', 200, 200],
      ['staffAdmin', 200, 200],
      ['clientAdmin', 200, 200],
      ['leadAgent', 200, 403],
      ['integrator', 403, 403],
      ['anonymous', 401, 401],
    ]
    it.each(cases)('%s: duplicates %i, merge %i', async (name, read, merge) => {
      const { kept, other } = await pair()
      expect((await send('GET', `/api/lead/${kept.id}/duplicates`, who[name])).status).toBe(read)
      const answer = await send('POST', `/api/lead/${kept.id}/merge`, who[name], {
        dryRun: true,
        other: other.id,
      })
      expect(answer.status).toBe(merge)
    })

    it("a dealer works their company's leads only: another company's is 404", async () => {
      const dealer = await staffUser(service.payload, 'dealer', 'com_demo_sunset')
      const { kept, other } = await pair()
      const elsewhere = await created(person({ location: AUSTIN }))
      expect((await send('GET', `/api/lead/${kept.id}/duplicates`, dealer)).status).toBe(200)
      expect((await send('GET', `/api/lead/${elsewhere.id}/duplicates`, dealer)).status).toBe(404)
      const across = await send('POST', `/api/lead/${kept.id}/merge`, dealer, {
        dryRun: true,
        other: elsewhere.id,
      })
      expect(across.status).toBe(404)
      const own = await send('POST', `/api/lead/${kept.id}/merge`, dealer, { other: other.id })
      expect(own.status).toBe(200)
    })
  })
})
