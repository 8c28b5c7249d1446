/**
 * Consumer data requests (docs/compliance.md, section 6): due dates worked out from when a
 * request was received, shown on the dashboard's to-do list (time moved forward by a clock given
 * to it); bad input refused naming the field, never an SSN kept on a request; the access export
 * as JSON and CSV with SSNs masked; the deletion carried out with what was kept and why; request
 * records deleted by the daily sweep after CONSUMER_REQUEST_KEEP_MONTHS once closed (never an open
 * one, nor one under a legal hold; each deletion audited); receivedAt never in the future and
 * changed only through a recorded correction; every role on every path.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'
import type { TypedUser } from 'payload'

import { todoLists } from '@/admin/todo'
import { complianceSweep } from '@/compliance/retention/daily'

import { invalidPaths, sendJson } from '../helpers/http'
import type { PrincipalName } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const SSN = '456-78-9123'
let consumer: string
let lead: number

const post = (body: object, who: PrincipalName = 'staff') =>
  sendJson(context.service, 'POST', '/api/consumer-requests', {
    body,
    headers: context.who[who].headers,
  })

const request = (kind: 'access' | 'deletion', extra: object = {}) => ({
  consumer,
  identityVerification: 'e-mail and last four of SSN matched',
  kind,
  receivedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
})

beforeAll(async () => {
  const payload = context.service.payload
  // Her postal address, its city given by name as API clients may (found or made).
  const home = await payload.create({
    collection: 'address',
    data: { city: { name: 'Austin', state: { code: 'TX' } }, line1: '12 Rita Row', zip: '78701' },
  } as never)
  const made = await payload.create({
    collection: 'consumer',
    data: {
      addresses: [home.id],
      birthDate: '1975-06-07',
      email: 'rita@example.com',
      firstName: 'Rita',
      lastName: 'Requester',
      phoneNumber: '2135550133',
      ssn: SSN,
    } as never,
  })
  consumer = String(made.id)

  lead = (
    await payload.create({
      collection: 'lead',
      data: { consumer, email: 'rita@example.com', firstName: 'Rita', lastName: 'Requester' },
    })
  ).id
  await payload.create({
    collection: 'leadEvents',
    data: {
      lead,
      nextSteps: 'Send Rita the Camry photos',
      status: 'Searching',
      type: 'Status Check',
    },
  })
  await payload.create({ collection: 'vdpEmails', data: { lead, vins: [] } })
  await payload.create({ collection: 'lead-note', data: { body: 'Rita prefers e-mail', lead } })
  const disclosure = await payload.create({
    collection: 'disclosures',
    data: { kind: 'e-mail-marketing', text: 'Send me offers by e-mail.', version: '1' } as never,
  })
  await payload.create({
    collection: 'consents',
    data: {
      action: 'grant',
      consumer,
      disclosure: disclosure.id,
      email: 'rita@example.com',
      kind: 'e-mail-marketing',
      method: 'web-form',
    } as never,
  })
  await payload.create({
    collection: 'credit-app',
    data: {
      consumer,
      preApproval: 'pre_demo_maria',
      ssn: SSN,
      vehicle: '4T1B11HK7NU000123',
    } as never,
  })
})

describe('recording a request', () => {
  it('works out the due dates: 10 business days to confirm, 45 days to answer', async () => {
    // Friday 20 November 2026: ten business days later is Friday 4 December.
    const answer = await post(request('access'))
    expect(answer.status).toBe(201)
    expect(answer.body.doc).toMatchObject({
      answerBy: '2027-01-04T10:00:00.000Z',
      confirmBy: '2026-12-04T10:00:00.000Z',
      status: 'received',
    })
    // Staff cannot set them.
    const forced = await post(request('access', { answerBy: '2030-01-01T00:00:00.000Z' }))
    expect(forced.body.doc.answerBy).toBe('2027-01-04T10:00:00.000Z')
  })

  it('refuses bad input naming the field, and never keeps an SSN', async () => {
    const cases: [object, string][] = [
      [request('access', { identityVerification: `SSN ${SSN} matched` }), 'identityVerification'],
      [request('access', { notes: 'Her SSN is 456789123' }), 'notes'],
      [request('access', { kind: 'rectify' }), 'kind'],
      [request('access', { identityVerification: '' }), 'identityVerification'],
      [request('access', { receivedAt: 'yesterday' }), 'receivedAt'],
    ]
    for (const [body, field] of cases) {
      const answer = await post(body)
      expect({ field, status: answer.status }).toEqual({ field, status: 400 })
      expect(invalidPaths(answer.body)).toContain(field)
    }
    const { rows } = await context.service.payload.db.drizzle.execute(
      sql`SELECT 1 FROM consumer_requests WHERE row_to_json(consumer_requests)::text LIKE ${'%456%789%123%'}`,
    )
    expect(rows).toEqual([])
  })
})

describe('the dashboard', () => {
  it('lists open requests by due date, and says when one is overdue', async () => {
    const staff = {
      ...(await context.service.payload.findByID({
        collection: 'users',
        id: context.who.staff.id!,
      })),
      collection: 'users',
    } as unknown as TypedUser
    const listed = async (now: Date) =>
      (await todoLists(context.service.payload, staff, now)).find(
        (list) => list.title === 'Consumer requests due',
      )!
    const now = await listed(new Date('2026-11-21T00:00:00Z'))
    expect(now.total).toBeGreaterThanOrEqual(1)
    expect(now.items[0].note).toBe('received')
    expect(now.items[0].times.map((time) => time.label)).toEqual(['confirm by', 'answer by'])
    expect(now.href).toContain('/admin/collections/consumer-requests')
    // Two weeks on, the receipt was not confirmed in time; two months on, the answer is overdue.
    expect((await listed(new Date('2026-12-05T00:00:00Z'))).items[0].note).toBe(
      'receipt not confirmed in time',
    )
    expect((await listed(new Date('2027-01-20T00:00:00Z'))).items[0].note).toBe('overdue')
  })
})

describe('an access request', () => {
  let id: number
  beforeAll(async () => {
    id = (await post(request('access'))).body.doc.id
  })
  const exportAs = (who: PrincipalName, format = 'json', of = id) =>
    context.service.api(`/api/consumer-requests/${of}/export?format=${format}`, {
      headers: context.who[who].headers,
    })

  it('exports everything held about the consumer as JSON, SSNs masked', async () => {
    const response = await exportAs('staff')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="consumer-/)
    const text = await response.text()
    expect(text).not.toContain('456-78-9123')
    expect(text).not.toContain('456789123')
    const data = JSON.parse(text)
    expect(Object.keys(data.sources)).toEqual([
      'consumer',
      'addresses',
      'leads',
      'leadEvents',
      'vdpEmails',
      'leadNotes',
      'leadAppointments',
      'leadTasks',
      'doNotContact',
      'accounts',
      'webEvents',
      'preApprovals',
      'creditApps',
      'creditReports',
      'deals',
      'consents',
      'consumerRequests',
    ])
    expect(data.sources.consumer[0]).toMatchObject({ firstName: 'Rita', ssn: '***-**-9123' })
    // Her postal address in full, not only its id on her record.
    expect(data.sources.addresses).toMatchObject([
      { city: { name: 'Austin', state: { code: 'TX' } }, line1: '12 Rita Row', zip: '78701' },
    ])
    expect(data.sources.leads.map((item: { id: number }) => item.id)).toEqual([lead])
    expect(data.sources.leadEvents[0].nextSteps).toBe('Send Rita the Camry photos')
    expect(data.sources.vdpEmails).toHaveLength(1)
    expect(data.sources.leadNotes).toMatchObject([{ body: 'Rita prefers e-mail', lead }])
    expect(data.sources.creditApps[0].ssn).toBe('***-**-9123')
    // The seeded deal on her credit app's vehicle is María's and James's, not hers: an export
    // lists only deals its consumer is a party to (test/int/accessExport.test.ts).
    expect(data.sources.deals).toEqual([])
    expect(data.sources.consents).toMatchObject([
      { action: 'grant', email: 'rita@example.com', kind: 'e-mail-marketing' },
    ])
  })

  it('exports the same as CSV, one value a row', async () => {
    const response = await exportAs('staffAdmin', 'csv')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/csv')
    const text = await response.text()
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toBe('source,record,field,value')
    expect(lines).toContain(`consumer,${consumer},firstName,Rita`)
    expect(lines).toContain(`consumer,${consumer},ssn,***-**-9123`)
    expect(lines.filter((line) => line.startsWith('addresses,'))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^addresses,adr_\w+,line1,12 Rita Row$/),
        expect.stringMatching(/^addresses,adr_\w+,city\.name,Austin$/),
        expect.stringMatching(/^addresses,adr_\w+,city\.state\.code,TX$/),
        expect.stringMatching(/^addresses,adr_\w+,zip,78701$/),
      ]),
    )
    expect(text).not.toContain('456-78-9123')
  })

  it('audits the export', async () => {
    const audit = await sendJson(
      context.service,
      'GET',
      `/api/audit-log?where[action][equals]=export&where[recordId][equals]=${consumer}`,
      { headers: context.who.staffAdmin.headers },
    )
    expect(audit.body.totalDocs).toBeGreaterThanOrEqual(1)
    expect(audit.body.docs[0].fields).toContain('creditApps')
  })

  it('refuses a bad format or a deletion request, naming the field', async () => {
    const format = await exportAs('staff', 'xml')
    expect(format.status).toBe(400)
    expect(invalidPaths(await format.json())).toEqual(['format'])
    const deletion = (await post(request('deletion'))).body.doc.id
    const kind = await exportAs('staff', 'json', deletion)
    expect(kind.status).toBe(400)
    expect(invalidPaths(await kind.json())).toEqual(['kind'])
  })

  it('is for staff, staff admins and admin clients only', async () => {
    expect((await exportAs('clientAdmin')).status).toBe(200)
    expect((await exportAs('integrator')).status).toBe(403)
    expect((await exportAs('leadAgent')).status).toBe(403)
    expect((await exportAs('anonymous')).status).toBe(401)
  })
})

describe('a deletion request', () => {
  let id: number
  beforeAll(async () => {
    id = (await post(request('deletion'))).body.doc.id
  })
  const carryOut = (who: PrincipalName, of = id) =>
    sendJson(context.service, 'POST', `/api/consumer-requests/${of}/delete-data`, {
      headers: context.who[who].headers,
    })

  it('is carried out by staff admins and admin clients only', async () => {
    expect((await carryOut('staff')).status).toBe(403)
    expect((await carryOut('integrator')).status).toBe(403)
    expect((await carryOut('leadAgent')).status).toBe(403)
    expect((await carryOut('anonymous')).status).toBe(401)
    const access = (await post(request('access'))).body.doc.id
    const wrongKind = await carryOut('staffAdmin', access)
    expect(wrongKind.status).toBe(400)
    expect(invalidPaths(wrongKind.body)).toEqual(['kind'])
  })

  it('de-identifies what may go and lists what is kept, and why', async () => {
    const answer = await carryOut('staffAdmin')
    expect(answer.status).toBe(200)
    const { outcome, status } = answer.body.doc
    expect(status).toBe('completed')
    expect(answer.body.doc.closedAt).toEqual(expect.any(String))
    expect(outcome.deidentified.map((item: { collection: string }) => item.collection)).toEqual(
      expect.arrayContaining(['consumer', 'lead', 'leadEvents']),
    )
    const kept = Object.fromEntries(
      outcome.kept.map((item: { collection: string; rule: string }) => [
        item.collection,
        item.rule,
      ]),
    )
    expect(kept['credit-app']).toContain('1798.145(e)')
    expect(kept['credit-app']).toContain('1002.12(b)')
    expect(kept.deal).toContain('1798.145(e)')
    // The credit app still needs the consumer's data key: kept.
    expect(outcome.creditDataKey).toMatch(/^kept/)
    expect(JSON.stringify(answer.body.doc)).not.toContain('9123')

    // Kept compliance records say what they are, no longer whose.
    for (const collection of ['consumer-requests', 'consents'] as const) {
      const { docs } = await context.service.payload.find({
        collection,
        where: { consumer: { equals: consumer } },
      })
      expect(docs.length).toBeGreaterThan(0)
      for (const doc of docs) expect(doc.title).not.toContain('Rita')
    }
    const read = await sendJson(context.service, 'GET', `/api/consumer/${consumer}?reveal=ssn`, {
      headers: context.who.staffAdmin.headers,
    })
    expect(read.body).toMatchObject({ email: null, firstName: 'Deleted', ssn: null })
    const app = await sendJson(
      context.service,
      'GET',
      `/api/credit-app?where[consumer][equals]=${consumer}&reveal=ssn`,
      { headers: context.who.staffAdmin.headers },
    )
    // The finance record is kept as it was.
    expect(app.body.docs[0].ssn).toBe(SSN)
  })

  it('is carried out once: again, a 409, and the first outcome stays', async () => {
    const before = (
      await sendJson(context.service, 'GET', `/api/consumer-requests/${id}`, {
        headers: context.who.staffAdmin.headers,
      })
    ).body
    const again = await carryOut('staffAdmin')
    expect(again.status).toBe(409)
    expect(again.body.errors[0].message).toMatch(/is completed: it is carried out once/)
    const after = (
      await sendJson(context.service, 'GET', `/api/consumer-requests/${id}`, {
        headers: context.who.staffAdmin.headers,
      })
    ).body
    expect(after.outcome).toEqual(before.outcome)
  })

  it('is refused (409) for a consumer under a legal hold, and changes nothing', async () => {
    const payload = context.service.payload
    const held = await payload.create({
      collection: 'consumer',
      data: {
        birthDate: '1980-01-02',
        email: 'hal@example.com',
        firstName: 'Hal',
        lastName: 'Held',
        phoneNumber: '2135550177',
      } as never,
    })
    // A reason of invisible characters alone is none.
    const invisible = await sendJson(context.service, 'POST', '/api/legal-holds', {
      body: { consumer: held.id, reason: ' \u200b\u2060\ufe0f\u3164 ' },
      headers: context.who.staff.headers,
    })
    expect(invisible.status).toBe(400)
    expect(invalidPaths(invisible.body)).toEqual(['reason'])
    const hold = await sendJson(context.service, 'POST', '/api/legal-holds', {
      body: { consumer: held.id, reason: 'Litigation hold: matter 2026-31' },
      headers: context.who.staff.headers,
    })
    expect(hold.status).toBe(201)
    const asked = (await post(request('deletion', { consumer: held.id }))).body.doc.id
    const answer = await carryOut('staffAdmin', asked)
    expect(answer.status).toBe(409)
    expect(answer.body.errors[0].message).toContain(`under legal hold ${hold.body.doc.id}`)
    const kept = await payload.findByID({ collection: 'consumer', id: held.id })
    expect(kept).toMatchObject({ email: 'hal@example.com', firstName: 'Hal' })
    const unchanged = await payload.findByID({ collection: 'consumer-requests', id: asked })
    expect(unchanged).toMatchObject({ status: 'received' })
    expect(unchanged.outcome).toBeFalsy()
  })
})

const patch = (id: number, body: object, who: PrincipalName = 'staff', query = '') =>
  sendJson(context.service, 'PATCH', `/api/consumer-requests/${id}${query}`, {
    body,
    headers: context.who[who].headers,
  })

const stored = (id: number) =>
  context.service.payload.findByID({ collection: 'consumer-requests', depth: 0, id })

const REASON = 'Keyed in the wrong date: the letter was postmarked 3 January 2000'

describe('a request reads as it happened', () => {
  it('takes no receivedAt in the future: 2030 is a 400 naming it; up to 5 minutes ahead is now', async () => {
    const future = await post(request('access', { receivedAt: '2030-01-01T00:00:00.000Z' }))
    expect(future.status).toBe(400)
    expect(invalidPaths(future.body)).toEqual(['receivedAt'])
    const sent = new Date(Date.now() + 60_000).toISOString()
    const soon = await post(request('access', { receivedAt: sent }))
    expect(soon.status).toBe(201)
    expect(Date.parse(soon.body.doc.receivedAt)).toBeLessThan(Date.parse(sent))
    expect(Date.parse(soon.body.doc.receivedAt)).toBeLessThanOrEqual(
      Date.parse(soon.body.doc.createdAt),
    )
    const id = (await post(request('access'))).body.doc.id
    const later = await patch(id, {
      correctionReason: 'The letter is dated 2030, as written',
      receivedAt: '2030-01-01T00:00:00.000Z',
    })
    expect(later.status).toBe(400)
    expect(invalidPaths(later.body)).toEqual(['receivedAt'])
    expect((await stored(id)).receivedAt).toBe('2026-11-20T10:00:00.000Z')
  })

  it('refuses receivedAt set to 2000 without a correction, by any role, one by one or in bulk (400 naming it)', async () => {
    const id = (await post(request('access'))).body.doc.id
    const before = await stored(id)
    for (const who of ['staff', 'staffAdmin', 'clientAdmin'] as const) {
      for (const query of ['', `?where[id][equals]=${id}`]) {
        const path = query ? `/api/consumer-requests${query}` : `/api/consumer-requests/${id}`
        const answer = await sendJson(context.service, 'PATCH', path, {
          body: { receivedAt: '2000-01-03T09:00:00.000Z' },
          headers: context.who[who].headers,
        })
        expect({ query, status: answer.status, who }).toEqual({ query, status: 400, who })
        // A bulk update names the field in its message (Payload's answer for each record).
        if (query)
          expect(answer.body.errors[0].message).toBe('The following field is invalid: receivedAt')
        else expect(invalidPaths(answer.body)).toEqual(['receivedAt'])
      }
    }
    const after = await stored(id)
    expect(after).toMatchObject({ answerBy: before.answerBy, receivedAt: before.receivedAt })
    expect(after.corrections).toEqual([])
  })

  it('keeps whose request it is and its kind (400 naming the field)', async () => {
    const id = (await post(request('access'))).body.doc.id
    const other = await context.service.payload.create({
      collection: 'consumer',
      data: {
        birthDate: '1970-01-01',
        firstName: 'Otto',
        lastName: 'Other',
        phoneNumber: '2135550144',
      } as never,
    })
    for (const [body, path] of [
      [{ consumer: other.id }, 'consumer'],
      [{ kind: 'deletion' }, 'kind'],
    ] as const) {
      const answer = await patch(id, { ...body, correctionReason: REASON })
      expect(answer.status).toBe(400)
      expect(invalidPaths(answer.body)).toEqual([path])
    }
    expect(await stored(id)).toMatchObject({ consumer, kind: 'access' })
  })

  it('moves its status forward only, and keeps a closed answer (400 naming status)', async () => {
    const id = (await post(request('access'))).body.doc.id
    expect((await patch(id, { status: 'confirmed' })).status).toBe(200)
    expect(invalidPaths((await patch(id, { status: 'received' })).body)).toEqual(['status'])
    expect((await patch(id, { status: 'denied' })).status).toBe(200)
    for (const status of ['completed', 'confirmed', 'received']) {
      for (const who of ['staff', 'staffAdmin', 'clientAdmin'] as const) {
        const answer = await patch(id, { correctionReason: REASON, status }, who)
        expect(answer.status).toBe(400)
        expect(invalidPaths(answer.body)).toEqual(['status'])
      }
    }
    const bulk = await sendJson(
      context.service,
      'PATCH',
      `/api/consumer-requests?where[id][equals]=${id}`,
      { body: { status: 'received' }, headers: context.who.staffAdmin.headers },
    )
    expect(bulk.body.docs ?? []).toEqual([])
    expect(bulk.body.errors?.length).toBeGreaterThan(0)
    expect(await stored(id)).toMatchObject({ status: 'denied' })
  })

  it('completes a deletion request only by carrying it out', async () => {
    const id = (await post(request('deletion'))).body.doc.id
    const marked = await patch(
      id,
      { outcome: { carriedOutAt: 'now' }, status: 'completed' },
      'staffAdmin',
    )
    expect(marked.status).toBe(400)
    expect(invalidPaths(marked.body)).toEqual(['status'])
    expect(await stored(id)).toMatchObject({ outcome: null, status: 'received' })
  })

  it('changes receivedAt through a correction: who, when, why and the old value kept on it, and audited', async () => {
    const id = (await post(request('access'))).body.doc.id
    for (const [reason, message] of [
      ['wrong', 'must be at least 10 characters, not counting spaces or invisible ones'],
      [`Her SSN ${SSN} was on the letter`, 'must not hold a social security number'],
    ]) {
      const refused = await patch(id, {
        correctionReason: reason,
        receivedAt: '2000-01-03T09:00:00.000Z',
      })
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0].data.errors).toEqual([{ message, path: 'correctionReason' }])
    }
    const started = Date.now()
    const corrected = await patch(id, {
      correctionReason: REASON,
      receivedAt: '2000-01-03T09:00:00.000Z',
    })
    expect(corrected.status).toBe(200)
    const doc = corrected.body.doc
    // The deadlines run from the corrected time.
    expect(doc).toMatchObject({
      answerBy: '2000-02-17T09:00:00.000Z',
      receivedAt: '2000-01-03T09:00:00.000Z',
    })
    expect(doc).not.toHaveProperty('correctionReason')
    expect(doc.corrections).toEqual([
      {
        at: expect.any(String),
        by: expect.stringMatching(/^staff-[0-9a-f]+@example\.com$/),
        byAccount: `users:${context.who.staff.id}`,
        field: 'receivedAt',
        from: '2026-11-20T10:00:00.000Z',
        id: expect.any(String),
        reason: REASON,
        to: '2000-01-03T09:00:00.000Z',
      },
    ])
    expect(Date.parse(doc.corrections[0].at)).toBeGreaterThanOrEqual(started - 1000)
    // The record of corrections is the service's: a caller cannot empty or rewrite it.
    const wiped = await patch(id, { corrections: [], notes: 'Called her back.' }, 'staffAdmin')
    expect(wiped.status).toBe(200)
    expect(wiped.body.doc.corrections).toHaveLength(1)
    const { docs } = await context.service.payload.find({
      collection: 'audit-log',
      where: {
        and: [
          { collection: { equals: 'consumer-requests' } },
          { recordId: { equals: String(id) } },
        ],
      },
    })
    expect(docs.map(({ action, actor, fields }) => ({ action, actor, fields }))).toEqual([
      {
        action: 'update',
        actor: `users:${context.who.staff.id}`,
        fields: ['corrections', 'receivedAt'],
      },
    ])
  })
})

describe('the daily sweep', () => {
  const age = (id: number, columns: string[]) =>
    context.service.payload.db.drizzle.execute(
      sql.raw(
        `UPDATE consumer_requests SET ${columns.map((column) => `${column} = now() - interval '25 months'`).join(', ')} WHERE id = ${Number(id)}`,
      ),
    )
  const closed = async (extra: object = {}) => {
    const id = (await post(request('access', extra))).body.doc.id
    expect((await patch(id, { status: 'completed' })).body.doc.closedAt).toEqual(expect.any(String))
    return id
  }

  it('never deletes an open request or one under a hold; deletes closed ones past their time, each audited', async () => {
    // Open, received in 2000 by a recorded correction, and recorded 25 months ago.
    const open = (await post(request('access'))).body.doc.id
    await patch(open, { correctionReason: REASON, receivedAt: '2000-01-03T09:00:00.000Z' })
    await age(open, ['created_at', 'received_at'])
    // Closed 25 months ago, recorded as long ago: its time is over.
    const old = await closed()
    await age(old, ['created_at', 'received_at', 'closed_at'])
    // Received long ago (so it says) but recorded and closed now: kept.
    const recent = await closed()
    await age(recent, ['received_at'])
    // As old as `old`, but its consumer is under a legal hold: kept.
    const held = await context.service.payload.create({
      collection: 'consumer',
      data: {
        birthDate: '1970-01-01',
        firstName: 'Hana',
        lastName: 'Held',
        phoneNumber: '2135550188',
      } as never,
    })
    await context.service.payload.create({
      collection: 'legal-holds',
      data: { consumer: held.id, reason: 'Matter 2026-77: keep everything' },
    })
    const underHold = await closed({ consumer: held.id })
    await age(underHold, ['created_at', 'received_at', 'closed_at'])

    const result = await complianceSweep(context.service.payload)
    expect(result.purgedRequests).toBe(1)
    const status = async (id: number) =>
      (
        await sendJson(context.service, 'GET', `/api/consumer-requests/${id}`, {
          headers: context.who.staffAdmin.headers,
        })
      ).status
    expect(await status(old)).toBe(404)
    for (const kept of [open, recent, underHold]) expect(await status(kept)).toBe(200)
    const { docs } = await context.service.payload.find({
      collection: 'audit-log',
      where: {
        and: [{ action: { equals: 'delete' } }, { collection: { equals: 'consumer-requests' } }],
      },
    })
    expect(docs.map(({ actor, fields, recordId }) => ({ actor, fields, recordId }))).toEqual([
      { actor: 'system', fields: [], recordId: String(old) },
    ])
    // A second run finds nothing more to delete.
    expect((await complianceSweep(context.service.payload)).purgedRequests).toBe(0)
  })
})
