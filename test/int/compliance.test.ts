/**
 * Adverse-action notices, sanctions screening and the breach-readiness report over HTTP, with a
 * fake credit provider and an SMTP server on 127.0.0.1 and the job runner polling: notices made
 * from declines, counteroffers and apps never placed, printed and e-mailed, due dates with time
 * moved back in the database; a small SDN list loaded, apps held for review, released or
 * blocked; everyone screened again when a list is loaded; every new path by role.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { dashboardFigures } from '@/admin/dashboardFigures'
import { todoLists } from '@/admin/todo'
import { noticeLapsedCounteroffers, owedNotices } from '@/compliance/adverseAction/notices'
import { seedDemoData } from '@/seed'

import { createTestDatabase } from '../helpers/database'
import { eventually } from '../helpers/eventually'
import { type FakeProvider, startFakeProvider } from '../helpers/fakeProvider'
import { invalidPaths, sendJson } from '../helpers/http'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'
import { type SmtpCapture, startSmtpCapture } from '../helpers/smtpServer'

const DAY_MS = 86_400_000
const SSN = '123-45-6789'
// The fake provider stands for one that collects the credit-report authorization itself.
const settings: Record<string, string> = {
  CREDIT_AUTHORIZATION_REQUIRED: 'false',
  CREDITOR_ADDRESS: '500 Congress Ave, Austin, TX 78701',
  CREDITOR_NAME: 'Sunset Motors Finance',
  PROVIDER_A_API_KEY: 'key-for-a',
  PROVIDER_MAX_ATTEMPTS: '1',
}
const saved = Object.fromEntries(
  ['PROVIDER_A_URL', 'SMTP_URL', ...Object.keys(settings)].map((name) => [name, process.env[name]]),
)

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: TestService
let who: Record<PrincipalName, Principal>
let provider: FakeProvider
let smtp: SmtpCapture
let client: pg.Client

const fixture = (name: string) =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/sanctions', name), 'utf8')

const call = (method: string, url: string, caller: PrincipalName, body?: unknown) =>
  sendJson(service, method, url, { body, headers: who[caller].headers })

type App = {
  id: string
  providerSubmission: { idempotencyKey: string; message: null | string; status: string }
}

const createApp = async (fields: Record<string, unknown>): Promise<App> => {
  const response = await call('POST', '/api/creditapps?depth=0', 'integrator', {
    consumer: 'con_demo_maria',
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
  (await call('GET', `/api/creditapps/${id}?depth=0`, 'integrator')).body.data

const settled = (id: string) =>
  eventually(
    () => readApp(id),
    (app) => ['accepted', 'rejected', 'failed'].includes(app.providerSubmission?.status),
    `app ${id}`,
  )

const noticesOf = async (creditApp: string) =>
  (
    await service.payload.find({
      collection: 'adverse-action-notice',
      depth: 0,
      sort: 'createdAt',
      where: { creditApp: { equals: creditApp } },
    })
  ).docs

const matchesOf = async (subjectId: string) =>
  (
    await service.payload.find({
      collection: 'sanctions-match',
      sort: 'createdAt',
      where: { subjectId: { equals: subjectId } },
    })
  ).docs

const jobsFor = async (creditApp: string) =>
  Number(
    (
      await client.query(`SELECT count(*) FROM payload_jobs WHERE input->>'creditApp' = $1`, [
        creditApp,
      ])
    ).rows[0].count,
  )

beforeAll(async () => {
  provider = await startFakeProvider('a')
  smtp = await startSmtpCapture()
  Object.assign(process.env, settings, { PROVIDER_A_URL: provider.url, SMTP_URL: smtp.url })
  database = await createTestDatabase()
  service = await startTestService({ databaseUrl: database.url, jobsPollMs: 50 })
  who = await createPrincipals(service.payload)
  await seedDemoData(service.payload)
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
}, 120_000)

afterAll(async () => {
  await client?.end()
  await service?.close()
  await database?.drop()
  await provider?.close()
  await smtp?.close()
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

describe('adverse action', () => {
  let declined: App
  let noticeId: number

  it('a decline makes a notice due in 30 days: decision, score and range, key factors, bureau; no SSN', async () => {
    provider.script({
      body: {
        bureau: 'Equifax',
        creditScore: 580,
        decision: 'declined',
        id: 'a-declined',
        keyFactors: [
          'Serious delinquency',
          'Too many inquiries',
          'Short history',
          'High balances',
          'Fifth',
        ],
        scoreRange: { max: 850, min: 300 },
      },
      kind: 'status',
      status: 201,
    })
    declined = await settled((await createApp({ firstName: 'Ada', lastName: 'Byron' })).id)
    expect(declined.providerSubmission.status).toBe('accepted')
    const [notice] = await noticesOf(declined.id)
    expect(notice).toMatchObject({
      applicantEmail: 'maria.gonzalez@example.com',
      applicantName: 'Ada Byron',
      bureau: 'equifax',
      creditorAddress: settings.CREDITOR_ADDRESS,
      creditorName: settings.CREDITOR_NAME,
      kind: 'declined',
      score: 580,
      scoreRangeHigh: 850,
      scoreRangeLow: 300,
    })
    expect(notice.keyFactors?.map(({ factor }) => factor)).toEqual([
      'Serious delinquency',
      'Too many inquiries',
      'Short history',
      'High balances',
    ])
    expect(Date.parse(notice.dueAt!) - Date.parse(notice.decidedAt!)).toBe(30 * DAY_MS)
    const { rows } = await client.query(
      'SELECT row_to_json(n)::text AS row FROM adverse_action_notice n WHERE id = $1',
      [notice.id],
    )
    expect(rows[0].row).not.toMatch(/6789/)
    noticeId = notice.id
  })

  it('GET …/print answers the printable letter to staff and admins; 401 anonymous, 403 API roles', async () => {
    for (const caller of ['staff', 'staffAdmin', 'clientAdmin'] as const) {
      const response = await service.api(`/api/adverse-action-notice/${noticeId}/print`, {
        headers: who[caller].headers,
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      const html = await response.text()
      expect(html).toContain('We have declined your application for credit.')
      expect(html).toContain('Equifax Information Services LLC')
      expect(html).toContain('Equal Credit Opportunity Act')
      expect(html).toContain('Sunset Motors Finance')
    }
    for (const [caller, status] of [
      ['anonymous', 401],
      ['integrator', 403],
      ['leadAgent', 403],
    ] as const) {
      const response = await service.api(`/api/adverse-action-notice/${noticeId}/print`, {
        headers: who[caller].headers,
      })
      expect(response.status).toBe(status)
    }
  })

  it('POST …/deliver checks its input, naming the field, and refuses other roles', async () => {
    const bad = await call('POST', `/api/adverse-action-notice/${noticeId}/deliver`, 'staff', {
      method: 'pigeon',
    })
    expect(bad.status).toBe(400)
    expect(invalidPaths(bad.body)).toEqual(['method'])
    const badTo = await call('POST', `/api/adverse-action-notice/${noticeId}/deliver`, 'staff', {
      method: 'email',
      to: 'nobody',
    })
    expect(badTo.status).toBe(400)
    expect(invalidPaths(badTo.body)).toEqual(['to'])
    // Without a mail server, an e-mail delivery is refused and nothing is recorded.
    const smtpUrl = process.env.SMTP_URL
    delete process.env.SMTP_URL
    try {
      const noServer = await call(
        'POST',
        `/api/adverse-action-notice/${noticeId}/deliver`,
        'staff',
        {
          method: 'email',
        },
      )
      expect(noServer.status).toBe(503)
      expect(noServer.body.errors[0].message).toMatch(/^No mail server is configured \(SMTP_URL\)/)
    } finally {
      process.env.SMTP_URL = smtpUrl
    }
    for (const [caller, status] of [
      ['anonymous', 401],
      ['integrator', 403],
      ['leadAgent', 403],
    ] as const)
      expect(
        (
          await call('POST', `/api/adverse-action-notice/${noticeId}/deliver`, caller, {
            method: 'mail',
          })
        ).status,
      ).toBe(status)
    expect(
      (await service.payload.findByID({ collection: 'adverse-action-notice', id: noticeId }))
        .deliveredAt,
    ).toBeFalsy()
  })

  it('e-mailing it sends the letter through SMTP and records when, how, by whom and to whom', async () => {
    const response = await call('POST', `/api/adverse-action-notice/${noticeId}/deliver`, 'staff', {
      method: 'email',
    })
    expect(response.status).toBe(200)
    const mail = await smtp.waitFor('maria.gonzalez@example.com')
    const text = mail.raw.replace(/=\r?\n/g, '')
    expect(text).toContain('Your credit application with Sunset Motors Finance')
    expect(text).toContain('Equal Credit Opportunity Act')
    const staff = await service.payload.findByID({
      collection: 'users',
      id: who.staff.id as number,
    })
    expect(response.body.doc).toMatchObject({
      deliveredBy: expect.stringContaining(staff.email),
      deliveredTo: 'maria.gonzalez@example.com',
      deliveryMethod: 'email',
    })
    expect(Date.parse(response.body.doc.deliveredAt)).toBeGreaterThan(Date.now() - 60_000)
    // Delivered once: a second delivery is refused, and the first one's record stays.
    const again = await call('POST', `/api/adverse-action-notice/${noticeId}/deliver`, 'staff', {
      method: 'mail',
    })
    expect(again.status).toBe(409)
    expect(again.body.errors[0].message).toMatch(/^This notice was delivered already \(email, /)
    const kept = await service.payload.findByID({
      collection: 'adverse-action-notice',
      id: noticeId,
    })
    expect(kept).toMatchObject({
      deliveredAt: response.body.doc.deliveredAt,
      deliveryMethod: 'email',
    })
  })

  it('staff cannot rewrite what a notice says over PATCH, nor withdraw it or name its creditor', async () => {
    const response = await call('PATCH', `/api/adverse-action-notice/${noticeId}`, 'staff', {
      creditorName: 'Someone Else Finance',
      kind: 'counteroffer',
      score: 850,
      withdrawnAt: new Date().toISOString(),
      withdrawnReason: 'not needed',
    })
    expect(response.status).toBe(200)
    expect(response.body.doc).toMatchObject({
      creditorName: 'Sunset Motors Finance',
      kind: 'declined',
      score: 580,
      withdrawnAt: null,
    })
  })

  it("keeps what a notice says and its delivery once set, even from the service's own writes (400 naming each field)", async () => {
    const rewrite = service.payload.update({
      collection: 'adverse-action-notice',
      data: {
        deliveredAt: new Date(0).toISOString(),
        deliveredTo: 'someone@else.example',
        score: 851,
      },
      id: noticeId,
    })
    await expect(rewrite).rejects.toMatchObject({ status: 400 })
    const paths = await rewrite.catch((error: { data: { errors: { path: string }[] } }) =>
      error.data.errors.map(({ path }) => path),
    )
    expect(paths).toEqual(['score', 'deliveredAt', 'deliveredTo'])
    const kept = await service.payload.findByID({
      collection: 'adverse-action-notice',
      id: noticeId,
    })
    expect(kept).toMatchObject({ deliveredTo: 'maria.gonzalez@example.com', score: 580 })
  })

  it("a counteroffer's acceptance: not in the future nor before the decision, then changed only through a recorded correction", async () => {
    provider.script({
      body: { counteroffer: { apr: 12.9 }, decision: 'counteroffer', id: 'a-co-fix' },
      kind: 'status',
      status: 201,
    })
    const app = await settled((await createApp({ firstName: 'Ada', lastName: 'Byron' })).id)
    const [offer] = await noticesOf(app.id)
    const accept = (body: object, caller: PrincipalName = 'staff') =>
      call('PATCH', `/api/adverse-action-notice/${offer.id}`, caller, body)
    for (const at of ['2030-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z']) {
      const refused = await accept({ counterofferAcceptedAt: at })
      expect(refused.status).toBe(400)
      expect(invalidPaths(refused.body)).toEqual(['counterofferAcceptedAt'])
    }
    const first = new Date().toISOString()
    expect((await accept({ counterofferAcceptedAt: first })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 10))
    const second = new Date().toISOString()
    const unexplained = await accept({ counterofferAcceptedAt: second })
    expect(unexplained.status).toBe(400)
    expect(invalidPaths(unexplained.body)).toEqual(['counterofferAcceptedAt'])
    const corrected = await accept(
      {
        correctionReason: 'The applicant signed moments later, per the signed copy',
        counterofferAcceptedAt: second,
      },
      'staffAdmin',
    )
    expect(corrected.status).toBe(200)
    expect(corrected.body.doc.corrections).toMatchObject([
      {
        field: 'counterofferAcceptedAt',
        from: first,
        reason: 'The applicant signed moments later, per the signed copy',
        to: second,
      },
    ])
  })

  it("keeps no SSN a provider's answer holds: key factors, counteroffer and refusal reason", async () => {
    const other = '987-65-4322'
    provider.script({
      body: {
        bureau: 'Equifax',
        counteroffer: `60 months; co-signer ${other}`,
        creditScore: 580,
        decision: 'counteroffer',
        id: 'a-leaky',
        keyFactors: [`Too many inquiries ${other}`, 'Short history', { description: '987654322' }],
      },
      kind: 'status',
      status: 201,
    })
    const offered = await settled((await createApp({ firstName: 'Ada', lastName: 'Leaky' })).id)
    const [offer] = await noticesOf(offered.id)
    expect(offer.keyFactors?.map(({ factor }) => factor)).toEqual([
      'Too many inquiries [SSN removed]',
      'Short history',
      '[SSN removed]',
    ])
    expect(offer.counteroffer).toBe('60 months; co-signer [SSN removed]')
    provider.script({
      body: { message: `Applicant ${other} is on file twice` },
      kind: 'status',
      status: 400,
    })
    const refused = await settled((await createApp({ firstName: 'Ada', lastName: 'Leaky' })).id)
    const [notPlaced] = await noticesOf(refused.id)
    expect(notPlaced.reason).toBe('Applicant [SSN removed] is on file twice')
    for (const notice of [offer, notPlaced]) {
      const { rows } = await client.query(
        'SELECT row_to_json(n)::text AS row FROM adverse_action_notice n WHERE id = $1',
        [notice.id],
      )
      expect(rows[0].row).not.toMatch(/4322/)
      const letter = await service.api(`/api/adverse-action-notice/${notice.id}/print`, {
        headers: who.staff.headers,
      })
      expect(letter.status).toBe(200)
      expect(await letter.text()).not.toMatch(/4322/)
    }
    const { rows } = await client.query(
      'SELECT provider_response::text AS answer FROM credit_app WHERE id = $1',
      [offered.id],
    )
    expect(rows[0].answer).not.toMatch(/4322/)
  })

  it('an app the provider refuses (never placed with a lender) gets a notice with the reason', async () => {
    provider.script({ body: { message: 'Dealer not enrolled' }, kind: 'status', status: 400 })
    const app = await settled((await createApp({ firstName: 'Ada', lastName: 'Byron' })).id)
    expect(app.providerSubmission.status).toBe('rejected')
    const [notice] = await noticesOf(app.id)
    expect(notice).toMatchObject({ kind: 'not_placed', reason: 'Dealer not enrolled', score: null })
    // Delivered from five screens at once: one delivery is recorded, the others are told so.
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        call('POST', `/api/adverse-action-notice/${notice.id}/deliver`, 'staff', {
          method: 'in_person',
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409])
  })

  it("an app the service could not send gets a notice without the service's own error as its reason", async () => {
    const url = process.env.PROVIDER_A_URL
    delete process.env.PROVIDER_A_URL
    try {
      const app = await settled((await createApp({ firstName: 'Ada', lastName: 'Lovelace' })).id)
      expect(app.providerSubmission.status).toBe('failed')
      const [notice] = await noticesOf(app.id)
      expect(notice).toMatchObject({ kind: 'not_placed', reason: null })
      const letter = await service.api(`/api/adverse-action-notice/${notice.id}/print`, {
        headers: who.staff.headers,
      })
      const html = await letter.text()
      expect(html).not.toContain('PROVIDER_A_URL')
      expect(html).toContain('You have the right to a statement of specific reasons')
    } finally {
      process.env.PROVIDER_A_URL = url
    }
  })

  it('a notice made while the creditor is not configured is not delivered naming none (409), and goes out under the creditor configured later', async () => {
    const configured = { address: process.env.CREDITOR_ADDRESS, name: process.env.CREDITOR_NAME }
    delete process.env.CREDITOR_ADDRESS
    delete process.env.CREDITOR_NAME
    let notice: { creditorName?: null | string; id: number }
    try {
      provider.script({ body: { decision: 'declined', id: 'a-nc' }, kind: 'status', status: 201 })
      const app = await settled((await createApp({ firstName: 'Ada', lastName: 'Noname' })).id)
      ;[notice] = await noticesOf(app.id)
      // Nothing stands in for the creditor: no placeholder reads as its name.
      expect(notice).toMatchObject({ creditorAddress: null, creditorName: null })
      const letter = await service.api(`/api/adverse-action-notice/${notice.id}/print`, {
        headers: who.staff.headers,
      })
      const html = await letter.text()
      expect(html).toContain('data-unfit')
      expect(html).toContain('Not ready to send')
      expect(html).not.toMatch(/not configured \(|CREDITOR_/)
      const deliver = (caller: PrincipalName) =>
        call('POST', `/api/adverse-action-notice/${notice.id}/deliver`, caller, { method: 'mail' })
      // Staff are told whom to ask; admins, what to set.
      const asStaff = await deliver('staff')
      expect(asStaff.status).toBe(409)
      expect(asStaff.body.errors[0].message).toBe(
        "This notice does not name the creditor's name and address, which Regulation B requires: ask an administrator to configure the creditor's name and address.",
      )
      const asAdmin = await deliver('staffAdmin')
      expect(asAdmin.status).toBe(409)
      expect(asAdmin.body.errors[0].message).toContain(
        'set CREDITOR_NAME, CREDITOR_ADDRESS and deliver it again',
      )
      const stored = await service.payload.findByID({
        collection: 'adverse-action-notice',
        id: notice.id,
      })
      expect(stored).toMatchObject({ creditorName: null, deliveredAt: null })
    } finally {
      process.env.CREDITOR_ADDRESS = configured.address
      process.env.CREDITOR_NAME = configured.name
    }
    // Configured now: the printed letter names it, and the delivery keeps it on the notice.
    const letter = await service.api(`/api/adverse-action-notice/${notice.id}/print`, {
      headers: who.staff.headers,
    })
    const html = await letter.text()
    expect(html).not.toContain('data-unfit')
    expect(html).toContain('Sunset Motors Finance')
    const delivered = await call(
      'POST',
      `/api/adverse-action-notice/${notice.id}/deliver`,
      'staff',
      { method: 'in_person' },
    )
    expect(delivered.status).toBe(200)
    expect(delivered.body.doc).toMatchObject({
      creditorAddress: '500 Congress Ave, Austin, TX 78701',
      creditorName: 'Sunset Motors Finance',
      deliveryMethod: 'in_person',
    })
  })

  it('an app placed with a lender when sent again has its notice of not being placed withdrawn: off the to-do list, not delivered (409)', async () => {
    const url = process.env.PROVIDER_A_URL
    delete process.env.PROVIDER_A_URL
    let id: string
    try {
      id = (await settled((await createApp({ firstName: 'Ada', lastName: 'Resent' })).id)).id
    } finally {
      process.env.PROVIDER_A_URL = url
    }
    const [owed] = await noticesOf(id)
    expect(owed).toMatchObject({ kind: 'not_placed', withdrawnAt: null })
    const staff = await service.payload.findByID({
      collection: 'users',
      id: who.staff.id as number,
    })
    const toDeliver = async () =>
      (await todoLists(service.payload, { ...staff, collection: 'users' })).find(
        (list) => list.title === 'Adverse-action notices to deliver',
      )!.total
    const before = await toDeliver()
    // Sent again (off and on), and the provider approves it.
    for (const toProvider of [false, true])
      expect((await call('PATCH', `/api/credit-app/${id}`, 'staff', { toProvider })).status).toBe(
        200,
      )
    await eventually(
      () => readApp(id),
      (app) => app.providerSubmission?.status === 'accepted',
      `app ${id} accepted`,
    )
    const [withdrawn, ...others] = await noticesOf(id)
    expect(others).toEqual([])
    expect(withdrawn.withdrawnAt).toBeTruthy()
    expect(withdrawn.withdrawnReason).toMatch(
      /^The app was placed with Provider A on \d{4}-\d{2}-\d{2}, after this notice was made: it is not owed\.$/,
    )
    expect(await toDeliver()).toBe(before - 1)
    const refused = await call(
      'POST',
      `/api/adverse-action-notice/${withdrawn.id}/deliver`,
      'staff',
      { method: 'in_person' },
    )
    expect(refused.status).toBe(409)
    expect(refused.body.errors[0].message).toMatch(
      /^This notice is no longer owed: The app was placed/,
    )
  })

  it('an app that fails again when sent again keeps its one notice of not being placed', async () => {
    const url = process.env.PROVIDER_A_URL
    delete process.env.PROVIDER_A_URL
    try {
      const { id } = await settled((await createApp({ firstName: 'Ada', lastName: 'Twice' })).id)
      const [first] = await noticesOf(id)
      expect(first).toMatchObject({ kind: 'not_placed', withdrawnAt: null })
      const submission = async () =>
        (await service.payload.findByID({ collection: 'credit-app', depth: 0, id }))
          .providerSubmission
      const before = await submission()
      // Sent again (off and on) while the provider is still not configured: it fails again.
      for (const toProvider of [false, true])
        expect((await call('PATCH', `/api/credit-app/${id}`, 'staff', { toProvider })).status).toBe(
          200,
        )
      await eventually(
        submission,
        (again) => again?.status === 'failed' && again.completedAt !== before?.completedAt,
        `app ${id} failed again`,
      )
      expect((await noticesOf(id)).map((notice) => notice.id)).toEqual([first.id])
    } finally {
      process.env.PROVIDER_A_URL = url
    }
  })

  it('an approval makes no notice', async () => {
    const app = await settled((await createApp({ firstName: 'Ada', lastName: 'Byron' })).id)
    expect(app.providerSubmission.status).toBe('accepted')
    expect(await noticesOf(app.id)).toEqual([])
  })

  it('a notice past its due date counts as overdue on the dashboard and stays on the to-do list', async () => {
    const staff = await service.payload.findByID({
      collection: 'users',
      id: who.staff.id as number,
    })
    const figure = async (label: string) =>
      (await dashboardFigures(service.payload, { ...staff, collection: 'users' }))
        .flatMap(({ figures }) => figures)
        .find((item) => item.label === label)!.value
    const [notRefused] = (
      await service.payload.find({
        collection: 'adverse-action-notice',
        where: { and: [{ kind: { equals: 'not_placed' } }, owedNotices] },
      })
    ).docs
    const [due, overdue] = [await figure('Notices due'), await figure('Notices overdue')]
    await client.query(
      `UPDATE adverse_action_notice SET decided_at = now() - interval '31 days', due_at = now() - interval '1 day' WHERE id = $1`,
      [notRefused.id],
    )
    expect(await figure('Notices due')).toBe(due - 1)
    expect(await figure('Notices overdue')).toBe(overdue + 1)
    const lists = await todoLists(service.payload, { ...staff, collection: 'users' })
    const list = lists.find(({ title }) => title === 'Adverse-action notices to deliver')!
    expect(list.items[0].href).toBe(`/admin/collections/adverse-action-notice/${notRefused.id}`)
  })

  it('a counteroffer not accepted within 90 days gets its own notice from the daily sweep, once; an accepted one does not', async () => {
    const counteroffer = {
      body: {
        counteroffer: { apr: 14.9, termMonths: 48 },
        creditScore: 640,
        decision: 'counteroffer',
        id: 'a-co',
      },
      kind: 'status' as const,
      status: 201,
    }
    provider.script(counteroffer, { ...counteroffer, body: { ...counteroffer.body, id: 'a-co2' } })
    const lapsing = await settled((await createApp({ firstName: 'Ada', lastName: 'Byron' })).id)
    const accepted = await settled((await createApp({ firstName: 'Ada', lastName: 'Byron' })).id)
    const [offer] = await noticesOf(lapsing.id)
    const [acceptedOffer] = await noticesOf(accepted.id)
    expect(offer).toMatchObject({ counteroffer: 'apr: 14.9, termMonths: 48', kind: 'counteroffer' })
    const patched = await call('PATCH', `/api/adverse-action-notice/${acceptedOffer.id}`, 'staff', {
      counterofferAcceptedAt: new Date().toISOString(),
    })
    expect(patched.status).toBe(200)
    // Not yet 90 days: nothing to do.
    expect(await noticeLapsedCounteroffers(service.payload)).toEqual([])
    await client.query(
      `UPDATE adverse_action_notice SET decided_at = now() - interval '91 days' WHERE id = ANY($1)`,
      [[offer.id, acceptedOffer.id]],
    )
    const made = await noticeLapsedCounteroffers(service.payload)
    expect(made).toHaveLength(1)
    expect(await noticeLapsedCounteroffers(service.payload)).toEqual([])
    const [, lapsed] = await noticesOf(lapsing.id)
    expect(lapsed).toMatchObject({
      follows: offer.id,
      id: made[0],
      kind: 'counteroffer_not_accepted',
    })
    expect(Date.parse(lapsed.dueAt!)).toBe(
      Date.parse(
        (await service.payload.findByID({ collection: 'adverse-action-notice', id: offer.id }))
          .decidedAt!,
      ) +
        90 * DAY_MS,
    )
    expect(await noticesOf(accepted.id)).toHaveLength(1)
  })
})

describe('sanctions screening', () => {
  let dealId: string
  let listId: number

  it('a deal made before any list is loaded is not screened', async () => {
    const customer = await service.payload.create({
      collection: 'customer',
      data: { name: 'Hector Ramirez Lopez' },
    })
    const deal = await call('POST', '/api/deal', 'staff', {
      customer: customer.id,
      minimumBidPrice: 1,
    })
    expect(deal.status).toBe(201)
    dealId = deal.body.doc.id
    expect(await matchesOf(dealId)).toEqual([])
  })

  it('POST /api/sanctions-list/load: staff admins and admin clients only; bad files are 400 naming the file', async () => {
    const files = { add: fixture('add.csv'), alt: fixture('alt.csv'), sdn: fixture('sdn.csv') }
    for (const [caller, status] of [
      ['anonymous', 401],
      ['staff', 403],
      ['integrator', 403],
      ['leadAgent', 403],
    ] as const)
      expect((await call('POST', '/api/sanctions-list/load', caller, files)).status).toBe(status)
    for (const [body, field] of [
      [{ alt: files.alt }, 'sdn'],
      [{ sdn: 42 }, 'sdn'],
      [{ sdn: 'name,type\nVolkov,individual\n' }, 'sdn'],
      [{ alt: 'x,y', sdn: files.sdn }, 'alt'],
      [{ add: '1,2', sdn: files.sdn }, 'add'],
    ] as const) {
      const response = await call('POST', '/api/sanctions-list/load', 'clientAdmin', body)
      expect(response.status).toBe(400)
      expect(invalidPaths(response.body)).toEqual([field])
    }
    expect(await service.payload.count({ collection: 'sanctions-list' })).toMatchObject({
      totalDocs: 0,
    })
  })

  it('a staff admin loads the three files as a multipart upload; everyone is screened again, with progress', async () => {
    const form = new FormData()
    for (const name of ['sdn', 'alt', 'add'])
      form.append(name, new Blob([fixture(`${name}.csv`)], { type: 'text/csv' }), `${name}.csv`)
    const response = await service.api('/api/sanctions-list/load', {
      body: form,
      headers: who.staffAdmin.headers,
      method: 'POST',
    })
    expect(response.status).toBe(201)
    const { doc } = (await response.json()) as { doc: Record<string, unknown> & { id: number } }
    expect(doc).toMatchObject({ addressCount: 2, aliasCount: 2, entryCount: 3 })
    expect(doc.entries).toBeUndefined()
    listId = doc.id
    const list = await eventually(
      () => service.payload.findByID({ collection: 'sanctions-list', id: listId }),
      (found) => found.screening?.status === 'done',
      'screening',
    )
    const total =
      (await service.payload.count({ collection: 'credit-app' })).totalDocs +
      (await service.payload.count({ collection: 'deal' })).totalDocs
    expect(list.screening).toMatchObject({ screened: total, total })
    const [match] = await matchesOf(dealId)
    expect(match).toMatchObject({
      entNum: 36002,
      listedName: 'RAMIREZ LOPEZ, Hector',
      role: 'buyer',
      screenedName: 'Hector Ramirez Lopez',
      status: 'pending',
      subjectCollection: 'deal',
    })
    expect(list.screening?.matches).toBeGreaterThanOrEqual(1)
  })

  it('the list is read by admins and reviewers only, and nobody writes it over the API', async () => {
    expect((await call('GET', `/api/sanctions-list/${listId}`, 'staffAdmin')).status).toBe(200)
    // Staff review its matches: they read its counts and title (its entries stay hidden).
    expect((await call('GET', `/api/sanctions-list/${listId}`, 'staff')).status).toBe(200)
    expect((await call('GET', `/api/sanctions-list/${listId}`, 'integrator')).status).toBe(403)
    expect((await call('GET', `/api/sanctions-list/${listId}`, 'anonymous')).status).toBe(401)
    expect(
      (await call('PATCH', `/api/sanctions-list/${listId}`, 'staffAdmin', { entryCount: 1 }))
        .status,
    ).toBe(403)
  })

  let held: App
  it('an applicant on the list holds the app: awaiting sanctions review, never queued', async () => {
    // The consumer's own city (Los Angeles) is not on the list: the birth date decides.
    const created = await createApp({
      birthDate: '1971-03-14',
      firstName: 'Dmitri',
      lastName: 'Volkov',
    })
    expect(created.providerSubmission).toMatchObject({ status: 'awaiting sanctions review' })
    held = created
    expect(await jobsFor(created.id)).toBe(0)
    const [match] = await matchesOf(created.id)
    expect(match).toMatchObject({ entNum: 36001, role: 'applicant', score: 100, status: 'pending' })
    expect(match.signals).toContain('birth date matches the list')
    expect(JSON.stringify(match)).not.toContain('1971-03-14')
    expect(JSON.stringify(match)).not.toMatch(/6789/)
    expect(
      provider.requests.some(
        (request) => request.idempotencyKey === created.providerSubmission.idempotencyKey,
      ),
    ).toBe(false)
  })

  it('POST …/review needs a decision and a reason (400 naming each); other roles are refused', async () => {
    const [match] = await matchesOf(held.id)
    const url = `/api/sanctions-match/${match.id}/review`
    const noReason = await call('POST', url, 'staff', { decision: 'clear' })
    expect(noReason.status).toBe(400)
    expect(invalidPaths(noReason.body)).toEqual(['reason'])
    // Spaces and invisible characters are no reason, however many.
    for (const reason of ['\u200b'.repeat(12), ` ${'\u2060\ufe0f'.repeat(8)} abc `]) {
      const invisible = await call('POST', url, 'staff', { decision: 'clear', reason })
      expect(invisible.status).toBe(400)
      expect(invalidPaths(invisible.body)).toEqual(['reason'])
    }
    const badDecision = await call('POST', url, 'staff', {
      decision: 'maybe',
      reason: 'Different birth date on file',
    })
    expect(invalidPaths(badDecision.body)).toEqual(['decision'])
    for (const [caller, status] of [
      ['anonymous', 401],
      ['integrator', 403],
      ['leadAgent', 403],
    ] as const)
      expect(
        (
          await call('POST', url, caller, {
            decision: 'clear',
            reason: 'Different birth date on file',
          })
        ).status,
      ).toBe(status)
    expect((await readApp(held.id)).providerSubmission.status).toBe('awaiting sanctions review')
  })

  it('clearing the match records who and why and releases the app to its provider', async () => {
    // Scored 100: a staff admin clears it alone (two staff users would: sanctionsReview.test.ts).
    const [match] = await matchesOf(held.id)
    const response = await call('POST', `/api/sanctions-match/${match.id}/review`, 'staffAdmin', {
      decision: 'clear',
      reason: 'Different person: passport, nationality and address history checked',
    })
    expect(response.status).toBe(200)
    const staff = await service.payload.findByID({
      collection: 'users',
      id: who.staffAdmin.id as number,
    })
    expect(response.body.doc).toMatchObject({
      reviewReason: 'Different person: passport, nationality and address history checked',
      reviewedBy: expect.stringContaining(staff.email),
      status: 'cleared',
    })
    const app = await settled(held.id)
    expect(app.providerSubmission.status).toBe('accepted')
    expect(
      provider.requests.filter(
        (request) => request.idempotencyKey === held.providerSubmission.idempotencyKey,
      ),
    ).toHaveLength(1)
    // Saved again under the same name, the cleared match stays cleared.
    const again = await call('PATCH', `/api/credit-app/${held.id}`, 'staff', {
      firstName: 'Dmitri',
    })
    expect(again.status).toBe(200)
    expect((await matchesOf(held.id)).map((item) => item.status)).toEqual(['cleared'])
  })

  it('confirming a match blocks the app', async () => {
    const created = await createApp({
      birthDate: '1971-03-14',
      firstName: 'Dmitry',
      lastName: 'Volkov',
    })
    expect(created.providerSubmission.status).toBe('awaiting sanctions review')
    const [match] = await matchesOf(created.id)
    expect(match.matchedName).toBe('VOLKOV, Dmitry')
    const response = await call('POST', `/api/sanctions-match/${match.id}/review`, 'staffAdmin', {
      decision: 'confirm',
      reason: 'Passport copy matches the listed person',
    })
    expect(response.status).toBe(200)
    expect((await readApp(created.id)).providerSubmission).toMatchObject({ status: 'blocked' })
    expect(await jobsFor(created.id)).toBe(0)
    // Decided once: a later "clear" is refused, and the confirmation and its reviewer stay.
    const reversed = await call('POST', `/api/sanctions-match/${match.id}/review`, 'staff', {
      decision: 'clear',
      reason: 'Looks like a different person to me',
    })
    expect(reversed.status).toBe(409)
    expect(reversed.body.errors[0].message).toMatch(/was confirmed already/)
    const [after] = await matchesOf(created.id)
    expect(after).toMatchObject({
      reviewReason: 'Passport copy matches the listed person',
      status: 'confirmed',
    })
    expect((await readApp(created.id)).providerSubmission).toMatchObject({ status: 'blocked' })
    expect(await jobsFor(created.id)).toBe(0)
  })

  it('the match queue is read by staff and admins only, and nobody writes it over PATCH', async () => {
    const [match] = await matchesOf(dealId)
    for (const caller of ['staff', 'staffAdmin', 'clientAdmin'] as const)
      expect((await call('GET', `/api/sanctions-match/${match.id}`, caller)).status).toBe(200)
    for (const [caller, status] of [
      ['anonymous', 401],
      ['integrator', 403],
      ['leadAgent', 403],
    ] as const)
      expect((await call('GET', `/api/sanctions-match/${match.id}`, caller)).status).toBe(status)
    expect(
      (await call('PATCH', `/api/sanctions-match/${match.id}`, 'staffAdmin', { status: 'cleared' }))
        .status,
    ).toBe(403)
  })
})

describe('breach readiness', () => {
  it('GET /api/compliance/breach-report: staff admins and admin clients; 401 anonymous, 403 others', async () => {
    for (const [caller, status] of [
      ['anonymous', 401],
      ['staff', 403],
      ['integrator', 403],
      ['leadAgent', 403],
    ] as const)
      expect((await call('GET', '/api/compliance/breach-report', caller)).status).toBe(status)
    const response = await call('GET', '/api/compliance/breach-report', 'staffAdmin')
    expect(response.status).toBe(200)
    const consumers = (await service.payload.count({ collection: 'consumer' })).totalDocs
    const byCollection = Object.fromEntries(
      response.body.collections.map((row: { collection: string; consumers: number }) => [
        row.collection,
        row.consumers,
      ]),
    )
    expect(byCollection.consumer).toBe(consumers)
    expect(byCollection['sanctions-match']).toBe(3)
    // Consents hold contact details in clear: a consent's address found nowhere else counts.
    const disclosure = await service.payload.create({
      collection: 'disclosures',
      data: { kind: 'e-mail-marketing', text: 'Send me offers by e-mail.', version: 'breach-1' },
    })
    await service.payload.create({
      collection: 'consents',
      data: {
        action: 'grant',
        disclosure: disclosure.id,
        email: 'only.in.a.consent@example.com',
        kind: 'e-mail-marketing',
        method: 'web-form',
      } as never,
    })
    const after = (await call('GET', '/api/compliance/breach-report', 'staffAdmin')).body
    const consentsRow = after.collections.find(
      (row: { collection: string }) => row.collection === 'consents',
    )
    expect(consentsRow).toMatchObject({ consumers: (byCollection.consents ?? 0) + 1 })
    expect(after.distinctConsumers).toBe(response.body.distinctConsumers + 1)
    expect(
      after.collections.find((row: { collection: string }) => row.collection === 'lead').fields,
    ).toEqual(expect.arrayContaining(['adf.document', 'adf.phones', 'adf.address']))
    expect(response.body).toMatchObject({ ftcNoticeRequired: false, noticeThreshold: 500 })
    expect(response.body.distinctConsumers).toBeLessThan(500)
    expect(response.body.encryptedFields).toEqual(
      expect.arrayContaining(['consumer.ssn', 'consumer.birthDate', 'credit-app.coApplicantSSN']),
    )
  })

  it('flags the FTC notice threshold at 500 distinct consumers', async () => {
    const before = (await call('GET', '/api/compliance/breach-report', 'clientAdmin')).body
      .distinctConsumers
    await client.query(
      `INSERT INTO lead (first_name, last_name, email) SELECT 'Person', 'Number ' || n, 'person' || n || '@example.com' FROM generate_series(1, $1) AS n`,
      [500 - before - 1],
    )
    const below = (await call('GET', '/api/compliance/breach-report', 'clientAdmin')).body
    expect(below).toMatchObject({ distinctConsumers: 499, ftcNoticeRequired: false })
    await client.query(
      `INSERT INTO lead (first_name, email) VALUES ('One more', 'one.more@example.com')`,
    )
    const at = (await call('GET', '/api/compliance/breach-report', 'clientAdmin')).body
    expect(at).toMatchObject({ distinctConsumers: 500, ftcNoticeRequired: true })
  })
})
