/**
 * Retention and disposal (docs/compliance.md, section 5): consumers inactive past
 * RETENTION_INACTIVE_MONTHS found from every record tied to them (their activity set back in the
 * database, as time passing would), a dry run over REST that changes nothing, the run: SSNs and
 * birth dates crypto-shredded (the values do not open with the master key after it), the rest
 * de-identified, finance records kept, one audit entry; legal holds; repeat and concurrent runs.
 */
import { describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'

import { runRetention } from '@/compliance/retention/dispose'
import { decryptValue } from '@/creditData/cipher'
import { DataKeyDestroyed, openInner, readDataKey } from '@/creditData/consumerKeys'

import { invalidPaths, sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const db = () => context.service.payload.db.drizzle
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await db().execute<T>(query)).rows

const LONG_AGO = "now() - interval '25 months'"

/** A consumer with a lead, a lead event, a web account with an event, and (optionally) a credit app. */
const makeConsumer = async (label: string, ssn: string, { creditApp = false } = {}) => {
  const payload = context.service.payload
  const consumer = await payload.create({
    collection: 'consumer',
    data: {
      addresses: [
        { city: { name: 'Los Angeles', state: 'CA' }, line1: `${label} 1 Elm St`, zip: '90026' },
      ],
      birthDate: '1980-02-03',
      email: `${label.toLowerCase()}@example.com`,
      firstName: label,
      lastName: 'Tester',
      phoneNumber: '2135550111',
      phoneNumbers: ['2135550112'],
      ssn,
    } as never,
  })
  const id = String(consumer.id)
  const lead = await payload.create({
    collection: 'lead',
    data: {
      consumer: id,
      email: `${label.toLowerCase()}@example.com`,
      firstName: label,
      lastName: 'Tester',
      phoneNumber: '(213) 555-0111',
    },
  })
  await payload.create({
    collection: 'leadEvents',
    data: {
      lead: lead.id,
      nextSteps: `Call ${label} back`,
      status: 'Searching',
      type: 'Status Check',
    },
  })
  const account = await payload.create({
    collection: 'account',
    data: { anonymousIds: [`anon-${label}`], consumer: id },
  })
  await payload.create({
    collection: 'web-event',
    data: { account: account.id, anonymousId: `anon-${label}`, name: 'signed_in' },
  })
  if (creditApp)
    await payload.create({
      collection: 'credit-app',
      data: {
        consumer: id,
        preApproval: 'pre_demo_maria',
        ssn,
        vehicle: '4T1B11HK7NU000123',
      } as never,
    })
  return { account: String(account.id), id, lead: lead.id }
}

/** Sets every timestamp tied to the consumer 25 months back, as if that long had passed. */
const ageConsumer = async (id: string) => {
  const ago = sql.raw(LONG_AGO)
  await db().execute(
    sql`UPDATE consumer SET created_at = ${ago}, updated_at = ${ago} WHERE id = ${id}`,
  )
  await db().execute(
    sql`UPDATE lead SET created_at = ${ago}, updated_at = ${ago} WHERE consumer_id = ${id}`,
  )
  await db().execute(
    sql`UPDATE lead_events SET created_at = ${ago}, updated_at = ${ago}
        WHERE lead_id IN (SELECT id FROM lead WHERE consumer_id = ${id})`,
  )
  await db().execute(
    sql`UPDATE account SET created_at = ${ago}, updated_at = ${ago} WHERE consumer_id = ${id}`,
  )
  await db().execute(
    sql`UPDATE web_event SET created_at = ${ago}, updated_at = ${ago}
        WHERE account_id IN (SELECT id FROM account WHERE consumer_id = ${id})`,
  )
  await db().execute(
    sql`UPDATE credit_app SET created_at = ${ago}, updated_at = ${ago} WHERE consumer_id = ${id}`,
  )
  // Deals on the vehicles of their credit apps are theirs too.
  await db().execute(
    sql`UPDATE deal SET created_at = ${ago}, updated_at = ${ago}
        WHERE vehicle_id IN (SELECT vehicle_id FROM credit_app WHERE consumer_id = ${id})`,
  )
}

const dryRun = (
  who: 'anonymous' | 'clientAdmin' | 'integrator' | 'leadAgent' | 'staff' | 'staffAdmin',
) =>
  sendJson(context.service, 'GET', '/api/retention/dry-run', { headers: context.who[who].headers })

const revealed = async (id: string) =>
  (
    await sendJson(context.service, 'GET', `/api/consumer/${id}?reveal=ssn`, {
      headers: context.who.staffAdmin.headers,
    })
  ).body

let old: Awaited<ReturnType<typeof makeConsumer>>
let held: Awaited<ReturnType<typeof makeConsumer>>
let loggedIn: Awaited<ReturnType<typeof makeConsumer>>
let holdId: number

describe('retention', () => {
  it('finds consumers by every tie: an account signed in lately keeps its consumer', async () => {
    old = await makeConsumer('Olga', '111-22-3333', { creditApp: true })
    held = await makeConsumer('Hank', '222-33-4444')
    loggedIn = await makeConsumer('Lena', '333-44-5555')
    const tasked = await makeConsumer('Tara', '444-55-6666')
    for (const consumer of [old, held, loggedIn, tasked]) await ageConsumer(consumer.id)
    // Tara's lead has a task due next month, set long ago: work still to do for her.
    const { payload } = context.service
    const task = await payload.create({
      collection: 'lead-task',
      data: {
        dueAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        lead: tasked.lead,
        status: 'open',
        what: 'Ask Tara about the lease return',
      },
    })
    await db().execute(
      sql`UPDATE lead_task SET created_at = ${sql.raw(LONG_AGO)}, updated_at = ${sql.raw(LONG_AGO)}
          WHERE id = ${task.id}`,
    )
    // Lena's account was active yesterday: that is activity.
    await db().execute(
      sql`UPDATE web_event SET created_at = now() - interval '1 day' WHERE account_id = ${loggedIn.account}`,
    )
    const hold = await sendJson(context.service, 'POST', '/api/legal-holds', {
      body: { consumer: held.id, reason: 'Litigation hold: matter 2026-17' },
      headers: context.who.staff.headers,
    })
    expect(hold.status).toBe(201)
    expect(hold.body.doc.createdBy.id).toBe(context.who.staff.id)
    holdId = hold.body.doc.id

    const answer = await dryRun('staffAdmin')
    expect(answer.status).toBe(200)
    expect(answer.body.months).toBe(24)
    const due = answer.body.due.map((item: { consumer: string }) => item.consumer)
    expect(due).toContain(old.id)
    expect(due).not.toContain(held.id)
    expect(due).not.toContain(loggedIn.id)
    expect(due).not.toContain(tasked.id)
    // Freshly seeded demo consumers are not due.
    expect(due).not.toContain('con_demo_maria')
    expect(answer.body.held.map((item: { consumer: string }) => item.consumer)).toEqual([held.id])
    // A dry run changes nothing.
    expect(await revealed(old.id)).toMatchObject({ firstName: 'Olga', ssn: '111-22-3333' })
  })

  it('lets only staff admins and admin clients ask for a dry run', async () => {
    expect((await dryRun('clientAdmin')).status).toBe(200)
    expect((await dryRun('staff')).status).toBe(403)
    expect((await dryRun('integrator')).status).toBe(403)
    expect((await dryRun('leadAgent')).status).toBe(403)
    expect((await dryRun('anonymous')).status).toBe(401)
  })

  it('refuses a legal hold without a reason, or with an SSN in it, naming the field', async () => {
    for (const body of [
      { consumer: held.id },
      { consumer: held.id, reason: 'Customer 123-45-6789 disputes' },
    ]) {
      const answer = await sendJson(context.service, 'POST', '/api/legal-holds', {
        body,
        headers: context.who.staff.headers,
      })
      expect(answer.status).toBe(400)
      expect(invalidPaths(answer.body)).toEqual(['reason'])
    }
  })

  it('shreds SSNs and birth dates beyond recovery, de-identifies the rest and keeps finance records', async () => {
    const [before] = await rows<{ birth_date: string; ssn: string }>(
      sql`SELECT ssn, birth_date FROM consumer WHERE id = ${old.id}`,
    )
    const [appBefore] = await rows<{ ssn: string }>(
      sql`SELECT ssn FROM credit_app WHERE consumer_id = ${old.id}`,
    )
    // What a backup taken now would hold: the wrapped data key beside the ciphertexts.
    const [backupKey] = await rows<{ wrapped: string }>(
      sql`SELECT wrapped FROM consumer_data_keys WHERE consumer = ${old.id}`,
    )
    expect(backupKey.wrapped).toMatch(/^enc:v1:/)

    const report = await runRetention(context.service.payload)
    expect(report.disposed.map((item) => item.consumer)).toEqual([old.id])
    const [disposal] = report.disposed
    expect(disposal.shredded).toEqual(['dataKey', 'ssn', 'birthDate'])
    expect(disposal.kept).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          collection: 'credit-app',
          records: 1,
          rule: expect.stringContaining('1798.145(e)'),
        }),
      ]),
    )

    // The stored values are gone, and the data key with them.
    const [after] = await rows(sql`SELECT * FROM consumer WHERE id = ${old.id}`)
    expect(after).toMatchObject({
      birth_date: '',
      email: null,
      first_name: 'Deleted',
      phone_keys: null,
      phone_number: '',
      ssn: null,
    })
    expect(await rows(sql`SELECT 1 FROM consumer_data_keys WHERE consumer = ${old.id}`)).toEqual([])
    expect(await rows(sql`SELECT 1 FROM _consumer_v WHERE parent_id = ${old.id}`)).toEqual([])
    const [app] = await rows(
      sql`SELECT ssn, birth_date FROM credit_app WHERE consumer_id = ${old.id}`,
    )
    expect(app).toEqual({ birth_date: null, ssn: null })
    expect(
      await rows(
        sql`SELECT 1 FROM _credit_app_v WHERE version_consumer_id = ${old.id} AND version_ssn IS NOT NULL`,
      ),
    ).toEqual([])

    // A copy of the old ciphertexts (a version, a log, a backup without the key row) does not
    // open: the master key removes only its own seal, and the consumer's data key is gone.
    for (const [stored, field] of [
      [before.ssn, 'ssn'],
      [before.birth_date, 'birthDate'],
      [appBefore.ssn, 'ssn'],
    ]) {
      const inner = decryptValue(stored, field)
      expect(inner).toMatch(/^ck:v1:/)
      expect(inner).not.toContain('3333')
      await expect(openInner(inner, field, (id) => readDataKey(db(), id))).rejects.toBeInstanceOf(
        DataKeyDestroyed,
      )
    }
    // What still holds (docs/compliance.md): a backup holding the wrapped key opens with the
    // master key until that master key is retired.
    const fromBackup = Buffer.from(
      decryptValue(backupKey.wrapped, `consumerDataKey:${old.id}`),
      'base64',
    )
    expect(await openInner(decryptValue(before.ssn, 'ssn'), 'ssn', async () => fromBackup)).toBe(
      '111-22-3333',
    )

    // De-identified: the lead, its event's notes, the web tracker's ids; the consumer reads so.
    const [lead] = await rows(
      sql`SELECT first_name, email, match_email, match_last_name, phone_number, phone_keys
          FROM lead WHERE id = ${old.lead}`,
    )
    // The duplicate-matching and phone-search keys go with the values they were made of.
    expect(lead).toEqual({
      email: null,
      first_name: null,
      match_email: null,
      match_last_name: null,
      phone_keys: null,
      phone_number: null,
    })
    // Staff searching by the number find the others who share it, never the one let go.
    for (const collection of ['consumer', 'lead']) {
      const found = await sendJson(
        context.service,
        'GET',
        `/api/${collection}?depth=0&limit=100&where[phoneNumber][like]=${encodeURIComponent('(213) 555-0111')}`,
        { headers: context.who.staff.headers },
      )
      expect(found.status).toBe(200)
      const ids = found.body.docs.map((doc: { id: number | string }) => String(doc.id))
      expect(ids.length).toBeGreaterThan(0)
      expect(ids).not.toContain(String(collection === 'consumer' ? old.id : old.lead))
    }
    expect(await rows(sql`SELECT next_steps FROM lead_events WHERE lead_id = ${old.lead}`)).toEqual(
      [{ next_steps: null }],
    )
    expect(await rows(sql`SELECT 1 FROM account_texts WHERE parent_id = ${old.account}`)).toEqual(
      [],
    )
    expect(
      await rows(sql`SELECT anonymous_id FROM web_event WHERE account_id = ${old.account}`),
    ).toEqual([{ anonymous_id: null }])
    const read = await revealed(old.id)
    expect(read).toMatchObject({ email: null, firstName: 'Deleted', ssn: null })
    expect(JSON.stringify(read)).not.toContain('Olga')

    // One audit entry, by the system, naming what went (never values).
    const audit = await sendJson(
      context.service,
      'GET',
      `/api/audit-log?where[action][equals]=dispose&where[recordId][equals]=${old.id}`,
      { headers: context.who.staffAdmin.headers },
    )
    expect(audit.body.totalDocs).toBe(1)
    expect(audit.body.docs[0]).toMatchObject({ actor: 'system', collection: 'consumer' })
    expect(audit.body.docs[0].fields).toEqual(
      expect.arrayContaining(['dataKey', 'ssn', 'firstName']),
    )

    // The others are untouched.
    expect(await revealed(held.id)).toMatchObject({ firstName: 'Hank', ssn: '222-33-4444' })
    expect(await revealed(loggedIn.id)).toMatchObject({ firstName: 'Lena', ssn: '333-44-5555' })
  })

  it('does nothing the second time, and disposes of a consumer once when runs overlap', async () => {
    expect((await runRetention(context.service.payload)).disposed).toEqual([])
    // The hold released: Hank is due, and two nodes run at once.
    const released = await sendJson(context.service, 'PATCH', `/api/legal-holds/${holdId}`, {
      body: { releasedAt: new Date().toISOString() },
      headers: context.who.staff.headers,
    })
    expect(released.status).toBe(200)
    const [first, second] = await Promise.all([
      runRetention(context.service.payload),
      runRetention(context.service.payload),
    ])
    expect([...first.disposed, ...second.disposed].map((item) => item.consumer)).toEqual([held.id])
    const [{ n }] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'dispose' AND record_id = ${held.id}`,
    )
    expect(n).toBe(1)
  })

  it('keeps a hold as it happened: its consumer, reason and release are not rewritten (400 naming the field)', async () => {
    const patch = (body: object, id = holdId, who: 'staff' | 'staffAdmin' = 'staff') =>
      sendJson(context.service, 'PATCH', `/api/legal-holds/${id}`, {
        body,
        headers: context.who[who].headers,
      })
    const before = (await patch({})).body.doc
    expect(before.releasedAt).toEqual(expect.any(String))
    for (const [body, path] of [
      [{ consumer: loggedIn.id }, 'consumer'],
      [{ reason: 'Nothing to see here' }, 'reason'],
      [{ releasedAt: null }, 'releasedAt'],
      [{ releasedAt: '2020-01-01T00:00:00Z' }, 'releasedAt'],
    ] as const) {
      for (const who of ['staff', 'staffAdmin'] as const) {
        const answer = await patch(body, holdId, who)
        expect({ path, status: answer.status, who }).toEqual({ path, status: 400, who })
        expect(invalidPaths(answer.body)).toEqual([path])
      }
    }
    const set = await sendJson(context.service, 'POST', '/api/legal-holds', {
      body: { consumer: loggedIn.id, reason: 'Matter 2026-52: keep everything' },
      headers: context.who.staff.headers,
    })
    const id = set.body.doc.id
    // In force, its reason is as fixed as after its release.
    const reworded = await patch({ reason: 'Matter 2026-53: keep everything' }, id)
    expect(reworded.status).toBe(400)
    expect(invalidPaths(reworded.body)).toEqual(['reason'])
    for (const releasedAt of [
      '2099-01-01T00:00:00Z',
      new Date(Date.now() + 301_000).toISOString(),
    ]) {
      const future = await patch({ releasedAt }, id)
      expect(future.status).toBe(400)
      expect(invalidPaths(future.body)).toEqual(['releasedAt'])
    }
    const early = await patch({ releasedAt: '2020-01-01T00:00:00Z' }, id)
    expect(early.status).toBe(400)
    expect(invalidPaths(early.body)).toEqual(['releasedAt'])
    // A minute ahead (a clock a little fast) is taken as now.
    const sent = new Date(Date.now() + 60_000).toISOString()
    const now = await patch({ releasedAt: sent }, id)
    expect(now.status).toBe(200)
    expect(Date.parse(now.body.doc.releasedAt)).toBeLessThan(Date.parse(sent))
    expect(Date.parse(now.body.doc.releasedAt)).toBeLessThanOrEqual(
      Date.parse(now.body.doc.updatedAt),
    )
    const after = await context.service.payload.findByID({ collection: 'legal-holds', id: holdId })
    expect(after).toMatchObject({ reason: before.reason, releasedAt: before.releasedAt })
  })

  it('counts time as the setting says', async () => {
    // Lena was active a day ago: a month from now she is still within 24 months...
    const inAMonth = new Date(Date.now() + 31 * 86_400_000)
    const soon = await runRetention(context.service.payload, { dryRun: true, now: inAMonth })
    expect(soon.due.map((item) => item.consumer)).not.toContain(loggedIn.id)
    // ...and 25 months from now she is not.
    const later = new Date(Date.now() + 25 * 31 * 86_400_000)
    const due = await runRetention(context.service.payload, { dryRun: true, now: later })
    expect(due.due.map((item) => item.consumer)).toContain(loggedIn.id)
    process.env.RETENTION_INACTIVE_MONTHS = '1'
    try {
      const shorter = await runRetention(context.service.payload, { dryRun: true, now: inAMonth })
      expect(shorter.months).toBe(1)
      expect(shorter.due.map((item) => item.consumer)).toContain(loggedIn.id)
    } finally {
      delete process.env.RETENTION_INACTIVE_MONTHS
    }
  })
})
