/**
 * The outside attack on sanctions screening, replayed over HTTP against a service with a fake
 * credit provider and the job runner polling: with `VOLKOV, Dmitry`, `MADURO MOROS, Nicolas` and
 * `BADGUY, Boris` loaded, the spellings that got through before (`D.m.i.t.r.y Volkov`, `Bo ris
 * Bad guy`, `Nicolás Madurо` with a Cyrillic о) hold their credit apps; and a match scored at or
 * above SANCTIONS_SECOND_REVIEW_SCORE (90) is cleared only by a staff admin or by two different
 * staff users, while one below it takes one (docs/compliance.md, "7. Sanctions screening").
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { seedDemoData } from '@/seed'

import { createTestDatabase } from '../helpers/database'
import { eventually } from '../helpers/eventually'
import { type FakeProvider, startFakeProvider } from '../helpers/fakeProvider'
import { sendJson } from '../helpers/http'
import {
  createPrincipals,
  type Principal,
  type PrincipalName,
  staffUser,
} from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'

const settings: Record<string, string> = {
  CREDIT_AUTHORIZATION_REQUIRED: 'false',
  PROVIDER_A_API_KEY: 'key-for-a',
  PROVIDER_MAX_ATTEMPTS: '1',
}
const saved = Object.fromEntries(
  ['PROVIDER_A_URL', ...Object.keys(settings)].map((name) => [name, process.env[name]]),
)

/** The attack's list: three people, no address or birth date to move a score. */
const SDN = [
  '40001,"VOLKOV, Dmitry","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0-',
  '40002,"MADURO MOROS, Nicolas","individual","VENEZUELA-EO13692",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0-',
  '40003,"BADGUY, Boris","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0-',
].join('\n')

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: TestService
let who: Record<PrincipalName | 'secondStaff', Principal>
let provider: FakeProvider
let client: pg.Client

const call = (method: string, url: string, caller: keyof typeof who, body?: unknown) =>
  sendJson(service, method, url, { body, headers: who[caller].headers })

type App = { id: string; providerSubmission: { idempotencyKey: string; status: string } }

const createApp = async (firstName: string, lastName: string): Promise<App> => {
  const response = await call('POST', '/api/creditapps?depth=0', 'integrator', {
    consumer: 'con_demo_maria',
    firstName,
    lastName,
    preApproval: 'pre_demo_maria',
    provider: 'provider_a',
    ssn: '123-45-6789',
    toProvider: true,
    vehicle: '4T1B11HK7NU000123',
  })
  expect(response.status).toBe(200)
  return response.body.data
}

const readApp = async (id: string): Promise<App> =>
  (await call('GET', `/api/creditapps/${id}?depth=0`, 'integrator')).body.data

const matchOf = async (subjectId: string) => {
  const { docs } = await service.payload.find({
    collection: 'sanctions-match',
    where: { subjectId: { equals: subjectId } },
  })
  expect(docs).toHaveLength(1)
  return docs[0]
}

/** Jobs queued for the app, and requests the provider got from it: none while it is held. */
const sent = async (app: App) => ({
  jobs: Number(
    (
      await client.query(`SELECT count(*) FROM payload_jobs WHERE input->>'creditApp' = $1`, [
        app.id,
      ])
    ).rows[0].count,
  ),
  requests: provider.requests.filter(
    (request) => request.idempotencyKey === app.providerSubmission.idempotencyKey,
  ).length,
})

const review = (match: { id: number }, caller: keyof typeof who, reason: string) =>
  call('POST', `/api/sanctions-match/${match.id}/review`, caller, { decision: 'clear', reason })

beforeAll(async () => {
  provider = await startFakeProvider('a')
  Object.assign(process.env, settings, { PROVIDER_A_URL: provider.url })
  database = await createTestDatabase()
  service = await startTestService({ databaseUrl: database.url, jobsPollMs: 50 })
  who = {
    ...(await createPrincipals(service.payload)),
    secondStaff: await staffUser(service.payload, 'staff'),
  }
  await seedDemoData(service.payload)
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
  const loaded = await call('POST', '/api/sanctions-list/load', 'staffAdmin', { sdn: SDN })
  expect(loaded.status).toBe(201)
  await eventually(
    () => service.payload.findByID({ collection: 'sanctions-list', id: loaded.body.doc.id }),
    (list) => list.screening?.status === 'done',
    'screening',
  )
}, 120_000)

afterAll(async () => {
  await client?.end()
  await service?.close()
  await database?.drop()
  await provider?.close()
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

const held: Record<string, App> = {}

describe('the attack spellings are held', () => {
  it.each([
    ['D.m.i.t.r.y', 'Volkov', 40001],
    ['Bo ris', 'Bad guy', 40003],
    ['Nicolás', 'Madurо', 40002], // the о is Cyrillic
  ])('%s %s: the app awaits sanctions review, nothing is sent', async (first, last, entNum) => {
    const app = await createApp(first, last)
    expect(app.providerSubmission.status).toBe('awaiting sanctions review')
    expect(await matchOf(app.id)).toMatchObject({
      entNum,
      nameScore: 100,
      score: 100,
      screenedName: `${first} ${last}`,
      status: 'pending',
    })
    expect(await sent(app)).toEqual({ jobs: 0, requests: 0 })
    held[last] = app
  })
})

describe('clearing a match scored at or above SANCTIONS_SECOND_REVIEW_SCORE (90)', () => {
  it('staff alone cannot clear a 100 match: the first clearance is recorded (202), the app stays held', async () => {
    const app = held.Volkov
    const match = await matchOf(app.id)
    const response = await review(match, 'staff', 'Passport and date of birth differ')
    expect(response.status).toBe(202)
    expect(response.body.message).toMatch(/another staff user or a staff admin/)
    expect(response.body.doc).toMatchObject({
      firstClearance: {
        by: expect.stringContaining(`users:${who.staff.id}`),
        reason: 'Passport and date of birth differ',
        userId: who.staff.id,
      },
      reviewedBy: null,
      status: 'pending',
    })
    // Held still: the app's jobs may run, nothing goes out.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await readApp(app.id)).providerSubmission.status).toBe('awaiting sanctions review')
    expect(await sent(app)).toEqual({ jobs: 0, requests: 0 })
  })

  it('the same staff user clearing it again is refused (409), and nothing changes', async () => {
    const match = await matchOf(held.Volkov.id)
    const again = await review(match, 'staff', 'Checked once more, still not him')
    expect(again.status).toBe(409)
    expect(again.body.errors[0].message).toMatch(
      /^You cleared this match first .*another staff user or a staff admin must clear it too\.$/,
    )
    expect(await matchOf(held.Volkov.id)).toMatchObject({
      firstClearance: { reason: 'Passport and date of birth differ' },
      status: 'pending',
    })
    expect(await sent(held.Volkov)).toEqual({ jobs: 0, requests: 0 })
  })

  it('an API client cannot clear it, admin key or not (403)', async () => {
    const match = await matchOf(held.Volkov.id)
    const response = await review(match, 'clientAdmin', 'Automated check says different')
    expect(response.status).toBe(403)
    expect(response.body.errors[0].message).toMatch(/An API client cannot clear this match/)
    expect((await matchOf(held.Volkov.id)).status).toBe('pending')
  })

  it('a second, different staff user completes it: cleared, and the app is sent', async () => {
    const app = held.Volkov
    const match = await matchOf(app.id)
    const response = await review(match, 'secondStaff', 'Second check: different nationality')
    expect(response.status).toBe(200)
    expect(response.body.doc).toMatchObject({
      firstClearance: { userId: who.staff.id },
      reviewReason: 'Second check: different nationality',
      reviewedBy: expect.stringContaining(`users:${who.secondStaff.id}`),
      status: 'cleared',
    })
    const settled = await eventually(
      () => readApp(app.id),
      (read) => read.providerSubmission.status === 'accepted',
      `app ${app.id}`,
    )
    expect(settled.providerSubmission.status).toBe('accepted')
    expect((await sent(app)).requests).toBe(1)
  })

  it('a staff admin alone may clear it', async () => {
    const app = held['Bad guy']
    const response = await review(await matchOf(app.id), 'staffAdmin', 'Different person, ID seen')
    expect(response.status).toBe(200)
    expect(response.body.doc).toMatchObject({
      firstClearance: { userId: null },
      reviewedBy: expect.stringContaining(`users:${who.staffAdmin.id}`),
      status: 'cleared',
    })
    await eventually(
      () => readApp(app.id),
      (read) => read.providerSubmission.status === 'accepted',
      `app ${app.id}`,
    )
  })

  it('a confirmation is still one reviewer’s, and blocks the app', async () => {
    const app = held['Madurо']
    const response = await call(
      'POST',
      `/api/sanctions-match/${(await matchOf(app.id)).id}/review`,
      'staff',
      {
        decision: 'confirm',
        reason: 'Passport matches the listed person',
      },
    )
    expect(response.status).toBe(200)
    expect((await readApp(app.id)).providerSubmission.status).toBe('blocked')
    expect(await sent(app)).toEqual({ jobs: 0, requests: 0 })
  })
})

describe('clearing a match scored below it', () => {
  it('one staff user suffices, as before', async () => {
    const app = await createApp('Nicola', 'Madura')
    expect(app.providerSubmission.status).toBe('awaiting sanctions review')
    const match = await matchOf(app.id)
    expect(match.score).toBeGreaterThanOrEqual(80)
    expect(match.score).toBeLessThan(90)
    const response = await review(match, 'staff', 'Different spelling, different person')
    expect(response.status).toBe(200)
    expect(response.body.doc).toMatchObject({ status: 'cleared' })
    await eventually(
      () => readApp(app.id),
      (read) => read.providerSubmission.status === 'accepted',
      `app ${app.id}`,
    )
  })
})

describe('a consumer renamed after the app was screened', () => {
  it('is screened again before the app is sent: held under the new name, nothing sent', async () => {
    process.env.CREDIT_AUTHORIZATION_REQUIRED = 'true'
    try {
      const consumer = await call('POST', '/api/consumer?depth=0', 'integrator', {
        birthDate: '1970-01-01',
        firstName: 'John',
        lastName: 'Smith',
        phoneNumber: '213-555-0190',
        ssn: '123-45-6780',
      })
      expect(consumer.body.errors).toBeUndefined()
      expect(consumer.status).toBe(201)
      // No names on the app: it takes its applicant's from the consumer.
      const made = await call('POST', '/api/creditapps?depth=0', 'integrator', {
        consumer: consumer.body.doc.id,
        preApproval: 'pre_demo_maria',
        provider: 'provider_a',
        ssn: '123-45-6789',
        toProvider: true,
        vehicle: '4T1B11HK7NU000123',
      })
      expect(made.status).toBe(200)
      const app: App = made.body.data
      expect(app.providerSubmission.status).toBe('awaiting authorization')
      const renamed = await call('PATCH', `/api/consumer/${consumer.body.doc.id}`, 'staff', {
        firstName: 'Dmitry',
        lastName: 'Volkov',
      })
      expect(renamed.status).toBe(200)
      const disclosure = await call('POST', '/api/disclosures', 'staff', {
        kind: 'credit-report-authorization',
        text: 'I authorize the dealer to obtain my credit report (renamed consumer).',
        version: 'renamed-1',
      })
      expect(disclosure.status).toBe(201)
      const granted = await call('POST', '/api/consents?depth=0', 'integrator', {
        action: 'grant',
        consumer: consumer.body.doc.id,
        disclosure: disclosure.body.doc.id,
        kind: 'credit-report-authorization',
        method: 'web-form',
        role: 'applicant',
      })
      expect(granted.status).toBe(201)
      expect((await readApp(app.id)).providerSubmission.status).toBe('awaiting sanctions review')
      expect(await matchOf(app.id)).toMatchObject({ entNum: 40001, screenedName: 'Dmitry Volkov' })
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(await sent(app)).toEqual({ jobs: 0, requests: 0 })
    } finally {
      process.env.CREDIT_AUTHORIZATION_REQUIRED = 'false'
    }
  })
})
