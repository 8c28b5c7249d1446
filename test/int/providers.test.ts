/**
 * Credit apps sent to providers through the jobs queue, against two fake providers on 127.0.0.1:
 * accepted, 500 then accepted, timeout then accepted, 429 with Retry-After, 400 rejected, giving
 * up, a restart while a retry is pending, a runner cut off mid-job, two runners at once. In every
 * case the provider holds exactly one application per credit app (by idempotency key).
 */
import { spawn } from 'node:child_process'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { compiledCreditAppCreates } from '@/flows/creditAppCreate'
import { projectRoot } from '@/lib/paths'
import { seedDemoData } from '@/seed'

import { commandArgv } from '../helpers/cli'
import { createTestDatabase } from '../helpers/database'
import { eventually } from '../helpers/eventually'
import { type FakeProvider, startFakeProvider } from '../helpers/fakeProvider'
import { sendJson } from '../helpers/http'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'

const SSN = '123-45-6789'
const CO_SSN = '123-45-6790'
const BIRTH = '1985-03-14'
const POLL_MS = 50
const settings: Record<string, string> = {
  // These providers stand for ones that collect the authorization themselves (docs/compliance.md).
  CREDIT_AUTHORIZATION_REQUIRED: 'false',
  PROVIDER_A_API_KEY: 'key-for-a',
  PROVIDER_B_CLIENT_ID: 'dealer-7',
  PROVIDER_B_CLIENT_SECRET: 'secret-for-b',
  PROVIDER_MAX_ATTEMPTS: '4',
  PROVIDER_RETRY_BASE_MS: '100',
  PROVIDER_RETRY_MAX_MS: '3000',
  PROVIDER_TIMEOUT_MS: '400',
}
const saved = Object.fromEntries(
  ['PROVIDER_A_URL', 'PROVIDER_B_URL', ...Object.keys(settings)].map((name) => [
    name,
    process.env[name],
  ]),
)

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: TestService
let who: Record<PrincipalName, Principal>
let providerA: FakeProvider
let providerB: FakeProvider
let client: pg.Client

type Submission = {
  attempts: number
  completedAt: string
  idempotencyKey: string
  lastAttemptAt: string
  message: null | string
  nextAttemptAt: null | string
  providerReference: null | string
  queuedAt: string
  status: string
}
type App = {
  id: string
  providerResponse: Record<string, unknown> | null
  providerSubmission: Submission
  toProvider: boolean
}

const call = (method: string, path: string, body?: unknown, caller: PrincipalName = 'integrator') =>
  sendJson(service, method, path, { body, headers: who[caller].headers })

const createApp = async (fields: Record<string, unknown> = {}): Promise<App> => {
  const response = await call('POST', '/api/creditapps?depth=0', {
    birthDate: BIRTH,
    consumer: 'con_demo_maria',
    firstName: 'Ada',
    lastName: 'Byron',
    preApproval: 'pre_demo_maria',
    provider: 'provider_a',
    ssn: SSN,
    toProvider: true,
    vehicle: '4T1B11HK7NU000123',
    ...fields,
  })
  expect(response.status).toBe(200)
  return response.body.data
}

const readApp = async (id: string): Promise<App> =>
  (await call('GET', `/api/creditapps/${id}?depth=0`)).body.data

/** Polls the app (as an integrator would) until its submission reaches one of the statuses. */
const settled = async (
  id: string,
  statuses = ['accepted', 'rejected', 'failed', 'cancelled'],
  timeoutMs = 15_000,
): Promise<App> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const read = await call('GET', `/api/creditapps/${id}?depth=0`)
    // A read answered 503 (a service just restarted on a busy machine) has no app: read again.
    const app: App | undefined = read.body?.data
    if (app && statuses.includes(app.providerSubmission?.status)) return app
    if (Date.now() > deadline)
      throw new Error(
        `submission of ${id} still ${app?.providerSubmission?.status} (${read.status}) after ${timeoutMs} ms`,
      )
    // These polls are the integrator's reads, counted by its rate limit (300 a minute): on a
    // slow machine a 25 ms poll used it up and every later test of the file got 429s. Every
    // 200 ms, and a 429 waits as it says (at most 5 s).
    const retryAfter = Number(read.headers['retry-after'] ?? 1) * 1000
    const wait = read.status === 429 ? Math.min(retryAfter, 5000) : 200
    await new Promise((resolve) => setTimeout(resolve, wait))
  }
}

const requestsFor = (provider: FakeProvider, app: App) =>
  provider.requests.filter(
    (request) => request.idempotencyKey === app.providerSubmission.idempotencyKey,
  )

const pendingJobs = async () =>
  Number(
    (
      await client.query(
        'SELECT count(*) FROM payload_jobs WHERE completed_at IS NULL AND NOT has_error',
      )
    ).rows[0].count,
  )

/** Pending jobs once the runner is done: the app is saved before Payload marks its job complete. */
const pendingJobsAfterRun = async (timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs
  let pending = await pendingJobs()
  while (pending && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    pending = await pendingJobs()
  }
  return pending
}

beforeAll(async () => {
  providerA = await startFakeProvider('a')
  providerB = await startFakeProvider('b')
  Object.assign(process.env, settings, {
    PROVIDER_A_URL: providerA.url,
    PROVIDER_B_URL: `${providerB.url}/`,
  })
  database = await createTestDatabase()
  service = await startTestService({ databaseUrl: database.url, jobsPollMs: POLL_MS })
  who = await createPrincipals(service.payload)
  await seedDemoData(service.payload)
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
}, 120_000)

afterAll(async () => {
  await client?.end()
  await service?.close()
  await database?.drop()
  await providerA?.close()
  await providerB?.close()
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

describe('sending', () => {
  it('an app created with toProvider is accepted: status, timestamps, reference and the answer without personal data', async () => {
    const created = await createApp()
    expect(created.providerSubmission).toMatchObject({
      attempts: 0,
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'queued',
    })
    const app = await settled(created.id)
    const submission = app.providerSubmission
    expect(submission).toMatchObject({
      attempts: 1,
      message: null,
      providerReference: expect.stringMatching(/^a-\d+$/),
      status: 'accepted',
    })
    expect(Date.parse(submission.queuedAt)).toBeLessThanOrEqual(
      Date.parse(submission.lastAttemptAt),
    )
    expect(Date.parse(submission.lastAttemptAt)).toBeLessThanOrEqual(
      Date.parse(submission.completedAt),
    )
    expect(app.providerResponse).toMatchObject({
      decision: 'approved',
      id: submission.providerReference,
      status: 'received',
    })
    expect(app.providerResponse?.applicant).toMatchObject({ firstName: 'Ada', lastName: 'Byron' })
    expect(JSON.stringify(app.providerResponse)).not.toMatch(/6789|1985/)
    const { rows } = await client.query(
      'SELECT provider_response::text AS answer FROM credit_app WHERE id = $1',
      [app.id],
    )
    expect(rows[0].answer).not.toContain('6789')

    const [request] = requestsFor(providerA, app)
    expect(request).toMatchObject({ authorization: 'Bearer key-for-a', path: '/applications' })
    expect(request.body).toMatchObject({
      applicant: {
        birthDate: BIRTH,
        email: 'maria.gonzalez@example.com',
        firstName: 'Ada',
        lastName: 'Byron',
        phoneNumber: '(213) 555-0147',
        ssn: SSN,
      },
      coApplicant: null,
      externalReference: app.id,
      preApprovalReference: 'pre_demo_maria',
      vehicle: { make: 'Toyota', model: 'Camry', vin: '4T1B11HK7NU000123', year: 2022 },
    })
    expect(providerA.applications.has(submission.idempotencyKey)).toBe(true)
  })

  it('an app the compiled write created (no query string) is sent and accepted as any other', async () => {
    const served = compiledCreditAppCreates.served
    const response = await call('POST', '/api/creditapps', {
      birthDate: BIRTH,
      consumer: 'con_demo_maria',
      firstName: 'Ada',
      lastName: 'Compiled',
      preApproval: 'pre_demo_maria',
      provider: 'provider_a',
      ssn: SSN,
      toProvider: true,
      vehicle: '4T1B11HK7NU000123',
    })
    expect(response.status).toBe(200)
    expect(compiledCreditAppCreates.served).toBe(served + 1)
    const app = await settled(response.body.data.id)
    expect(app.providerSubmission).toMatchObject({ attempts: 1, status: 'accepted' })
    expect(requestsFor(providerA, app)).toHaveLength(1)
  })

  it('provider_b gets its own mapping (snake_case, digits only) and credentials; the co-applicant comes along', async () => {
    const app = await settled(
      (
        await createApp({
          coApplicantBirthDate: '1987-11-02',
          coApplicantFirstName: 'Lord',
          coApplicantLastName: 'Byron',
          coApplicantSSN: CO_SSN,
          provider: 'provider_b',
        })
      ).id,
    )
    expect(app.providerSubmission).toMatchObject({
      providerReference: expect.stringMatching(/^b-\d+$/),
      status: 'accepted',
    })
    const [request] = requestsFor(providerB, app)
    expect(request.authorization).toBe(
      `Basic ${Buffer.from('dealer-7:secret-for-b').toString('base64')}`,
    )
    expect(request.path).toBe('/v1/credit-applications')
    expect(request.body).toMatchObject({
      co_applicant: {
        date_of_birth: '1987-11-02',
        first_name: 'Lord',
        last_name: 'Byron',
        tax_id: '123456790',
      },
      dealer_reference: app.id,
      primary_applicant: {
        date_of_birth: BIRTH,
        first_name: 'Ada',
        phone: '2135550147',
        tax_id: '123456789',
      },
      vehicle: { vin: '4T1B11HK7NU000123' },
    })
    expect(JSON.stringify(app.providerResponse)).not.toMatch(/123456789|1985/)
  })

  it('an app updated to toProvider is sent; until then nothing is queued', async () => {
    const created = await createApp({ toProvider: false })
    expect(created.providerSubmission?.status ?? null).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 4))
    expect((await readApp(created.id)).providerSubmission?.status ?? null).toBeNull()
    await call('PATCH', `/api/credit-app/${created.id}`, { toProvider: true }, 'staff')
    expect((await settled(created.id)).providerSubmission.status).toBe('accepted')
  })

  it('turning toProvider off and on again sends again with the same idempotency key: still one application', async () => {
    const app = await settled((await createApp()).id)
    await call('PATCH', `/api/credit-app/${app.id}`, { toProvider: false }, 'staff')
    await call('PATCH', `/api/credit-app/${app.id}`, { toProvider: true }, 'staff')
    const again = await settled(app.id)
    expect(again.providerSubmission.idempotencyKey).toBe(app.providerSubmission.idempotencyKey)
    expect(requestsFor(providerA, app)).toHaveLength(2)
    expect(
      [...providerA.applications.keys()].filter(
        (key) => key === app.providerSubmission.idempotencyKey,
      ),
    ).toHaveLength(1)
  })
})

describe('retries', () => {
  it('500 then accepted: retried, one application', async () => {
    providerA.script({ body: { message: 'upstream bureau down' }, kind: 'status', status: 500 })
    const app = await settled((await createApp()).id)
    expect(app.providerSubmission).toMatchObject({ attempts: 2, status: 'accepted' })
    expect(requestsFor(providerA, app)).toHaveLength(2)
    expect(providerA.applications.has(app.providerSubmission.idempotencyKey)).toBe(true)
  })

  it('timeout (the answer lost) then accepted: the retry finds the application already there', async () => {
    const before = providerA.applications.size
    providerA.script({ delayMs: 2000, kind: 'lose' })
    const created = await createApp()
    const app = await settled(created.id)
    // The retry follows within ~100 ms, quicker than a poll on a busy machine: the app's history
    // holds the state the poll may miss.
    const { rows } = await client.query(
      `SELECT version_provider_submission_message AS message FROM _credit_app_v
        WHERE parent_id = $1 AND version_provider_submission_status = 'retrying'`,
      [app.id],
    )
    expect(rows).toEqual([{ message: 'no answer within 400 ms' }])
    expect(app.providerSubmission).toMatchObject({ attempts: 2, status: 'accepted' })
    expect(requestsFor(providerA, app)).toHaveLength(2)
    expect(providerA.applications.size).toBe(before + 1)
    expect(app.providerSubmission.providerReference).toBe(
      providerA.applications.get(app.providerSubmission.idempotencyKey)!.id,
    )
  })

  it('429 with Retry-After waits as long as the provider asks', async () => {
    providerA.script({
      body: { message: 'slow down' },
      headers: { 'Retry-After': '1' },
      kind: 'status',
      status: 429,
    })
    const created = await createApp()
    const retrying = await settled(created.id, ['retrying'])
    expect(retrying.providerSubmission.message).toBe('HTTP 429: slow down')
    const wait =
      Date.parse(retrying.providerSubmission.nextAttemptAt!) -
      Date.parse(retrying.providerSubmission.lastAttemptAt)
    expect(wait).toBeGreaterThanOrEqual(1000)
    const app = await settled(created.id)
    expect(app.providerSubmission).toMatchObject({
      attempts: 2,
      nextAttemptAt: null,
      status: 'accepted',
    })
    const [first, second, ...more] = requestsFor(providerA, app)
    expect(more).toEqual([])
    // The retry came no sooner than the provider asked.
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(1000)
  })

  it('gives up after PROVIDER_MAX_ATTEMPTS, saying why', async () => {
    const unavailable = {
      body: { error: { message: 'maintenance' } },
      kind: 'status',
      status: 503,
    } as const
    providerA.script(unavailable, unavailable, unavailable, unavailable)
    const app = await settled((await createApp()).id)
    expect(app.providerSubmission).toMatchObject({
      attempts: 4,
      message: 'gave up after 4 attempts; last: HTTP 503: maintenance',
      status: 'failed',
    })
    expect(requestsFor(providerA, app)).toHaveLength(4)
    expect(providerA.applications.has(app.providerSubmission.idempotencyKey)).toBe(false)
  })

  it('toProvider turned off while a retry waits: the retry is cancelled, nothing reaches the provider', async () => {
    // The retry waits 5 s: with 1 s, a busy machine sent it before the PATCH landed (seen in CI).
    providerA.script({
      body: { message: 'busy' },
      headers: { 'Retry-After': '5' },
      kind: 'status',
      status: 503,
    })
    const created = await createApp()
    await settled(created.id, ['retrying'])
    const patched = await call(
      'PATCH',
      `/api/credit-app/${created.id}`,
      { toProvider: false },
      'staff',
    )
    // Still waiting when turned off; otherwise the test raced the retry and proves nothing.
    expect(patched.body.doc.providerSubmission.status).toBe('retrying')
    const app = await settled(created.id, ['cancelled'])
    expect(app.providerSubmission).toMatchObject({
      attempts: 1,
      message: 'toProvider was turned off before the app was sent',
    })
    expect(requestsFor(providerA, app)).toHaveLength(1)
    expect(providerA.applications.has(app.providerSubmission.idempotencyKey)).toBe(false)
  })

  it('a network error is retried', async () => {
    const url = process.env.PROVIDER_B_URL
    const closed = await startFakeProvider('closed')
    await closed.close()
    process.env.PROVIDER_B_URL = closed.url
    const created = await createApp({ provider: 'provider_b' })
    const retrying = await settled(created.id, ['retrying'])
    expect(retrying.providerSubmission.message).toMatch(/^network error: ECONNREFUSED/)
    process.env.PROVIDER_B_URL = url
    expect((await settled(created.id)).providerSubmission.status).toBe('accepted')
  })
})

describe('refusals', () => {
  it('400 is rejected at once, with the provider message, and not retried', async () => {
    providerA.script({
      body: { errors: [{ message: 'vehicle year outside the lending range' }] },
      kind: 'status',
      status: 400,
    })
    const app = await settled((await createApp()).id)
    expect(app.providerSubmission).toMatchObject({
      attempts: 1,
      message: 'vehicle year outside the lending range',
      status: 'rejected',
    })
    expect(app.providerResponse).toEqual({
      errors: [{ message: 'vehicle year outside the lending range' }],
    })
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 6))
    expect(requestsFor(providerA, app)).toHaveLength(1)
  })

  it('a refusal that quotes the SSN or birth date is stored without them', async () => {
    providerA.script({
      body: {
        applicant_ssn: SSN,
        message: `SSN 123456789 does not match DOB 03/14/1985`,
        reason: 'identity',
      },
      kind: 'status',
      status: 422,
    })
    const app = await settled((await createApp()).id)
    expect(app.providerSubmission).toMatchObject({ message: '[redacted]', status: 'rejected' })
    expect(app.providerResponse).toEqual({ message: '[redacted]', reason: 'identity' })
  })

  it('a provider without a base URL fails at once, telling admins which setting is missing and others plainly', async () => {
    const url = process.env.PROVIDER_B_URL
    delete process.env.PROVIDER_B_URL
    try {
      const app = await settled((await createApp({ provider: 'provider_b' })).id)
      expect(app.providerSubmission).toMatchObject({
        message:
          'Not sent: this service is not set up to send apps to Provider B yet. An administrator can see what is missing.',
        status: 'failed',
      })
      expect(app.providerSubmission).not.toHaveProperty('configuration')
      const asAdmin = await call(
        'GET',
        `/api/credit-app/${app.id}?depth=0`,
        undefined,
        'staffAdmin',
      )
      expect(asAdmin.body.providerSubmission.configuration).toBe(
        'provider_b is not configured (PROVIDER_B_URL)',
      )
    } finally {
      process.env.PROVIDER_B_URL = url
    }
  })

  it('toProvider without a provider is a 400 naming the field', async () => {
    const response = await call('POST', '/api/creditapps', {
      consumer: 'con_demo_maria',
      preApproval: 'pre_demo_maria',
      toProvider: true,
      vehicle: '4T1B11HK7NU000123',
    })
    expect(response.status).toBe(400)
    expect(response.body.error.details).toEqual([
      { field: 'provider', message: expect.stringContaining('required when toProvider is true') },
    ])
  })

  it('callers cannot write the submission or the provider response', async () => {
    const created = await createApp({
      providerResponse: { decision: 'approved' },
      providerSubmission: { status: 'accepted' },
      toProvider: false,
    })
    expect(created.providerResponse ?? null).toBeNull()
    expect(created.providerSubmission?.status ?? null).toBeNull()
    const patched = await call(
      'PATCH',
      `/api/credit-app/${created.id}`,
      { providerSubmission: { status: 'accepted' } },
      'staffAdmin',
    )
    expect(patched.body.doc.providerSubmission?.status ?? null).toBeNull()
  })
})

describe('audit and access', () => {
  it('reading the SSN to send it is audited as a reveal by the system', async () => {
    const app = await settled((await createApp()).id)
    const { docs } = await service.payload.find({
      collection: 'audit-log',
      overrideAccess: true,
      where: { and: [{ recordId: { equals: app.id } }, { action: { equals: 'reveal' } }] },
    })
    expect(docs.length).toBeGreaterThan(0)
    expect(docs[0]).toMatchObject({ actor: 'system', fields: ['ssn'] })
  })

  it.each([
    // Payload's own endpoint answers 401 to everyone its access function refuses.
    ['anonymous', 401],
    ['integrator', 401],
    ['staff', 401],
  ] as [PrincipalName, number][])(
    '%s may not run the jobs endpoint: %s',
    async (caller, status) => {
      const response = await call('GET', '/api/payload-jobs/run?queue=providers', undefined, caller)
      expect(response.status).toBe(status)
    },
  )

  it('a staff admin may run the jobs endpoint', async () => {
    const response = await call(
      'GET',
      '/api/payload-jobs/run?queue=providers',
      undefined,
      'staffAdmin',
    )
    expect(response.status).toBe(200)
  })

  it('staff admins watch the queue; nobody else reads it, and nobody writes it over REST', async () => {
    providerA.script({
      body: { message: 'busy' },
      headers: { 'Retry-After': '30' },
      kind: 'status',
      status: 503,
    })
    const created = await createApp()
    await settled(created.id, ['retrying'])
    const queue = await call(
      'GET',
      `/api/payload-jobs?where[input.creditApp][equals]=${created.id}&where[completedAt][exists]=false`,
      undefined,
      'staffAdmin',
    )
    expect(queue.status).toBe(200)
    // The first attempt's job may not be marked complete yet; the waiting second one is there.
    const waiting = queue.body.docs.filter(
      (job: { input: { attempt: number } }) => job.input.attempt === 2,
    )
    expect(waiting).toHaveLength(1)
    expect(waiting[0]).toMatchObject({
      input: { attempt: 2, creditApp: created.id },
      queue: 'providers',
      taskSlug: 'sendCreditApp',
    })
    expect(JSON.stringify(queue.body)).not.toMatch(/6789|1985-03-14/)
    for (const caller of ['staff', 'integrator', 'clientAdmin'] as PrincipalName[]) {
      expect((await call('GET', '/api/payload-jobs', undefined, caller)).status).toBe(403)
    }
    expect(
      (
        await call(
          'POST',
          '/api/payload-jobs',
          { input: {}, taskSlug: 'sendCreditApp' },
          'staffAdmin',
        )
      ).status,
    ).toBe(403)
    expect(
      (await call('DELETE', `/api/payload-jobs/${waiting[0].id}`, undefined, 'staffAdmin')).status,
    ).toBe(403)
    // Leave nothing waiting for the tests after this one.
    await call('PATCH', `/api/credit-app/${created.id}`, { toProvider: false }, 'staff')
    await client.query(
      "UPDATE payload_jobs SET wait_until = now() WHERE input->>'creditApp' = $1",
      [created.id],
    )
    await settled(created.id, ['cancelled'])
  })
})

describe('durability', () => {
  it('a restart while a retry is pending loses nothing and sends once', async () => {
    providerA.script({
      body: { message: 'busy' },
      headers: { 'Retry-After': '5' },
      kind: 'status',
      status: 503,
    })
    const created = await createApp()
    await settled(created.id, ['retrying'])
    // The app reads 'retrying' a moment before the runner marks the first attempt's job done:
    // closing in between left two pending jobs (seen on this machine).
    await eventually(pendingJobs, (pending) => pending === 1, 'pending provider jobs')
    await service.close()
    expect(await pendingJobs()).toBe(1)
    service = await startTestService({ databaseUrl: database.url, jobsPollMs: POLL_MS })
    const app = await settled(created.id)
    expect(app.providerSubmission).toMatchObject({ attempts: 2, status: 'accepted' })
    expect(requestsFor(providerA, app)).toHaveLength(2)
    expect(providerA.applications.has(app.providerSubmission.idempotencyKey)).toBe(true)
    expect(await pendingJobsAfterRun()).toBe(0)
  })

  it('a job cut off mid-run (its runner died) runs again when a runner takes over', async () => {
    await service.close()
    service = await startTestService({ databaseUrl: database.url })
    const created = await createApp()
    // What a runner that died mid-job leaves behind.
    await client.query(
      "UPDATE payload_jobs SET processing = true WHERE completed_at IS NULL AND input->>'creditApp' = $1",
      [created.id],
    )
    await service.close()
    service = await startTestService({ databaseUrl: database.url, jobsPollMs: POLL_MS })
    expect((await settled(created.id)).providerSubmission.status).toBe('accepted')
  })

  /** `npm run worker` as a child process on the test database, once it says it started. */
  const startWorker = async () => {
    const worker = spawn(process.execPath, commandArgv('worker'), {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        JOBS_POLL_MS: String(POLL_MS),
        LOG_LEVEL: 'info',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    worker.stdout.on('data', (chunk) => (output += chunk))
    worker.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise<null | number>((resolve) =>
      worker.on('exit', (code) => resolve(code)),
    )
    for (const deadline = Date.now() + 60_000; !output.includes('worker started');) {
      if (Date.now() > deadline || worker.exitCode !== null) {
        worker.kill('SIGKILL')
        throw new Error(`the worker did not start:\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return { exited, output: () => output, worker }
  }

  it('a worker killed with SIGKILL in the middle of a provider call: the next runner sends again, and the provider holds one application', async () => {
    await service.close()
    service = await startTestService({ databaseUrl: database.url })
    const { exited, worker } = await startWorker()
    try {
      // The provider stores the application but answers only much later: the worker dies waiting.
      providerA.script({ delayMs: 30_000, kind: 'lose' })
      const before = providerA.requests.length
      const created = await createApp()
      for (const deadline = Date.now() + 30_000; providerA.requests.length === before;) {
        if (Date.now() > deadline) throw new Error('the worker never called the provider')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      worker.kill('SIGKILL')
      expect(await exited).toBeNull()
      await service.close()
      service = await startTestService({ databaseUrl: database.url, jobsPollMs: POLL_MS })
      const app = await settled(created.id, undefined, 30_000)
      expect(app.providerSubmission.status).toBe('accepted')
      expect(requestsFor(providerA, app)).toHaveLength(2)
      expect(
        [...providerA.applications.keys()].filter(
          (key) => key === app.providerSubmission.idempotencyKey,
        ),
      ).toHaveLength(1)
      expect(await pendingJobsAfterRun()).toBe(0)
    } finally {
      worker.kill('SIGKILL')
    }
  }, 120_000)

  it('npm run worker runs the jobs beside the service; with two runners, each app reaches its provider once', async () => {
    // "Once" is about the two runners: a call that times out is rightly sent again, and this
    // file's 400 ms can pass on a busy machine before the provider (in this process) answers.
    process.env.PROVIDER_TIMEOUT_MS = '15000'
    const { exited, output, worker } = await startWorker()
    try {
      // Both the service's runner and the worker poll the same queue now.
      const apps = await Promise.all(Array.from({ length: 6 }, () => createApp()))
      for (const app of await Promise.all(apps.map((created) => settled(created.id)))) {
        expect(app.providerSubmission).toMatchObject({ attempts: 1, status: 'accepted' })
        expect(requestsFor(providerA, app)).toHaveLength(1)
      }
      // With the service's runner stopped, the worker alone sends.
      await service.close()
      service = await startTestService({ databaseUrl: database.url })
      const app = await settled((await createApp()).id, undefined, 30_000)
      expect(app.providerSubmission.status).toBe('accepted')
      expect(output()).toContain('job runner: this process runs the jobs')
    } finally {
      worker.kill('SIGTERM')
      process.env.PROVIDER_TIMEOUT_MS = settings.PROVIDER_TIMEOUT_MS
    }
    expect(await exited).toBe(0)
    expect(output()).not.toContain(SSN)
  }, 120_000)
})
