/**
 * The consent ledger over REST (docs/compliance.md): disclosures and their hashes, consents that
 * are recorded once and never changed, the disclosure a consent was shown, the credit-report
 * authorization hold on provider submissions (the window, the release on consent, the re-check
 * of the send job, the webhook announcing it), and the texting consent rules of lead events.
 * Each new path is tried by every kind of caller.
 */
import crypto from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from '@payloadcms/db-postgres'

import { DEFAULT_CONTACT_RULES } from '@/compliance/consents/contactRules'
import { APPEND_ONLY } from '@/compliance/consents/ledger'
import { PROVIDER_QUEUE } from '@/providers'

import { type FakeProvider, startFakeProvider } from '../helpers/fakeProvider'
import { invalidPaths, sendJson } from '../helpers/http'
import {
  createPrincipals,
  type Principal,
  type PrincipalName,
  staffUser,
} from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/testService'

const LOCATION = 'loc_demo_sunset_la'
const SELLER = 'com_demo_sunset'
const DAY_MS = 86_400_000
const SSN = '123-45-6789'

let service: TestService
let who: Record<PrincipalName, Principal>
let dealer: Principal
const disclosures: Record<string, { id: number; sha256: string; text: string; version: string }> =
  {}

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_LOOPBACK = 'true'
  service = await startTestService({ seed: true })
  who = await createPrincipals(service.payload)
  dealer = await staffUser(service.payload, 'dealer', SELLER)
  // Subscribed, never delivered (no job runner here): its deliveries show what was announced.
  await service.payload.create({
    collection: 'webhook-endpoints',
    data: {
      events: ['credit_app.created', 'credit_app.submission_status_changed'],
      url: 'http://127.0.0.1:9/hook',
    },
  })
  for (const kind of [
    'credit-report-authorization',
    'calls-and-texts',
    'e-mail-marketing',
    'electronic-records',
  ]) {
    const made = await send('POST', '/api/disclosures', who.staff, {
      kind,
      text: `I agree (${kind}), as the seller's terms say.`,
      version: '1',
    })
    expect(made.status).toBe(201)
    disclosures[kind] = made.body.doc
  }
})

afterAll(async () => {
  await service?.close()
  delete process.env.WEBHOOK_ALLOW_LOOPBACK
  delete process.env.CREDIT_AUTHORIZATION_REQUIRED
  delete process.env.CREDIT_AUTHORIZATION_WINDOW_DAYS
})

const send = (method: string, path: string, caller: Principal, body?: unknown) =>
  sendJson(service, method, path, { body, headers: caller.headers })

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex')

let serial = 0
const newConsumer = async () => {
  serial++
  const consumer = await service.payload.create({
    collection: 'consumer',
    data: {
      birthDate: '1990-01-01',
      firstName: 'Test',
      lastName: `Consumer${serial}`,
      phoneNumber: `213555${String(1000 + serial).slice(-4)}`,
    },
  })
  return consumer.id
}

/** A credit-report authorization body (a grant for the applicant unless `fields` say otherwise). */
const authorization = (fields: Record<string, unknown>) => ({
  action: 'grant',
  disclosure: disclosures['credit-report-authorization'].id,
  kind: 'credit-report-authorization',
  method: 'web-form',
  role: 'applicant',
  ...fields,
})

const record = async (body: Record<string, unknown>, caller: Principal = who.integrator) => {
  const response = await send('POST', '/api/consents?depth=0', caller, body)
  expect(response.status).toBe(201)
  return response.body.doc as Record<string, any> & { id: number }
}

describe('disclosures', () => {
  it('are hashed by the service: a sent sha256 is ignored', async () => {
    const text = 'You agree to receive records electronically.\nVersion two.'
    const made = await send('POST', '/api/disclosures', who.staff, {
      kind: 'electronic-records',
      sha256: 'f'.repeat(64),
      text,
      version: '2',
    })
    expect(made.status).toBe(201)
    expect(made.body.doc.sha256).toBe(sha256(text))
    const changed = await send('PATCH', `/api/disclosures/${made.body.doc.id}`, who.staff, {
      text: `${text} Amended.`,
    })
    expect(changed.status).toBe(200)
    expect(changed.body.doc.sha256).toBe(sha256(`${text} Amended.`))
  })

  it('hold each version of a kind once (400 naming version)', async () => {
    const again = await send('POST', '/api/disclosures', who.staff, {
      kind: 'calls-and-texts',
      text: 'Other wording',
      version: '1',
    })
    expect(again.status).toBe(400)
    expect(invalidPaths(again.body)).toEqual(['version'])
  })

  it('a kind that is none: 400 naming kind', async () => {
    const bad = await send('POST', '/api/disclosures', who.staff, {
      kind: 'nope',
      text: 'Whatever',
      version: '1',
    })
    expect(bad.status).toBe(400)
    expect(invalidPaths(bad.body)).toEqual(['kind'])
  })

  it('named by a consent, cannot be changed or deleted (409): new wording is a new version', async () => {
    const made = await send('POST', '/api/disclosures', who.staff, {
      kind: 'electronic-records',
      text: 'Records by e-mail.',
      version: '3',
    })
    await record({
      action: 'grant',
      consumer: await newConsumer(),
      disclosure: made.body.doc.id,
      kind: 'electronic-records',
      method: 'in-person',
    })
    for (const caller of [who.staff, who.staffAdmin, who.clientAdmin]) {
      const patch = await send('PATCH', `/api/disclosures/${made.body.doc.id}`, caller, {
        text: 'Records by post.',
      })
      expect(patch.status).toBe(409)
      expect(patch.body.errors[0].message).toBe(
        'Disclosure electronic-records version 3 is named by 1 consent(s): the text they were shown cannot change. Add a new version instead.',
      )
      const remove = await send('DELETE', `/api/disclosures/${made.body.doc.id}`, caller)
      expect(remove.status).toBe(409)
      expect(remove.body.errors[0].message).toBe(
        'Disclosure electronic-records version 3 is named by 1 consent(s): the text they were shown cannot go. Add a new version instead.',
      )
    }
    const kept = await service.payload.findByID({ collection: 'disclosures', id: made.body.doc.id })
    expect(kept.text).toBe('Records by e-mail.')
  })

  it('a change racing the first consents never leaves a consent naming text it was not shown', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await send('POST', '/api/disclosures', who.staff, {
        kind: 'electronic-records',
        text: `Race ${round}: records by e-mail.`,
        version: `race-${round}`,
      })
      const id = made.body.doc.id
      const consumers = await Promise.all([1, 2, 3].map(() => newConsumer()))
      const [patch, ...consents] = await Promise.all([
        send('PATCH', `/api/disclosures/${id}`, who.staff, { text: `Race ${round}: by post.` }),
        ...consumers.map((consumer) =>
          send('POST', '/api/consents?depth=0', who.integrator, {
            action: 'grant',
            consumer,
            disclosure: id,
            kind: 'electronic-records',
            method: 'in-person',
          }),
        ),
      ])
      expect([200, 409]).toContain(patch.status)
      for (const consent of consents) {
        expect(consent.status).toBe(201)
        const shown = await send(
          'GET',
          `/api/consents/${consent.body.doc.id}/disclosure`,
          who.staff,
        )
        expect(shown.body.matches).toBe(true)
      }
    }
  })

  it('the same kind and version saved twice at once: one 201, one 400', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        send('POST', '/api/disclosures', who.staff, {
          kind: 'calls-and-texts',
          text: 'Texts from Sunset Motors.',
          version: 'race-twice',
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400])
  })

  it.each([
    ['staffAdmin', 201, 200],
    ['clientAdmin', 201, 200],
    ['staff', 201, 200],
    ['integrator', 403, 200],
    ['leadAgent', 403, 403],
    ['anonymous', 401, 401],
  ] as const)('as %s: create %i, read %i', async (caller, create, read) => {
    const made = await send('POST', '/api/disclosures', who[caller], {
      kind: 'e-mail-marketing',
      text: 'Offers by e-mail.',
      version: `role-${caller}`,
    })
    expect(made.status).toBe(create)
    const list = await send('GET', '/api/disclosures', who[caller])
    expect(list.status).toBe(read)
    const one = await send(
      'GET',
      `/api/disclosures/${disclosures['calls-and-texts'].id}`,
      who[caller],
    )
    expect(one.status).toBe(read)
  })

  it('are read by dealers, who read them to the customer, and changed by none of them (403)', async () => {
    const read = await send('GET', '/api/disclosures?limit=100', dealer)
    expect(read.status).toBe(200)
    expect(read.body.totalDocs).toBeGreaterThanOrEqual(4)
    const { id } = disclosures['calls-and-texts']
    expect((await send('PATCH', `/api/disclosures/${id}`, dealer, { text: 'x' })).status).toBe(403)
    expect((await send('DELETE', `/api/disclosures/${id}`, dealer)).status).toBe(403)
    const made = await send('POST', '/api/disclosures', dealer, {
      kind: 'calls-and-texts',
      text: 'x',
      version: 'x',
    })
    expect(made.status).toBe(403)
  })
})

describe('the consent ledger', () => {
  it('records what was agreed, the disclosure shown (version and hash) and who recorded it', async () => {
    const consumer = await newConsumer()
    const doc = await record({
      ...authorization({ consumer }),
      capturedAt: '2026-01-31T17:00:00-05:00',
      disclosureSha256: '0'.repeat(64),
      disclosureVersion: 'forged',
      ip: '203.0.113.7',
      recordedBy: 'someone else',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0.6099.109',
    })
    const disclosure = disclosures['credit-report-authorization']
    expect(doc).toMatchObject({
      action: 'grant',
      capturedAt: '2026-01-31T22:00:00.000Z',
      consumer,
      disclosure: disclosure.id,
      disclosureSha256: sha256(disclosure.text),
      disclosureVersion: '1',
      ip: '203.0.113.7',
      kind: 'credit-report-authorization',
      method: 'web-form',
      role: 'applicant',
    })
    expect(doc.recordedBy).toMatch(/^API client "integrator /)
    expect(doc.recordedByAccount).toBe(`api-clients:${who.integrator.id}`)
    // The matching key is the service's own: never answered.
    expect(doc).not.toHaveProperty('contactKey')
    const byStaff = await record(authorization({ consumer }), who.staff)
    expect(byStaff.recordedBy).toMatch(/^staff-[0-9a-f]+@example\.com$/)
    expect(byStaff.recordedByAccount).toBe(`users:${who.staff.id}`)
    // Recorded now when the body does not say when.
    expect(Date.now() - new Date(byStaff.capturedAt).getTime()).toBeLessThan(60_000)
  })

  it.each([
    ['staffAdmin', 201, 200],
    ['clientAdmin', 201, 200],
    ['staff', 201, 200],
    ['integrator', 201, 200],
    ['leadAgent', 403, 403],
    ['anonymous', 401, 401],
  ] as const)('as %s: create %i, read %i', async (caller, create, read) => {
    const consumer = await newConsumer()
    const made = await send('POST', '/api/consents', who[caller], authorization({ consumer }))
    expect(made.status).toBe(create)
    const stored = await record(authorization({ consumer }))
    expect((await send('GET', '/api/consents', who[caller])).status).toBe(read)
    expect((await send('GET', `/api/consents/${stored.id}`, who[caller])).status).toBe(read)
  })

  it.each(['staffAdmin', 'clientAdmin', 'staff', 'integrator', 'leadAgent'] as const)(
    'refuses %s any update or delete (403), saying the ledger is append-only',
    async (caller) => {
      const stored = await record(authorization({ consumer: await newConsumer() }))
      const answers = [
        await send('PATCH', `/api/consents/${stored.id}`, who[caller], { action: 'revoke' }),
        await send('DELETE', `/api/consents/${stored.id}`, who[caller]),
        await send('PATCH', `/api/consents?where[id][equals]=${stored.id}`, who[caller], {
          action: 'revoke',
        }),
        await send('DELETE', `/api/consents?where[id][equals]=${stored.id}`, who[caller]),
      ]
      for (const answer of answers) {
        expect(answer.status).toBe(403)
        expect(answer.body.errors[0].message).toBe(APPEND_ONLY)
      }
      const kept = await service.payload.findByID({ collection: 'consents', id: stored.id })
      expect(kept.action).toBe('grant')
    },
  )

  it('refuses anonymous updates and deletes with 401', async () => {
    const stored = await record(authorization({ consumer: await newConsumer() }))
    expect((await send('PATCH', `/api/consents/${stored.id}`, who.anonymous, {})).status).toBe(401)
    expect((await send('DELETE', `/api/consents/${stored.id}`, who.anonymous)).status).toBe(401)
  })

  it('keeps what it names: deleting a consumer a consent names is a 409, and the consent stays', async () => {
    const consumer = await newConsumer()
    const stored = await record(authorization({ consumer }))
    const refused = await send('DELETE', `/api/consumer/${consumer}`, who.clientAdmin)
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toMatch(
      /^Still used by 1 consents record\(s\) \(consumer\)/,
    )
    const kept = await service.payload.findByID({ collection: 'consents', depth: 0, id: stored.id })
    expect(kept).toMatchObject({ consumer, updatedAt: stored.updatedAt })
  })

  it("is recorded and read by a dealer for its own company's people only, and changed by none", async () => {
    const made = await record(
      authorization({ consumer: 'con_demo_maria', creditApp: 'crapp_demo_maria' }),
      dealer,
    )
    const stored = await service.payload.findByID({ collection: 'consents', depth: 0, id: made.id })
    expect(stored).toMatchObject({ dealerships: [SELLER], madeAt: SELLER })
    const mine = await send('GET', '/api/consents?limit=1000&depth=0', dealer)
    const theirs = await service.payload.find({
      collection: 'consents',
      depth: 0,
      pagination: false,
      where: { dealerships: { in: [SELLER] } },
    })
    expect(mine.body.docs.map(({ id }: { id: number }) => id).sort()).toEqual(
      theirs.docs.map(({ id }) => id).sort(),
    )
    expect(mine.body.totalDocs).toBeLessThan(
      (await service.payload.count({ collection: 'consents' })).totalDocs,
    )
    expect((await send('PATCH', `/api/consents/${made.id}`, dealer, { note: 'x' })).status).toBe(
      403,
    )
    expect((await send('DELETE', `/api/consents/${made.id}`, dealer)).status).toBe(403)
  })

  it('keeps no SSN: there is no field for one, and free text that reads as one is refused', async () => {
    const consumer = await newConsumer()
    const dropped = await record({ ...authorization({ consumer }), ssn: '123-45-6789' })
    expect(JSON.stringify(dropped)).not.toMatch(/6789/)
    for (const [field, value] of [
      ['note', 'Applicant SSN 123-45-6789 confirmed'],
      ['note', 'ssn 123456789'],
      ['userAgent', 'Agent 123 45 6789'],
    ]) {
      const refused = await send('POST', '/api/consents', who.integrator, {
        ...authorization({ consumer }),
        [field]: value,
      })
      expect(refused.status).toBe(400)
      expect(invalidPaths(refused.body)).toEqual([field])
      expect(JSON.stringify(refused.body)).not.toMatch(/6789/)
    }
  })

  it('answers bad input with 400 naming the field', async () => {
    const consumer = await newConsumer()
    const app = await service.payload.create({
      collection: 'credit-app',
      data: { consumer, preApproval: 'pre_demo_maria', vehicle: '4T1B11HK7NU000123' },
    })
    const cases: [Record<string, unknown>, string][] = [
      [{ ...authorization({ consumer }), kind: undefined }, 'kind'],
      [{ ...authorization({ consumer }), kind: 'telepathy' }, 'kind'],
      [{ ...authorization({ consumer }), action: 'maybe' }, 'action'],
      [{ ...authorization({ consumer }), method: undefined }, 'method'],
      [{ ...authorization({ consumer }), disclosure: undefined }, 'disclosure'],
      [{ ...authorization({ consumer }), disclosure: 999999 }, 'disclosure'],
      [
        { ...authorization({ consumer }), disclosure: disclosures['calls-and-texts'].id },
        'disclosure',
      ],
      [{ ...authorization({ consumer }), role: undefined }, 'role'],
      [authorization({}), 'consumer'],
      [authorization({ consumer: 'con_nobody' }), 'consumer'],
      [{ ...authorization({ consumer }), capturedAt: '2999-01-01T00:00:00Z' }, 'capturedAt'],
      [{ ...authorization({ consumer }), capturedAt: 'yesterday' }, 'capturedAt'],
      [{ ...authorization({ consumer }), ip: 'localhost; drop' }, 'ip'],
      [authorization({ consumer: 'con_demo_maria', creditApp: app.id }), 'consumer'],
      [authorization({ creditApp: app.id, role: 'co-applicant' }), 'role'],
      [
        {
          action: 'grant',
          disclosure: disclosures['calls-and-texts'].id,
          kind: 'calls-and-texts',
          method: 'web-form',
          seller: SELLER,
        },
        'phoneNumber',
      ],
      [
        {
          action: 'grant',
          disclosure: disclosures['calls-and-texts'].id,
          kind: 'calls-and-texts',
          method: 'web-form',
          phoneNumber: '12',
          seller: SELLER,
        },
        'phoneNumber',
      ],
      [
        {
          action: 'grant',
          disclosure: disclosures['calls-and-texts'].id,
          kind: 'calls-and-texts',
          method: 'web-form',
          phoneNumber: '(213) 555-0150',
        },
        'seller',
      ],
      [{ action: 'revoke', kind: 'e-mail-marketing', method: 'api' }, 'email'],
    ]
    for (const [body, field] of cases) {
      const response = await send('POST', '/api/consents', who.integrator, body)
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400])
      expect(invalidPaths(response.body)).toContain(field)
    }
  })
})

describe('GET /api/consents/{id}/disclosure', () => {
  it('answers the text shown and confirms the stored hash', async () => {
    const consent = await record(authorization({ consumer: await newConsumer() }))
    const response = await send('GET', `/api/consents/${consent.id}/disclosure`, who.staff)
    const disclosure = disclosures['credit-report-authorization']
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      consent: consent.id,
      disclosure: disclosure.id,
      kind: 'credit-report-authorization',
      matches: true,
      sha256: sha256(disclosure.text),
      text: disclosure.text,
      textSha256: sha256(disclosure.text),
      version: '1',
    })
  })

  it('says when the text kept no longer has the hash stored at capture', async () => {
    const made = await send('POST', '/api/disclosures', who.staff, {
      kind: 'electronic-records',
      text: 'Original wording.',
      version: 'tamper',
    })
    const consent = await record({
      action: 'grant',
      consumer: await newConsumer(),
      disclosure: made.body.doc.id,
      kind: 'electronic-records',
      method: 'api',
    })
    // Changed behind the service's back, in the database.
    await service.payload.db.drizzle.execute(
      sql`UPDATE disclosures SET text = 'Other wording.' WHERE id = ${made.body.doc.id}`,
    )
    const response = await send('GET', `/api/consents/${consent.id}/disclosure`, who.integrator)
    expect(response.body).toMatchObject({
      matches: false,
      sha256: sha256('Original wording.'),
      text: 'Other wording.',
      textSha256: sha256('Other wording.'),
    })
  })

  it.each([
    ['staffAdmin', 200],
    ['clientAdmin', 200],
    ['staff', 200],
    ['integrator', 200],
    ['leadAgent', 403],
    ['anonymous', 401],
  ] as const)('as %s: %i', async (caller, status) => {
    const consent = await record(authorization({ consumer: await newConsumer() }))
    const response = await send('GET', `/api/consents/${consent.id}/disclosure`, who[caller])
    expect(response.status).toBe(status)
    if (status !== 200) expect(response.body.text).toBeUndefined()
  })

  it('is 404 for no such consent, a malformed id, and a revocation (which shows none)', async () => {
    expect((await send('GET', '/api/consents/999999/disclosure', who.staff)).status).toBe(404)
    expect((await send('GET', '/api/consents/abc/disclosure', who.staff)).status).toBe(404)
    const revocation = await record({
      action: 'revoke',
      consumer: await newConsumer(),
      kind: 'credit-report-authorization',
      method: 'phone',
      role: 'applicant',
    })
    const response = await send('GET', `/api/consents/${revocation.id}/disclosure`, who.staff)
    expect(response.status).toBe(404)
    expect(response.body.errors[0].message).toBe(
      `Consent ${revocation.id} records no disclosure (a revocation shows none).`,
    )
  })
})

describe('no credit pull without authorization', () => {
  const createApp = async (consumer: string, fields: Record<string, unknown> = {}) => {
    const response = await send('POST', '/api/creditapps?depth=0', who.integrator, {
      consumer,
      preApproval: 'pre_demo_maria',
      provider: 'provider_a',
      toProvider: true,
      vehicle: '4T1B11HK7NU000123',
      ...fields,
    })
    // The contract endpoint answers as always: 200 {data, success}.
    expect(response.status).toBe(200)
    expect(response.body.success).toBe(true)
    return response.body.data as { id: string; providerSubmission: Record<string, any> }
  }

  const readApp = async (id: string) =>
    (await send('GET', `/api/creditapps/${id}?depth=0`, who.integrator)).body.data as {
      providerSubmission: Record<string, any>
    }

  const jobsOf = async (id: string) =>
    Number(
      (
        await service.payload.db.drizzle.execute<{ count: string }>(
          sql`SELECT count(*) FROM payload_jobs WHERE input->>'creditApp' = ${id}`,
        )
      ).rows[0].count,
    )

  /** What the webhooks announced of the app: each event with its submission status. */
  const announced = async (id: string) => {
    const { docs } = await service.payload.find({
      collection: 'webhook-deliveries',
      limit: 100,
      sort: 'createdAt',
    })
    return docs
      .map((delivery) => delivery.payload as any)
      .filter((payload) => payload.data.id === id)
      .map((payload) =>
        payload.type === 'credit_app.created'
          ? [payload.type, payload.data.record.providerSubmission.status]
          : [payload.type, payload.data.previousStatus, payload.data.status],
      )
  }

  it('holds an app without one, naming who is missing; recording it queues the app', async () => {
    const consumer = await newConsumer()
    const app = await createApp(consumer)
    expect(app.providerSubmission).toMatchObject({
      message: `waiting for a credit-report authorization of the applicant (consumer ${consumer}): none granted in the last 30 days, or revoked since`,
      status: 'awaiting authorization',
    })
    expect(await jobsOf(app.id)).toBe(0)
    await record(authorization({ consumer }))
    const released = await readApp(app.id)
    expect(released.providerSubmission).toMatchObject({ message: null, status: 'queued' })
    expect(await jobsOf(app.id)).toBe(1)
    expect(await announced(app.id)).toEqual([
      ['credit_app.created', 'awaiting authorization'],
      ['credit_app.submission_status_changed', 'awaiting authorization', 'queued'],
    ])
  })

  it('sends at once an app whose applicant is authorized', async () => {
    const consumer = await newConsumer()
    await record(authorization({ consumer }))
    const app = await createApp(consumer)
    expect(app.providerSubmission.status).toBe('queued')
    expect(await jobsOf(app.id)).toBe(1)
  })

  it('asks for the co-applicant too, tied by the credit app when they have no consumer record', async () => {
    const consumer = await newConsumer()
    await record(authorization({ consumer }))
    const app = await createApp(consumer, {
      coApplicantFirstName: 'Dana',
      coApplicantLastName: 'Carter',
    })
    expect(app.providerSubmission).toMatchObject({
      message: expect.stringMatching(
        /^waiting for a credit-report authorization of the co-applicant: /,
      ),
      status: 'awaiting authorization',
    })
    // The applicant's authorization does not count for the co-applicant.
    await record(authorization({ consumer, creditApp: app.id }))
    expect((await readApp(app.id)).providerSubmission.status).toBe('awaiting authorization')
    await record(authorization({ creditApp: app.id, role: 'co-applicant' }), who.staff)
    expect((await readApp(app.id)).providerSubmission.status).toBe('queued')
    expect(await jobsOf(app.id)).toBe(1)
  })

  it('takes the authorization of a co-applicant given only by SSN', async () => {
    const consumer = await newConsumer()
    await record(authorization({ consumer }))
    const app = await createApp(consumer, { coApplicantSSN: '321-54-9876' })
    expect(app.providerSubmission.status).toBe('awaiting authorization')
    await record(authorization({ creditApp: app.id, role: 'co-applicant' }), who.staff)
    expect((await readApp(app.id)).providerSubmission.status).toBe('queued')
  })

  it('names both when neither is authorized, and a co-applicant consumer by id', async () => {
    const [consumer, co] = [await newConsumer(), await newConsumer()]
    const app = await createApp(consumer, { coApplicantConsumer: co })
    expect(app.providerSubmission.message).toBe(
      `waiting for a credit-report authorization of the applicant (consumer ${consumer}) and the co-applicant (consumer ${co}): none granted in the last 30 days, or revoked since`,
    )
    await record(authorization({ consumer: co, role: 'co-applicant' }))
    expect((await readApp(app.id)).providerSubmission).toMatchObject({
      message: `waiting for a credit-report authorization of the applicant (consumer ${consumer}): none granted in the last 30 days, or revoked since`,
      status: 'awaiting authorization',
    })
    await record(authorization({ consumer }))
    expect((await readApp(app.id)).providerSubmission.status).toBe('queued')
  })

  it('counts an authorization only within CREDIT_AUTHORIZATION_WINDOW_DAYS before submission', async () => {
    const consumer = await newConsumer()
    const consent = await record(authorization({ consumer }))
    await service.payload.db.drizzle.execute(
      sql`UPDATE consents SET captured_at = ${new Date(Date.now() - 31 * DAY_MS).toISOString()} WHERE id = ${consent.id}`,
    )
    const app = await createApp(consumer)
    expect(app.providerSubmission.status).toBe('awaiting authorization')
    process.env.CREDIT_AUTHORIZATION_WINDOW_DAYS = '45'
    try {
      const again = await createApp(consumer)
      expect(again.providerSubmission.status).toBe('queued')
    } finally {
      delete process.env.CREDIT_AUTHORIZATION_WINDOW_DAYS
    }
  })

  it('does not count a revoked authorization', async () => {
    const consumer = await newConsumer()
    await record(
      authorization({ consumer, capturedAt: new Date(Date.now() - 60_000).toISOString() }),
    )
    await record({
      action: 'revoke',
      consumer,
      kind: 'credit-report-authorization',
      method: 'phone',
      role: 'applicant',
    })
    expect((await createApp(consumer)).providerSubmission.status).toBe('awaiting authorization')
  })

  it('checks again in the send job: an app whose authorization was revoked after queueing is held', async () => {
    const consumer = await newConsumer()
    await record(
      authorization({ consumer, capturedAt: new Date(Date.now() - 60_000).toISOString() }),
    )
    const app = await createApp(consumer)
    expect(app.providerSubmission.status).toBe('queued')
    await record({
      action: 'revoke',
      consumer,
      kind: 'credit-report-authorization',
      method: 'phone',
      role: 'applicant',
    })
    await service.payload.jobs.run({ queue: PROVIDER_QUEUE })
    expect((await readApp(app.id)).providerSubmission).toMatchObject({
      attempts: 0,
      status: 'awaiting authorization',
    })
  })

  it('cancels a held app whose toProvider is turned off; a later authorization sends nothing', async () => {
    const consumer = await newConsumer()
    const app = await createApp(consumer)
    const off = await send('PATCH', `/api/credit-app/${app.id}?depth=0`, who.staff, {
      toProvider: false,
    })
    expect(off.body.doc.providerSubmission).toMatchObject({
      message: 'toProvider was turned off before the app was sent',
      status: 'cancelled',
    })
    await record(authorization({ consumer }))
    expect((await readApp(app.id)).providerSubmission.status).toBe('cancelled')
    expect(await jobsOf(app.id)).toBe(0)
  })

  it('is off with CREDIT_AUTHORIZATION_REQUIRED=false', async () => {
    process.env.CREDIT_AUTHORIZATION_REQUIRED = 'false'
    try {
      const app = await createApp(await newConsumer())
      expect(app.providerSubmission.status).toBe('queued')
    } finally {
      delete process.env.CREDIT_AUTHORIZATION_REQUIRED
    }
  })

  it('shows the held status to every caller who reads credit apps', async () => {
    const app = await createApp(await newConsumer())
    for (const caller of ['staffAdmin', 'clientAdmin', 'staff', 'integrator'] as const) {
      const read = await send('GET', `/api/credit-app/${app.id}?depth=0`, who[caller])
      expect(read.body.providerSubmission.status).toBe('awaiting authorization')
    }
    expect((await send('GET', `/api/credit-app/${app.id}`, who.leadAgent)).status).toBe(403)
    expect((await send('GET', `/api/credit-app/${app.id}`, who.anonymous)).status).toBe(401)
  })

  /**
   * The attack: a grant dated 280 s ahead was stored as sent, became the "latest" consent once
   * its time came, stood over a revocation recorded after it, and the app reached the provider.
   * Here a fake provider on 127.0.0.1 takes what the send job sends, and time passing is the
   * consents' stored times moved back in the database.
   */
  describe('a grant dated ahead never outlives a revocation recorded after it', () => {
    let provider: FakeProvider
    const applicant = { birthDate: '1985-03-14', firstName: 'Ada', lastName: 'Byron', ssn: SSN }

    beforeAll(async () => {
      provider = await startFakeProvider('a')
      process.env.PROVIDER_A_URL = provider.url
      process.env.PROVIDER_A_API_KEY = 'key-for-a'
    })

    afterAll(async () => {
      delete process.env.PROVIDER_A_URL
      delete process.env.PROVIDER_A_API_KEY
      await provider?.close()
    })

    const ahead = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()

    /** The send job's runs until no job of these apps is left, as the job runner would. */
    const runSendJobs = async () => service.payload.jobs.run({ limit: 100, queue: PROVIDER_QUEUE })

    /** What the provider received of these apps (by their idempotency keys). */
    const reached = async (...ids: string[]) => {
      const keys = await Promise.all(
        ids.map(async (id) => (await readApp(id)).providerSubmission.idempotencyKey),
      )
      return provider.requests.filter((request) => keys.includes(request.idempotencyKey))
    }

    /** As if `ms` had passed for these consents: every stored time of theirs moved back. */
    const passTime = (ids: number[], ms: number) =>
      service.payload.db.drizzle.execute(
        sql`UPDATE consents SET created_at = created_at - ${`${ms} milliseconds`}::interval,
              updated_at = updated_at - ${`${ms} milliseconds`}::interval,
              captured_at = captured_at - ${`${ms} milliseconds`}::interval
            WHERE id IN ${ids}`,
      )

    const revoke = (consumer: string) =>
      record(
        {
          action: 'revoke',
          consumer,
          kind: 'credit-report-authorization',
          method: 'phone',
          role: 'applicant',
        },
        who.staff,
      )

    it('without a revocation, a grant dated 280 s ahead sends the app (the provider is reachable)', async () => {
      const consumer = await newConsumer()
      await record(authorization({ capturedAt: ahead(280), consumer }))
      const app = await createApp(consumer, applicant)
      expect(app.providerSubmission.status).toBe('queued')
      await runSendJobs()
      expect((await readApp(app.id)).providerSubmission.status).toBe('accepted')
      expect(await reached(app.id)).toHaveLength(1)
    })

    it.each([-10, 30, 280, 299])(
      'a grant captured %i s from now, revoked after: no app reaches the provider, then or later',
      async (offset) => {
        const consumer = await newConsumer()
        const sent = ahead(offset)
        const grant = await record(authorization({ capturedAt: sent, consumer }))
        // Ahead within the 5-minute skew, the time stored is the time of recording.
        if (offset > 0) {
          expect(Date.parse(grant.capturedAt)).toBeLessThan(Date.parse(sent))
          expect(Date.parse(grant.capturedAt)).toBeLessThanOrEqual(Date.parse(grant.createdAt))
        } else expect(grant.capturedAt).toBe(sent)
        const queued = await createApp(consumer, applicant)
        expect(queued.providerSubmission.status).toBe('queued')
        const revocation = await revoke(consumer)
        const heldNow = await createApp(consumer, applicant)
        expect(heldNow.providerSubmission.status).toBe('awaiting authorization')
        // Ten minutes on, past any time the grant was dated: the revocation still stands.
        await passTime([grant.id, revocation.id], 10 * 60_000)
        const heldLater = await createApp(consumer, applicant)
        expect(heldLater.providerSubmission.status).toBe('awaiting authorization')
        await runSendJobs()
        expect((await readApp(queued.id)).providerSubmission).toMatchObject({
          attempts: 0,
          status: 'awaiting authorization',
        })
        expect(await reached(queued.id, heldNow.id, heldLater.id)).toEqual([])
      },
    )

    it('a grant captured 301 s from now is a 400 naming capturedAt, and nothing is recorded', async () => {
      const consumer = await newConsumer()
      const refused = await send(
        'POST',
        '/api/consents',
        who.integrator,
        authorization({ capturedAt: ahead(301), consumer }),
      )
      expect(refused.status).toBe(400)
      expect(invalidPaths(refused.body)).toEqual(['capturedAt'])
      const { totalDocs } = await service.payload.count({
        collection: 'consents',
        where: { consumer: { equals: consumer } },
      })
      expect(totalDocs).toBe(0)
      expect((await createApp(consumer, applicant)).providerSubmission.status).toBe(
        'awaiting authorization',
      )
    })

    it('recorded at the same instant, the later record (higher id) stands', async () => {
      const consumer = await newConsumer()
      const grant = await record(authorization({ consumer }))
      const revocation = await revoke(consumer)
      await service.payload.db.drizzle.execute(
        sql`UPDATE consents SET created_at = ${grant.createdAt} WHERE id = ${revocation.id}`,
      )
      expect((await createApp(consumer, applicant)).providerSubmission.status).toBe(
        'awaiting authorization',
      )
    })
  })
})

describe('texting consent', () => {
  let leadSerial = 0
  const newLead = async (phoneNumber: string, fields: Record<string, unknown> = {}) => {
    leadSerial++
    const lead = await service.payload.create({
      collection: 'lead',
      data: {
        email: `texting${leadSerial}@example.com`,
        firstName: 'Text',
        lastName: `Lead${leadSerial}`,
        location: LOCATION,
        phoneNumber,
        ...fields,
      },
    })
    return lead.id
  }
  const event = (lead: number, body: Record<string, unknown>, caller = who.staff) =>
    send('POST', '/api/leadEvents', caller, { lead, ...body })
  const contactConsent = (phoneNumber: string, fields: Record<string, unknown> = {}) =>
    record(
      {
        action: 'grant',
        disclosure: disclosures['calls-and-texts'].id,
        kind: 'calls-and-texts',
        method: 'web-form',
        phoneNumber,
        seller: SELLER,
        ...fields,
      },
      who.staff,
    )

  it.each([
    ['Outbound Text', { type: 'Outbound Text' }],
    ['Send Text Message', { status: 'Send Text Message', type: 'Status Check' }],
    ['Send Text Template 1', { status: 'Send Text Template 1', type: 'Status Check' }],
    ['Send Text Nudge 1', { status: 'Send Text Nudge 1', type: 'Status Check' }],
  ])('refuses %s to a number without a granted consent (409 saying why)', async (value, body) => {
    const lead = await newLead('(213) 555-0301')
    const response = await event(lead, body)
    expect(response.status).toBe(409)
    expect(response.body.errors[0].message).toBe(
      `No consent: Text Lead${leadSerial} has not granted a calls and texts consent for this phone number to this seller; "${value}" cannot be recorded.`,
    )
  })

  it('texts once the number has a consent for the seller (any way the number is written)', async () => {
    const lead = await newLead('+1 213-555-0302')
    await contactConsent('(213) 555-0302')
    expect((await event(lead, { type: 'Outbound Text' })).status).toBe(201)
    const status = await event(lead, { type: 'Status Check' })
    const patched = await send('PATCH', `/api/leadEvents/${status.body.doc.id}`, who.leadAgent, {
      status: 'Send Text Nudge 1',
    })
    expect(patched.status).toBe(200)
  })

  it("POST /api/lead/{id}/consent records the customer's consent from the desk, for the lead's number and seller; then the text goes", async () => {
    const lead = await newLead('(213) 555-0311')
    expect((await event(lead, { type: 'Outbound Text' })).status).toBe(409)
    const path = `/api/lead/${lead}/consent`
    // Bad input names the field; nothing is recorded.
    for (const [body, field] of [
      [{ method: 'carrier-pigeon' }, 'method'],
      [{ kind: 'electronic-records', method: 'phone' }, 'kind'],
      [{}, 'method'],
    ] as const) {
      const bad = await send('POST', path, who.staff, body)
      expect(bad.status).toBe(400)
      expect(invalidPaths(bad.body)).toEqual([field])
    }
    // Who may not: signed out, a key without lead access, a lead agent (no consents), and a
    // dealer of another company (the lead is not found).
    const elsewhere = await staffUser(service.payload, 'dealer', 'com_demo_lane')
    for (const [caller, status] of [
      [who.anonymous, 401],
      [who.integrator, 403],
      [who.leadAgent, 403],
      [elsewhere, 404],
    ] as const)
      expect((await send('POST', path, caller, { method: 'phone' })).status).toBe(status)
    for (const other of ['999999999', 'abc'])
      expect(
        (await send('POST', `/api/lead/${other}/consent`, who.staff, { method: 'phone' })).status,
      ).toBe(404)
    const recorded = await send('POST', path, who.staff, { method: 'phone' })
    expect(recorded.status).toBe(201)
    const newest = await service.payload.find({
      collection: 'disclosures',
      limit: 1,
      sort: '-createdAt',
      where: { kind: { equals: 'calls-and-texts' } },
    })
    expect(recorded.body.doc).toMatchObject({
      action: 'grant',
      disclosure: newest.docs[0].id,
      kind: 'calls-and-texts',
      method: 'phone',
      phoneNumber: '(213) 555-0311',
      recordedBy: expect.stringMatching(/^staff-\w+@example\.com$/),
      seller: SELLER,
    })
    expect((await event(lead, { type: 'Outbound Text' })).status).toBe(201)
    // A dealer of the lead's company records it too, as its own company's.
    const byDealer = await send('POST', path, dealer, { method: 'in-person' })
    expect(byDealer.status).toBe(201)
    const stored = await service.payload.findByID({
      collection: 'consents',
      depth: 0,
      id: byDealer.body.doc.id,
    })
    expect(stored).toMatchObject({
      dealerships: [SELLER],
      kind: 'calls-and-texts',
      madeAt: SELLER,
      seller: SELLER,
    })
    // A lead without a number has nothing to record it for.
    const silent = await newLead('')
    const none = await send('POST', `/api/lead/${silent}/consent`, who.staff, { method: 'phone' })
    expect(none.status).toBe(400)
    expect(invalidPaths(none.body)).toEqual(['kind'])
  })

  it("does not count another seller's consent", async () => {
    const lead = await newLead('213-555-0303')
    const other = await service.payload.create({
      collection: 'company',
      data: { name: 'Other Motors' },
    })
    await contactConsent('213-555-0303', { seller: other.id })
    expect((await event(lead, { type: 'Outbound Text' })).status).toBe(409)
  })

  it('refuses over PATCH and through Log activity, saving nothing', async () => {
    const lead = await newLead('213-555-0304')
    const check = await event(lead, { type: 'Status Check' })
    const patched = await send('PATCH', `/api/leadEvents/${check.body.doc.id}`, who.leadAgent, {
      type: 'Outbound Text',
    })
    expect(patched.status).toBe(409)
    const logged = await send('POST', `/api/lead/${lead}/activity`, who.staff, {
      followUpDue: '2030-01-01T10:00:00Z',
      type: 'Outbound Text',
    })
    expect(logged.status).toBe(409)
    expect(logged.body.errors[0].message).toMatch(/^No consent: /)
    const stored = await service.payload.findByID({ collection: 'lead', id: lead })
    expect(stored.followUpDue).toBeFalsy()
    // Calls need no grant, only no revocation.
    expect((await event(lead, { type: 'Outbound Phone Call' })).status).toBe(201)
  })

  it('refuses every call and text after a revocation, and e-mails after an e-mail revocation', async () => {
    const lead = await newLead('213-555-0305')
    await contactConsent('213-555-0305', {
      capturedAt: new Date(Date.now() - 60_000).toISOString(),
    })
    expect((await event(lead, { type: 'Outbound Text' })).status).toBe(201)
    await contactConsent('213-555-0305', { action: 'revoke', disclosure: undefined })
    for (const type of ['Outbound Text', 'Outbound Phone Call', 'Outbound Voicemail Left']) {
      const refused = await event(lead, { type })
      expect(refused.status).toBe(409)
      expect(refused.body.errors[0].message).toMatch(
        new RegExp(
          `^Consent revoked: Text Lead${leadSerial} revoked their calls and texts consent for this phone number \\(recorded .+ UTC by staff-[0-9a-f]+@example\\.com\\); "${type}" cannot be recorded\\.$`,
        ),
      )
    }
    // A dealer of the seller is refused alike, without who of the house recorded it.
    const asDealer = await event(lead, { type: 'Outbound Text' }, dealer)
    expect(asDealer.status).toBe(409)
    expect(asDealer.body.errors[0].message).toMatch(
      new RegExp(
        `^Consent revoked: Text Lead${leadSerial} revoked their calls and texts consent for this phone number \\(recorded [^)]+ UTC\\); "Outbound Text" cannot be recorded\\.$`,
      ),
    )
    expect((await event(lead, { type: 'Outbound Email' })).status).toBe(201)
    await record({
      action: 'revoke',
      email: `TEXTING${leadSerial}@example.com`,
      kind: 'e-mail-marketing',
      method: 'web-form',
    })
    expect((await event(lead, { type: 'Outbound Email' })).status).toBe(409)
  })

  it('says do-not-contact first when the customer asked not to be contacted', async () => {
    const lead = await newLead('213-555-0306')
    await contactConsent('213-555-0306')
    expect((await event(lead, { type: 'Customer DNC Request' })).status).toBe(201)
    const refused = await event(lead, { type: 'Outbound Text' })
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toMatch(/^Do not contact: /)
  })

  describe('the rules (global contact-consent-rules)', () => {
    const path = '/api/globals/contact-consent-rules'

    it.each([
      ['staffAdmin', 200, 200],
      ['clientAdmin', 200, 200],
      ['staff', 200, 403],
      ['integrator', 403, 403],
      ['leadAgent', 200, 403],
      ['anonymous', 401, 401],
    ] as const)('as %s: read %i, change %i', async (caller, read, change) => {
      expect((await send('GET', path, who[caller])).status).toBe(read)
      // Saving the documented table as it is changes nothing the tests below rely on.
      const changed = await send('POST', path, who[caller], { rules: DEFAULT_CONTACT_RULES })
      expect(changed.status).toBe(change)
    })

    it('are what staff admins save: a value left out needs no consent', async () => {
      const lead = await newLead('213-555-0307')
      expect((await event(lead, { type: 'Outbound Text' })).status).toBe(409)
      const saved = await send('POST', path, who.staffAdmin, {
        rules: [
          { consent: 'calls-and-texts', requirement: 'granted', value: 'Send Text Message' },
          { consent: 'calls-and-texts', requirement: 'granted', value: 'Outbound Phone Call' },
        ],
      })
      expect(saved.status).toBe(200)
      const read = await send('GET', `${path}?depth=0`, who.staff)
      expect(read.body.rules.map((rule: { value: string }) => rule.value)).toEqual([
        'Send Text Message',
        'Outbound Phone Call',
      ])
      expect((await event(lead, { type: 'Outbound Text' })).status).toBe(201)
      expect((await event(lead, { type: 'Outbound Phone Call' })).status).toBe(409)
      const bad = await send('POST', path, who.staffAdmin, {
        rules: [{ consent: 'calls-and-texts', requirement: 'always', value: 'Outbound Text' }],
      })
      expect(bad.status).toBe(400)
      expect(invalidPaths(bad.body)).toEqual(['rules.0.requirement'])
    })
  })
})
