/**
 * What staff keep on a lead at its desk: notes (`lead-note`), appointments (`lead-appointment`)
 * and tasks (`lead-task`). Written and read by staff and by the lead's dealership, refused to API
 * clients that are not admins, checked like any free text, and gone with their lead (deleted for
 * good) or with the person's data (erasure). A dealer's reach is tried in dealerAccess.test.ts
 * with every other collection a company reaches.
 */
import { describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'
import { createLocalReq } from 'payload'

import { todoLists } from '@/admin/todo'
import { deidentifyConsumer } from '@/compliance/retention/deidentify'
import { transactionDb } from '@/db/transaction'

import { invalidPaths, sendJson } from '../helpers/http'
import type { PrincipalName } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const send = (who: PrincipalName, method: string, path: string, body?: unknown) =>
  sendJson(context.service, method, path, { body, headers: context.who[who].headers })

const newLead = async (data: Record<string, unknown> = {}) =>
  (
    await context.service.payload.create({
      collection: 'lead',
      data: { firstName: 'Nora', lastName: 'Noted', location: 'loc_demo_sunset_la', ...data },
    })
  ).id

const rows = async (query: ReturnType<typeof sql>) =>
  (
    (await context.service.payload.db.drizzle.execute(query)) as unknown as {
      rows: Record<string, unknown>[]
    }
  ).rows

describe('a lead note', () => {
  it('is written by staff and shown on the lead desk with who wrote it, newest first', async () => {
    const lead = await newLead()
    const first = await send('staff', 'POST', '/api/lead-note?depth=0', {
      body: 'Wants a test drive on Saturday morning',
      lead,
    })
    expect(first.status).toBe(201)
    expect(first.body.doc).toMatchObject({ body: 'Wants a test drive on Saturday morning', lead })
    const second = await send('staffAdmin', 'POST', '/api/lead-note', {
      body: 'Trade-in: 2015 Civic',
      lead,
    })
    expect(second.status).toBe(201)
    const desk = await send('staff', 'GET', `/api/lead/${lead}/desk`)
    expect(desk.status).toBe(200)
    const notes = desk.body.timeline.filter((item: { kind: string }) => item.kind === 'note')
    expect(notes.map((item: { body: string }) => item.body)).toEqual([
      'Trade-in: 2015 Civic',
      'Wants a test drive on Saturday morning',
    ])
    expect(notes[1].by).toMatchObject({ id: context.who.staff.id })
    const stored = await send('staff', 'GET', `/api/lead-note/${first.body.doc.id}?depth=0`)
    expect(stored.body.title).toBe('Note · Nora Noted · Wants a test drive on Saturday morning')
    expect(stored.body.createdBy).toBe(context.who.staff.id)
  })

  it('names an existing lead and says something, without a social security number (400 naming the field)', async () => {
    const lead = await newLead()
    const cases: [unknown, string[]][] = [
      [{ body: 'No lead' }, ['lead']],
      [{ body: 'Gone', lead: 999999 }, ['lead']],
      [{ body: '', lead }, ['body']],
      [{ body: 'SSN 123-45-6789 checked', lead }, ['body']],
      [{ body: 'x'.repeat(4001), lead }, ['body']],
    ]
    for (const [body, paths] of cases) {
      const answer = await send('staff', 'POST', '/api/lead-note', body)
      expect([answer.status, invalidPaths(answer.body)]).toEqual([400, paths])
    }
    const note = (await send('staff', 'POST', '/api/lead-note', { body: 'Fine', lead })).body.doc
    const cleared = await send('staff', 'PATCH', `/api/lead-note/${note.id}`, { lead: null })
    expect([cleared.status, invalidPaths(cleared.body)]).toEqual([400, ['lead']])
    expect(
      await context.service.payload.count({
        collection: 'lead-note',
        where: { lead: { equals: lead } },
      }),
    ).toEqual({ totalDocs: 1 })
  })

  it('is for staff and admin clients: an integrator and a lead agent are refused (403), no one signed in 401', async () => {
    const lead = await newLead()
    const note = { body: 'Called back', lead }
    expect((await send('clientAdmin', 'POST', '/api/lead-note', note)).status).toBe(201)
    for (const who of ['integrator', 'leadAgent'] as const) {
      expect((await send(who, 'POST', '/api/lead-note', note)).status).toBe(403)
      expect((await send(who, 'GET', '/api/lead-note')).status).toBe(403)
    }
    expect((await send('anonymous', 'GET', '/api/lead-note')).status).toBe(401)
    // Nor do they find it through the lead they may read: its desk leaves the notes out.
    const desk = await send('leadAgent', 'GET', `/api/lead/${lead}/desk`)
    expect(desk.status).toBe(200)
    expect(desk.body.timeline.map((item: { kind: string }) => item.kind)).not.toContain('note')
    const staffDesk = await send('staff', 'GET', `/api/lead/${lead}/desk`)
    expect(staffDesk.body.timeline.map((item: { kind: string }) => item.kind)).toContain('note')
  })

  it('goes with its lead: kept while the lead is in the trash, deleted with it for good', async () => {
    const lead = await newLead()
    const note = (await send('staff', 'POST', '/api/lead-note', { body: 'Keep me', lead })).body.doc
    await send('staff', 'PATCH', `/api/lead-note/${note.id}`, { body: 'Keep me, edited' })
    expect((await send('staff', 'DELETE', `/api/lead/${lead}`)).status).toBe(200)
    expect((await send('staff', 'GET', `/api/lead-note/${note.id}`)).status).toBe(200)
    const forGood = await send('staffAdmin', 'DELETE', `/api/lead/${lead}?trash=true`)
    expect(forGood.status).toBe(200)
    expect((await send('staffAdmin', 'GET', `/api/lead-note/${note.id}?trash=true`)).status).toBe(
      404,
    )
    expect(
      await rows(
        sql`SELECT id FROM _lead_note_v WHERE version_lead_id = ${lead} OR parent_id = ${note.id}`,
      ),
    ).toEqual([])
  })

  it("goes with the person's data when it is erased, versions and all", async () => {
    const { payload } = context.service
    const consumer = (
      await payload.create({
        collection: 'consumer',
        data: {
          birthDate: '1980-02-03',
          firstName: 'Erin',
          lastName: 'Erased',
          phoneNumber: '512-555-0190',
        },
      })
    ).id
    const lead = await newLead({ consumer })
    const other = await newLead()
    const note = (await send('staff', 'POST', '/api/lead-note', { body: 'Erase me', lead })).body
      .doc
    const kept = (await send('staff', 'POST', '/api/lead-note', { body: 'Not hers', lead: other }))
      .body.doc
    // Written on the wrong lead first: a version of it names that lead, and still holds the text.
    await send('staff', 'PATCH', `/api/lead-note/${note.id}`, { lead: other })
    await send('staff', 'PATCH', `/api/lead-note/${note.id}`, { lead })
    const report = await deidentifyConsumer(
      await transactionDb(await createLocalReq({}, payload)),
      consumer,
    )
    expect(report.deidentified).toEqual(
      expect.arrayContaining([expect.objectContaining({ collection: 'lead-note', records: 1 })]),
    )
    expect(await rows(sql`SELECT id FROM lead_note WHERE id = ${note.id}`)).toEqual([])
    expect(await rows(sql`SELECT id FROM _lead_note_v WHERE parent_id = ${note.id}`)).toEqual([])
    expect(await rows(sql`SELECT id FROM lead_note WHERE id = ${kept.id}`)).toHaveLength(1)
  })
})

describe('a lead appointment', () => {
  it('is set at the desk, listed by time with its kind and status, and marked shown', async () => {
    const lead = await newLead()
    const later = await send('staff', 'POST', '/api/lead-appointment?depth=0', {
      kind: 'test-drive',
      lead,
      note: 'Bring the trade-in title',
      startsAt: '2031-05-03T17:00:00.000Z',
    })
    expect(later.status).toBe(201)
    expect(later.body.doc).toMatchObject({ kind: 'test-drive', lead, status: 'set' })
    const sooner = await send('staff', 'POST', '/api/lead-appointment?depth=0', {
      lead,
      startsAt: '2031-05-01T16:30:00.000Z',
    })
    expect(sooner.body.doc).toMatchObject({ kind: 'showroom-visit', status: 'set' })
    const shown = await send('staff', 'PATCH', `/api/lead-appointment/${sooner.body.doc.id}`, {
      status: 'shown',
    })
    expect(shown.status).toBe(200)
    const desk = await send('staff', 'GET', `/api/lead/${lead}/desk`)
    expect(desk.body.appointments).toEqual([
      expect.objectContaining({
        kind: 'showroom-visit',
        startsAt: '2031-05-01T16:30:00.000Z',
        status: 'shown',
      }),
      expect.objectContaining({
        kind: 'test-drive',
        note: 'Bring the trade-in title',
        status: 'set',
      }),
    ])
    expect(desk.body.appointments[1].by).toMatchObject({ id: context.who.staff.id })
    const stored = await send('staff', 'GET', `/api/lead-appointment/${later.body.doc.id}?depth=0`)
    expect(stored.body.title).toBe('Test drive · Nora Noted')
  })

  it('names its lead and a time, one of the kinds and statuses, and a note without an SSN (400 naming the field)', async () => {
    const lead = await newLead()
    const at = '2031-05-01T16:30:00.000Z'
    const cases: [unknown, string[]][] = [
      [{ startsAt: at }, ['lead']],
      [{ lead }, ['startsAt']],
      [{ lead, startsAt: 'tomorrow' }, ['startsAt']],
      [{ lead, startsAt: '1' }, ['startsAt']],
      [{ kind: 'lunch', lead, startsAt: at }, ['kind']],
      [{ lead, startsAt: at, status: 'maybe' }, ['status']],
      [{ lead, note: 'SSN 123-45-6789', startsAt: at }, ['note']],
    ]
    for (const [body, paths] of cases) {
      const answer = await send('staff', 'POST', '/api/lead-appointment', body)
      expect([answer.status, invalidPaths(answer.body)]).toEqual([400, paths])
    }
  })

  it('is refused to integrators and lead agents (403), and left out of the desk a lead agent reads', async () => {
    const lead = await newLead()
    const appointment = { lead, startsAt: '2031-05-01T16:30:00.000Z' }
    expect((await send('clientAdmin', 'POST', '/api/lead-appointment', appointment)).status).toBe(
      201,
    )
    for (const who of ['integrator', 'leadAgent'] as const) {
      expect((await send(who, 'POST', '/api/lead-appointment', appointment)).status).toBe(403)
      expect((await send(who, 'GET', '/api/lead-appointment')).status).toBe(403)
    }
    const desk = await send('leadAgent', 'GET', `/api/lead/${lead}/desk`)
    expect(desk.body.appointments).toEqual([])
    expect((await send('staff', 'GET', `/api/lead/${lead}/desk`)).body.appointments).toHaveLength(1)
  })

  it('goes with its lead when it is deleted for good, and with the person when erased', async () => {
    const { payload } = context.service
    const lead = await newLead()
    const doomed = await send('staff', 'POST', '/api/lead-appointment?depth=0', {
      lead,
      startsAt: '2031-05-01T16:30:00.000Z',
    })
    await send('staff', 'DELETE', `/api/lead/${lead}`)
    expect((await send('staffAdmin', 'DELETE', `/api/lead/${lead}?trash=true`)).status).toBe(200)
    expect(
      await rows(sql`SELECT id FROM lead_appointment WHERE id = ${doomed.body.doc.id}`),
    ).toEqual([])
    const consumer = (
      await payload.create({
        collection: 'consumer',
        data: {
          birthDate: '1981-03-04',
          firstName: 'Ada',
          lastName: 'Away',
          phoneNumber: '512-555-0191',
        },
      })
    ).id
    const theirs = await newLead({ consumer })
    const visit = await send('staff', 'POST', '/api/lead-appointment?depth=0', {
      lead: theirs,
      startsAt: '2031-05-02T16:30:00.000Z',
    })
    const report = await deidentifyConsumer(
      await transactionDb(await createLocalReq({}, payload)),
      consumer,
    )
    expect(report.deidentified).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ collection: 'lead-appointment', records: 1 }),
      ]),
    )
    expect(
      await rows(sql`SELECT id FROM lead_appointment WHERE id = ${visit.body.doc.id}`),
    ).toEqual([])
    expect(
      await rows(sql`SELECT id FROM _lead_appointment_v WHERE version_lead_id = ${theirs}`),
    ).toEqual([])
  })
})

describe('a lead task', () => {
  const task = (lead: number, what: string, dueAt: string) =>
    send('staff', 'POST', '/api/lead-task?depth=0', { dueAt, lead, what })

  it('is set at the desk, listed open first by due time, and ticked off or cancelled by whoever did it', async () => {
    const lead = await newLead()
    const later = await task(lead, 'Send the trade-in figures', '2031-05-03T17:00:00.000Z')
    expect(later.status).toBe(201)
    expect(later.body.doc).toMatchObject({
      lead,
      status: 'open',
      what: 'Send the trade-in figures',
    })
    const sooner = await task(lead, 'Call the bank about the payoff', '2031-05-01T16:30:00.000Z')
    const done = await task(lead, 'Book the detail', '2031-04-01T16:30:00.000Z')
    const cancelled = await task(lead, 'Order floor mats', '2031-04-02T16:30:00.000Z')
    expect(
      (await send('staffAdmin', 'PATCH', `/api/lead-task/${done.body.doc.id}`, { status: 'done' }))
        .status,
    ).toBe(200)
    await send('staff', 'PATCH', `/api/lead-task/${cancelled.body.doc.id}`, { status: 'cancelled' })
    const desk = await send('staff', 'GET', `/api/lead/${lead}/desk`)
    expect(desk.body.tasks.map((one: { what: string }) => one.what)).toEqual([
      'Call the bank about the payoff',
      'Send the trade-in figures',
      'Book the detail',
      'Order floor mats',
    ])
    expect(desk.body.tasks[0]).toMatchObject({
      by: { id: context.who.staff.id },
      closedBy: null,
      dueAt: '2031-05-01T16:30:00.000Z',
      id: sooner.body.doc.id,
      status: 'open',
    })
    expect(desk.body.tasks[2]).toMatchObject({
      closedBy: { id: context.who.staffAdmin.id },
      status: 'done',
    })
    const stored = await send('staff', 'GET', `/api/lead-task/${later.body.doc.id}?depth=0`)
    expect(stored.body.title).toBe('Task · Nora Noted · Send the trade-in figures')
  })

  it('names its lead, says what to do in a line without an SSN, and when; one of the statuses (400 naming the field)', async () => {
    const lead = await newLead()
    const due = '2031-05-01T16:30:00.000Z'
    const cases: [unknown, string[]][] = [
      [{ dueAt: due, what: 'Call' }, ['lead']],
      [{ dueAt: due, lead }, ['what']],
      [{ dueAt: due, lead, what: 'x'.repeat(201) }, ['what']],
      [{ dueAt: due, lead, what: 'Fax SSN 123-45-6789 to the bank' }, ['what']],
      [{ lead, what: 'Call' }, ['dueAt']],
      [{ dueAt: 'friday', lead, what: 'Call' }, ['dueAt']],
      [{ dueAt: due, lead, status: 'someday', what: 'Call' }, ['status']],
      [{ dueAt: due, lead: 999999, what: 'Call' }, ['lead']],
    ]
    for (const [body, paths] of cases) {
      const answer = await send('staff', 'POST', '/api/lead-task', body)
      expect([JSON.stringify(body).slice(0, 80), answer.status, invalidPaths(answer.body)]).toEqual(
        [JSON.stringify(body).slice(0, 80), 400, paths],
      )
    }
  })

  it('is refused to integrators and lead agents (403) and anonymous callers (401), and left out of the desk a lead agent reads', async () => {
    const lead = await newLead()
    const body = { dueAt: '2031-05-01T16:30:00.000Z', lead, what: 'Call back' }
    expect((await send('clientAdmin', 'POST', '/api/lead-task', body)).status).toBe(201)
    for (const who of ['integrator', 'leadAgent'] as const) {
      expect((await send(who, 'POST', '/api/lead-task', body)).status).toBe(403)
      expect((await send(who, 'GET', '/api/lead-task')).status).toBe(403)
    }
    expect((await send('anonymous', 'GET', '/api/lead-task')).status).toBe(401)
    expect((await send('leadAgent', 'GET', `/api/lead/${lead}/desk`)).body.tasks).toEqual([])
    expect((await send('staff', 'GET', `/api/lead/${lead}/desk`)).body.tasks).toHaveLength(1)
  })

  it('says when it was closed and by whom, kept through later edits and a merge, never what the caller sent', async () => {
    const lead = await newLead()
    const made = await task(lead, 'Send the payoff letter', '2031-05-01T16:30:00.000Z')
    const id = made.body.doc.id
    expect(made.body.doc).toMatchObject({ closedAt: null, closedBy: null })
    const forged = await send('staff', 'PATCH', `/api/lead-task/${id}?depth=0`, {
      closedAt: '2020-01-01T00:00:00.000Z',
      closedBy: context.who.staffAdmin.id,
    })
    expect(forged.body.doc).toMatchObject({ closedAt: null, closedBy: null })
    const closed = await send('staffAdmin', 'PATCH', `/api/lead-task/${id}?depth=0`, {
      status: 'done',
    })
    const { closedAt } = closed.body.doc
    expect(closed.body.doc.closedBy).toBe(context.who.staffAdmin.id)
    expect(Date.now() - Date.parse(closedAt)).toBeLessThan(60_000)
    // Someone else edits the closed task, or tries to rewrite who closed it: both stay.
    const edited = await send('staff', 'PATCH', `/api/lead-task/${id}?depth=0`, {
      closedBy: context.who.staff.id,
      what: 'Send the payoff letter (sent by post)',
    })
    expect(edited.body.doc).toMatchObject({ closedAt, closedBy: context.who.staffAdmin.id })
    // Reopened: no longer closed; closed again by an admin key: when, but no staff user.
    const reopened = await send('staff', 'PATCH', `/api/lead-task/${id}?depth=0`, {
      status: 'open',
    })
    expect(reopened.body.doc).toMatchObject({ closedAt: null, closedBy: null })
    const byKey = await send('clientAdmin', 'PATCH', `/api/lead-task/${id}?depth=0`, {
      status: 'cancelled',
    })
    expect(byKey.body.doc).toMatchObject({ closedBy: null, status: 'cancelled' })
    expect(byKey.body.doc.closedAt).toEqual(expect.any(String))
    const desk = await send('staff', 'GET', `/api/lead/${lead}/desk`)
    expect(desk.body.tasks[0]).toMatchObject({ closedBy: null, status: 'cancelled' })
  })

  it('keeps the open ones on the desk however many closed ones came before them', async () => {
    const { payload } = context.service
    const lead = await newLead()
    for (let day = 1; day <= 101; day++)
      await payload.create({
        collection: 'lead-task',
        data: {
          dueAt: new Date(Date.UTC(2030, 0, day)).toISOString(),
          lead,
          status: 'done',
          what: `Old task ${day}`,
        },
      })
    await task(lead, 'Still to do', '2031-05-01T16:30:00.000Z')
    const desk = await send('staff', 'GET', `/api/lead/${lead}/desk`)
    expect(desk.body.tasks[0]).toMatchObject({ status: 'open', what: 'Still to do' })
  })

  it("is on the dashboard's to-do list once due, until it is done", async () => {
    const { payload } = context.service
    const lead = await newLead()
    const due = await task(lead, 'Return the customer’s call', '2026-01-05T15:00:00.000Z')
    await task(lead, 'Check the registration', '2031-01-05T15:00:00.000Z')
    const staff = {
      ...(await payload.findByID({ collection: 'users', id: context.who.staff.id! })),
      collection: 'users' as const,
    }
    const listed = async () =>
      (await todoLists(payload, staff)).find((list) => list.title === 'Tasks due now')
    const before = await listed()
    expect(before?.items.map((item) => item.label)).toContain(
      'Task · Nora Noted · Return the customer’s call',
    )
    expect(before?.items.map((item) => item.label).join()).not.toContain('registration')
    // It opens on its lead's desk, where Done closes it in one click.
    expect(before?.items.find((item) => item.label.includes('Return the'))?.href).toBe(
      `/admin/collections/lead/${lead}`,
    )
    // Its lead in the trash, the task waits with it; restored, it is due again.
    await send('staff', 'DELETE', `/api/lead/${lead}`)
    const trashed = await listed()
    expect(trashed?.items.map((item) => item.label).join() ?? '').not.toContain('Return the')
    expect(trashed?.total ?? 0).toBe((before?.total ?? 0) - 1)
    await send('staff', 'PATCH', `/api/lead/${lead}?trash=true`, { deletedAt: null })
    expect((await listed())?.items.map((item) => item.label)).toContain(
      'Task · Nora Noted · Return the customer’s call',
    )
    await send('staff', 'PATCH', `/api/lead-task/${due.body.doc.id}`, { status: 'done' })
    expect((await listed())?.items.map((item) => item.label).join() ?? '').not.toContain(
      'Return the customer',
    )
  })

  it('goes with its lead when it is deleted for good, and with the person when erased', async () => {
    const { payload } = context.service
    const lead = await newLead()
    const doomed = await task(lead, 'Call back', '2031-05-01T16:30:00.000Z')
    await send('staff', 'DELETE', `/api/lead/${lead}`)
    expect((await send('staffAdmin', 'DELETE', `/api/lead/${lead}?trash=true`)).status).toBe(200)
    expect(await rows(sql`SELECT id FROM lead_task WHERE id = ${doomed.body.doc.id}`)).toEqual([])
    const consumer = (
      await payload.create({
        collection: 'consumer',
        data: {
          birthDate: '1981-03-04',
          firstName: 'Ty',
          lastName: 'Gone',
          phoneNumber: '512-555-0192',
        },
      })
    ).id
    const theirs = await newLead({ consumer })
    const call = await task(theirs, 'Ask Ty about the co-signer', '2031-05-02T16:30:00.000Z')
    const report = await deidentifyConsumer(
      await transactionDb(await createLocalReq({}, payload)),
      consumer,
    )
    expect(report.deidentified).toEqual(
      expect.arrayContaining([expect.objectContaining({ collection: 'lead-task', records: 1 })]),
    )
    expect(await rows(sql`SELECT id FROM lead_task WHERE id = ${call.body.doc.id}`)).toEqual([])
    expect(await rows(sql`SELECT id FROM _lead_task_v WHERE version_lead_id = ${theirs}`)).toEqual(
      [],
    )
  })
})

describe("a lead's vehicle of interest", () => {
  const create = (vehicleOfInterest: object, firstName = `Vic${Date.now()}`) =>
    send('staff', 'POST', '/api/lead?depth=0', {
      firstName,
      lastName: 'Vehicle',
      location: 'loc_demo_sunset_la',
      vehicleOfInterest,
    })

  it("fills year, make, model and trim from the dealership's listing of its VIN, else the decoder", async () => {
    const listed = await create({ condition: 'used', vin: '4T1B11HK7NU000123' })
    expect(listed.status).toBe(201)
    expect(listed.body.doc.vehicleOfInterest).toMatchObject({
      condition: 'used',
      make: 'Toyota',
      model: 'Camry',
      trim: 'LE',
      vin: '4T1B11HK7NU000123',
      year: 2022,
    })
    const decoded = await create({ vin: '1HGCM82633A004352' })
    expect(decoded.body.doc.vehicleOfInterest).toMatchObject({ make: 'Honda', year: 2003 })
    expect(decoded.body.doc.vehicleOfInterest.model).toMatch(/Accord/)
  })

  it('keeps what staff typed, and fills nothing without a VIN', async () => {
    const typed = await create({ make: 'Tesla', model: 'Model 3', vin: '1HGCM82633A004352' })
    expect(typed.body.doc.vehicleOfInterest).toMatchObject({
      make: 'Tesla',
      model: 'Model 3',
      year: 2003,
    })
    const bare = await create({ make: 'Ford', model: 'F-150', year: 2021 })
    expect(bare.body.doc.vehicleOfInterest).toMatchObject({ make: 'Ford', vin: null, year: 2021 })
  })

  it('refuses a VIN that is not one, an unknown condition and a year that is not one (400 naming each)', async () => {
    const cases: [object, string[]][] = [
      [{ vin: 'NOT-A-VIN' }, ['vehicleOfInterest.vin']],
      [{ condition: 'salvage' }, ['vehicleOfInterest.condition']],
      [{ year: 20.5 }, ['vehicleOfInterest.year']],
    ]
    for (const [vehicle, paths] of cases) {
      const answer = await create(vehicle)
      expect([answer.status, invalidPaths(answer.body)]).toEqual([400, paths])
    }
  })
})
