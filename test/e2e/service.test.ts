/**
 * The service as a person runs it: `npm start` on a fresh data folder (embedded PostgreSQL,
 * migrations, first admin, demo data, admin UI build), the admin UI in Chromium, SIGTERM, and a
 * second start that reuses data and build.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Browser, Page, Response } from 'playwright-core'

import { freePort } from '@/lib/freePort'
import { projectRoot } from '@/lib/paths'

import { freshStartSettings } from '../helpers/adminService'
import { factors, freshCode, signIn as signInAs } from '../helpers/adminSignIn'
import { launchBrowser } from '../helpers/browser'
import { eventually } from '../helpers/eventually'
import { typeAndSaveUntil } from '../helpers/formSave'
import {
  postgresProcessesIn,
  type ServiceProcess,
  startServiceProcess,
} from '../helpers/serviceProcess'
import { firstLink, type SmtpCapture, startSmtpCapture } from '../helpers/smtpServer'
import { startWebhookReceiver } from '../helpers/webhookReceiver'

const dataDir = path.join(projectRoot, '.data', `e2e-${process.pid}`)
const env: Record<string, string | undefined> = {
  ...freshStartSettings(dataDir),
  // The webhook receiver of the admin UI test is on 127.0.0.1.
  WEBHOOK_ALLOW_LOOPBACK: 'true',
}
const BUILD_AND_START = 15 * 60_000

/** The pictures of docs/admin-ui.md: taken here, so they show the UI as it is. */
const screenshot = (name: string) => path.join(projectRoot, 'docs', 'screenshots', `${name}.png`)

let service: ServiceProcess
let smtp: SmtpCapture | undefined
let browser: Browser | undefined
let login: { email: string; password: string }
let staffSession: Page | undefined

/** The demo accounts' passwords and keys, by name, as `npm start` wrote them. */
const demoCredentials = (): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'))

/** A page signed in as the demo staff user (role `staff`), reused across tests. */
const staffPage = async (): Promise<Page> => {
  if (staffSession) return staffSession
  browser ??= await launchBrowser()
  const credentials = demoCredentials()
  const page = await (await browser.newContext()).newPage()
  await signIn(page, 'sam.rivera@example.com', credentials['sam.rivera@example.com'])
  staffSession = page
  return page
}

/** What the page's console says the content security policy blocked (Chromium reports each). */
const cspViolations = (page: Page): string[] => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text())
  })
  return violations
}

const signIn = (page: Page, email: string, password: string) =>
  signInAs(page, service.url, email, password)

beforeAll(async () => {
  fs.rmSync(dataDir, { force: true, recursive: true })
  // Mail goes to a real SMTP server here. With no SERVER_URL, links in it point at
  // localhost:PORT, so the port is chosen here.
  smtp = await startSmtpCapture()
  Object.assign(env, { PORT: String(await freePort()), SMTP_URL: smtp.url })
  service = await startServiceProcess(env)
  const [, email, password] = await service.waitFor(
    /email:\s+(\S+)\s+password:\s+(\S+)/,
    BUILD_AND_START,
  )
  login = { email, password }
  await service.waitFor(/^API:\s+http/m)
  // The admin UI's build, when it was missing, ran beside the API (npm start no longer waits for it).
  await service.waitFor(/"msg":"serving the admin UI"/, BUILD_AND_START)
}, BUILD_AND_START + 60_000)

afterAll(async () => {
  await browser?.close()
  await service?.stop()
  await smtp?.close()
  fs.rmSync(dataDir, { force: true, recursive: true })
})

/**
 * Fills a sign-in page's `fields` and submits until a request to `route` carrying `carried` goes
 * out, three tries of 20 s: a value typed before the form hydrates is dropped, and the form then
 * sends nothing, or sends an empty value and gets a 400.
 */
const sendUntilCarried = async (
  page: Page,
  fields: Record<string, string>,
  route: string,
  carried: string,
): Promise<Response> => {
  for (let attempt = 1; ; attempt++) {
    for (const [name, value] of Object.entries(fields))
      await page.locator(`input[name="${name}"]`).fill(value)
    const sent = page.waitForResponse((response) => response.url().includes(route), {
      timeout: 20_000,
    })
    await page.locator('button[type="submit"]').click()
    const response = await sent.catch((error: unknown) => {
      if (attempt >= 3) throw error
      return null
    })
    const sentValue = (response?.request().postData() ?? '').includes(carried)
    if (response && (sentValue || attempt >= 3)) return response
  }
}

describe('first start', () => {
  it('serves /healthz and /readyz on embedded PostgreSQL, echoing request ids', async () => {
    const health = await fetch(`${service.url}/healthz`, {
      headers: { 'X-Request-Id': 'trace-42' },
    })
    expect(health.status).toBe(200)
    expect(health.headers.get('x-request-id')).toBe('trace-42')
    // The probe gives the database 2 s to answer; the admin UI's build beside the start can keep a
    // busy machine's first connection waiting longer, which the probe rightly reports as not ready.
    const ready = await eventually(
      async () => (await fetch(`${service.url}/readyz`)).json(),
      (body) => body.status === 'ready',
      'readiness',
    )
    expect(ready).toEqual({ database: 'reachable', status: 'ready' })
    expect(postgresProcessesIn(dataDir)).toHaveLength(1)
  })

  it('prints the first-start login as a plain block before it reports listening or loads demo data', () => {
    const output = service.output()
    const block = output.indexOf('First start: an admin account was created')
    expect(block).toBeGreaterThan(-1)
    expect(block).toBeLessThan(output.indexOf('"msg":"commerce service listening"'))
    const lines = output.slice(block).split('\n').slice(0, 6)
    expect(lines.join('\n')).toContain(`password:  ${login.password}`)
    expect(lines.filter((line) => line.trimStart().startsWith('{'))).toEqual([])
    // The block names the demo credentials file, written before the service answers.
    const file = path.join(dataDir, 'demo-credentials.json')
    const named = output.indexOf(`Demo accounts and API keys: ${file}`)
    expect(named).toBeGreaterThan(block)
    expect(named).toBeLessThan(output.indexOf('"msg":"commerce service listening"'))
    expect(Object.keys(demoCredentials())).toHaveLength(5)
  })

  it('logs one line per request with method, path, status, duration and id, and no credentials', async () => {
    await fetch(`${service.url}/api/users?where[email][equals]=secret-value`, {
      headers: {
        Authorization: 'api-clients API-Key very-secret-key-value',
        'X-Request-Id': 'log-check-1',
      },
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const line = service
      .output()
      .split('\n')
      .find((text) => text.includes('"reqId":"log-check-1"'))
    expect(JSON.parse(line!)).toMatchObject({
      method: 'GET',
      ms: expect.any(Number),
      path: '/api/users',
      status: 401,
    })
    expect(service.output()).not.toContain('very-secret-key-value')
    expect(service.output()).not.toContain('secret-value')
  })

  it('warns in the start log that the quick start lets staff other than admins sign in without a second factor', () => {
    const warning = service
      .output()
      .split('\n')
      .find((text) => text.includes('sign in with a password alone'))
    expect(JSON.parse(warning!)).toMatchObject({ level: 40, MFA_REQUIRED: 'admins' })
  })

  it('logs a caller’s mistake that Payload refuses without an error name at info, not as an error', async () => {
    const refused = await fetch(`${service.url}/api/users/logout`, {
      headers: { 'X-Request-Id': 'log-check-2' },
      method: 'POST',
    })
    expect(refused.status).toBe(400)
    // The request line is written when the answer is done: every line of the request is in by then.
    await service.waitFor(/"reqId":"log-check-2"[^\n]*"msg":"request"/, 10_000)
    const lines = service
      .output()
      .split('\n')
      .filter((text) => text.includes('"reqId":"log-check-2"'))
      .map((text) => JSON.parse(text) as { level: number; msg: string })
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'No User' }))
    expect(lines.filter(({ level }) => level >= 50)).toEqual([])
  })

  it('serves the API under /api and the generated demo credentials work', async () => {
    const credentials = demoCredentials()
    const key = credentials['Demo storefront (integrator)']
    const me = await fetch(`${service.url}/api/api-clients/me`, { headers: { Authorization: key } })
    expect((await me.json()).user).toMatchObject({ role: 'integrator' })
  })

  it('answers through Next say no X-Powered-By, and HEAD is served as GET', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const response = await fetch(`${service.url}/api/errors`, { method })
      expect(response.headers.get('x-powered-by')).toBeNull()
      if (method === 'HEAD') expect(response.status).toBe(401)
    }
  })

  it('checks request bodies in front of Next and hands the same bytes on to Payload', async () => {
    const post = (body: string, type = 'application/json') =>
      fetch(`${service.url}/api/errors`, {
        body,
        headers: { 'Content-Type': type },
        method: 'POST',
      })
    const stored = await post('{"message":"through Next","source":"e2e"}')
    expect(stored.status).toBe(201)
    expect((await stored.json()).doc).toMatchObject({ message: 'through Next', source: 'e2e' })
    expect((await post('{"message":"a\\u0000b"}')).status).toBe(400)
    expect((await post('{"message":"x"}', 'text/plain')).status).toBe(415)
    expect((await post('{"message":')).status).toBe(400)
    // Next is not asked to decode a malformed escape.
    expect((await fetch(`${service.url}/api/deals/%E0%A4%A`)).status).toBe(400)
    // Who calls is decided before the id: anonymous, 401; a caller who may read, 404.
    expect((await fetch(`${service.url}/api/deal/abc`)).status).toBe(401)
    const credentials = demoCredentials()
    const headers = { Authorization: credentials['Demo storefront (integrator)'] }
    expect((await fetch(`${service.url}/api/deal/abc`, { headers })).status).toBe(404)
  })

  it('the admin UI logs in, creates a record and lists it', async () => {
    browser ??= await launchBrowser()
    const page = await browser.newPage()
    // The first admin sign-in sets up the second factor: the QR code step breaks no CSP rule.
    const violations = cspViolations(page)
    await signIn(page, login.email, login.password)
    expect(violations).toEqual([])

    await page.goto(`${service.url}/admin/collections/users/create`)
    await page.locator('input[name="email"]').fill('new.colleague@example.com')
    await page.locator('input[name="password"]').fill('colleague-password-1')
    await page.locator('input[name="confirm-password"]').fill('colleague-password-1')
    await page.locator('#field-name').fill('New Colleague')
    await page.locator('#action-save').click()
    await page.waitForURL(/\/admin\/collections\/users\/\d+/, { timeout: 60_000 })

    await page.goto(`${service.url}/admin/collections/users`)
    await page.getByText('new.colleague@example.com').waitFor({ timeout: 30_000 })
    await page.screenshot({ path: path.join(projectRoot, '.data', 'e2e-users-list.png') })
  }, 180_000)

  it('an admin sets up two-factor sign-in at the first sign-in, and then needs a valid code', async () => {
    browser ??= await launchBrowser()
    // The first admin sign-in (above) set up the authenticator app through the page.
    const factor = factors.get(login.email)
    expect(factor?.recoveryCodes).toHaveLength(10)
    const page = await (await browser.newContext()).newPage()
    const violations = cspViolations(page)
    await page.goto(`${service.url}/admin/login`)
    await page.locator('input[name="email"]').fill(login.email)
    await page.locator('input[name="password"]').fill(login.password)
    await page.locator('button[type="submit"]').click()
    const code = page.locator('input[name="code"]')
    await code.waitFor({ timeout: 30_000 })
    await code.fill('000000')
    await page.locator('button[type="submit"]').click()
    await page.getByRole('alert').getByText('That code is not valid').waitFor({ timeout: 30_000 })
    expect(new URL(page.url()).pathname).toBe('/admin/login')
    expect(
      (await page.request.get(`${service.url}/api/users/me`).then((r) => r.json())).user,
    ).toBeNull()
    await code.fill(freshCode(factor!) ?? factor!.recoveryCodes.shift()!)
    await page.locator('button[type="submit"]').click()
    await page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: 60_000 })
    expect(
      (await page.request.get(`${service.url}/api/users/me`).then((r) => r.json())).user.email,
    ).toBe(login.email)
    expect(violations).toEqual([])
  }, 120_000)

  it('staff cannot see user management', async () => {
    const page = await staffPage()
    await page.goto(`${service.url}/admin`)
    await page.getByRole('link', { name: 'Consumers' }).first().waitFor({ timeout: 30_000 })
    expect(await page.locator('a[href="/admin/collections/users"]').count()).toBe(0)
    const api = await page.request.get(`${service.url}/api/users`)
    // Colleagues read each other's names (a lead's assignee, the rota), never their addresses.
    const docs: { email?: string; title?: string }[] = (await api.json()).docs
    expect(docs.flatMap((doc) => (doc.email ? [doc.email] : []))).toEqual([
      'sam.rivera@example.com',
    ])
    expect(docs.length).toBeGreaterThan(1)
    expect(docs.every((doc) => typeof doc.title === 'string')).toBe(true)
  }, 120_000)

  it("staff change a lead event's status with the select, and it is saved", async () => {
    const page = await staffPage()
    const { docs } = await (
      await page.request.get(
        `${service.url}/api/leadEvents?where[status][equals]=Had Conversation&depth=0`,
      )
    ).json()
    await page.goto(`${service.url}/admin/collections/leadEvents/${docs[0].id}`, {
      waitUntil: 'networkidle',
    })
    // The form is ready once the select shows the stored value; a click before that is lost.
    const status = page.locator('#field-status')
    await status
      .locator('.rs__single-value', { hasText: 'Had Conversation' })
      .waitFor({ timeout: 30_000 })
    await status.locator('.rs__control').click()
    await page.locator('.rs__option', { hasText: /^Looking For Financing$/ }).click()
    await status.locator('.rs__single-value', { hasText: 'Looking For Financing' }).waitFor()
    await page.locator('#action-save:not([disabled])').click()
    await page.getByText('Updated successfully').first().waitFor({ timeout: 30_000 })
    const saved = await (
      await page.request.get(`${service.url}/api/leadEvents/${docs[0].id}?depth=0`)
    ).json()
    expect(saved.status).toBe('Looking For Financing')
  }, 120_000)

  it("a relationship field lists the records it may point to (the admin UI's method-override query)", async () => {
    const page = await staffPage()
    const { docs } = await (
      await page.request.get(`${service.url}/api/leadEvents?limit=1&depth=0`)
    ).json()
    const overrides: number[] = []
    page.on('response', (response) => {
      if (response.request().headers()['x-payload-http-method-override'] === 'GET')
        overrides.push(response.status())
    })
    await page.goto(`${service.url}/admin/collections/leadEvents/${docs[0].id}`, {
      waitUntil: 'networkidle',
    })
    const lead = page.locator('#field-lead')
    await lead.locator('.rs__control').click()
    await page.locator('.rs__option').first().waitFor({ timeout: 30_000 })
    expect(await page.locator('.rs__option').count()).toBeGreaterThan(0)
    expect(overrides.length).toBeGreaterThan(0)
    expect(overrides.every((status) => status === 200)).toBe(true)
  }, 120_000)

  it("staff edit a consumer's phone; a bad phone shows the validation message and is not saved", async () => {
    const page = await staffPage()
    await page.goto(`${service.url}/admin/collections/consumer/con_demo_james`, {
      waitUntil: 'networkidle',
    })
    const phone = page.locator('#field-phoneNumber')
    await page.locator('#field-phoneNumber[value="512-555-0112"]').waitFor({ timeout: 30_000 })
    // A refused save, typed and sent again until the form has hydrated and shows the refusal.
    const refusal = page.getByText(/must be a phone number matching/).first()
    await typeAndSaveUntil(page, phone, 'call me maybe', refusal)
    await page.screenshot({ path: path.join(projectRoot, '.data', 'e2e-consumer-phone-error.png') })
    expect(
      (await (await page.request.get(`${service.url}/api/consumer/con_demo_james`)).json())
        .phoneNumber,
    ).toBe('512-555-0112')
    await phone.fill('(512) 555-0199')
    await page.locator('#action-save:not([disabled])').click()
    await page.getByText('Updated successfully').first().waitFor({ timeout: 30_000 })
    expect(
      (await (await page.request.get(`${service.url}/api/consumer/con_demo_james`)).json())
        .phoneNumber,
    ).toBe('(512) 555-0199')
  }, 120_000)

  it('a staff admin reveals an SSN in the form (audited); staff get no reveal control; no page breaks the security policy', async () => {
    browser ??= await launchBrowser()
    const page = await browser.newPage()
    const violations = cspViolations(page)
    await signIn(page, login.email, login.password)
    await page.goto(`${service.url}/admin/collections/consumer/con_demo_maria`, {
      waitUntil: 'networkidle',
    })
    await page.locator('#field-ssn[value="***-**-4321"]').waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Reveal SSN' }).click()
    await page
      .locator('.reveal-ssn__value', { hasText: '987-65-4321' })
      .waitFor({ timeout: 30_000 })
    expect(await page.locator('#field-ssn').inputValue()).toBe('***-**-4321')
    const audit = await (
      await page.request.get(
        `${service.url}/api/audit-log?where[recordId][equals]=con_demo_maria&where[action][equals]=reveal`,
      )
    ).json()
    expect(audit.docs[0]).toMatchObject({
      actor: expect.stringMatching(/^users:/),
      fields: ['ssn'],
    })

    await page.goto(`${service.url}/admin/collections/credit-app/crapp_demo_maria`, {
      waitUntil: 'networkidle',
    })
    // A readable title, and the form in tabs: the provider's part in its own.
    await page
      .getByRole('heading', { name: 'María González — 2022 Toyota Camry · Provider A' })
      .waitFor({ timeout: 30_000 })
    for (const tab of ['Applicant', 'Co-applicant', 'Vehicle & pre-approval'])
      await page.getByRole('button', { exact: true, name: tab }).waitFor({ timeout: 30_000 })
    await page.getByRole('button', { exact: true, name: 'Provider submission' }).click()
    await page.screenshot({ path: screenshot('credit-app') })
    // The provider's answer is drawn as text: Payload's JSON editor would load from a public CDN.
    await page
      .locator('.json-readout', { hasText: 'Provider Response' })
      .waitFor({ timeout: 30_000 })
    // The jobs queue, for staff admins, under Operations.
    await page.goto(`${service.url}/admin/collections/payload-jobs`, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: 'Jobs' }).first().waitFor({ timeout: 30_000 })
    expect(violations).toEqual([])

    const staff = await staffPage()
    await staff.goto(`${service.url}/admin/collections/consumer/con_demo_maria`, {
      waitUntil: 'networkidle',
    })
    await staff.locator('#field-ssn[value="***-**-4321"]').waitFor({ timeout: 30_000 })
    expect(await staff.getByRole('button', { name: 'Reveal SSN' }).count()).toBe(0)
  }, 180_000)

  it('the dashboard shows the pipeline with links to the lists it counts; staff see no audit figures', async () => {
    browser ??= await launchBrowser()
    const page = await browser.newPage()
    const violations = cspViolations(page)
    await signIn(page, login.email, login.password)
    await page.goto(`${service.url}/admin`, { waitUntil: 'networkidle' })
    const leads = page.locator('[data-figure="New leads today"]')
    await leads.waitFor({ timeout: 30_000 })
    const seeded = (await (await page.request.get(`${service.url}/api/lead?limit=1`)).json())
      .totalDocs
    expect(Number(await leads.textContent())).toBe(seeded)
    await page.locator('[data-figure="SSN reveals today"]').waitFor({ timeout: 30_000 })
    await page.locator('a', { has: leads }).click()
    await page.waitForURL(/\/admin\/collections\/lead\?where/, { timeout: 30_000 })
    await page
      .locator('tbody tr')
      .nth(seeded - 1)
      .waitFor({ timeout: 30_000 })
    expect(await page.locator('tbody tr').count()).toBe(seeded)
    expect(violations).toEqual([])

    const staff = await staffPage()
    await staff.goto(`${service.url}/admin`, { waitUntil: 'networkidle' })
    await staff.locator('[data-figure="Credit apps this week"]').waitFor({ timeout: 30_000 })
    expect(await staff.locator('[data-figure="SSN reveals today"]').count()).toBe(0)
  }, 180_000)

  it('a staff user who forgot the password resets it from the e-mailed link', async () => {
    browser ??= await launchBrowser()
    const admin = await browser.newPage()
    await signIn(admin, login.email, login.password)
    const email = `forgetful-${process.pid}@example.com`
    const created = await admin.request.post(`${service.url}/api/users`, {
      data: { email, password: 'an old Passw0rd!', role: 'staff' },
    })
    expect(created.status()).toBe(201)
    const page = await (await browser.newContext()).newPage()
    // On a loaded machine networkidle can come before the form hydrates (sendUntilCarried).
    await page.goto(`${service.url}/admin/forgot`, { waitUntil: 'networkidle' })
    const asked = await sendUntilCarried(page, { email }, '/forgot-password', email)
    // The page thanks the person whatever the answer: the answer itself must be a success.
    expect({ body: await asked.text(), status: asked.status() }).toMatchObject({ status: 200 })
    const mail = await smtp!.waitFor(email, 60_000)
    const link = firstLink(mail)
    expect(link.startsWith(`http://localhost:${env.PORT}/admin/reset/`)).toBe(true)
    await page.goto(link, { waitUntil: 'networkidle' })
    const fresh = 'a new Passw0rd!'
    const answer = await sendUntilCarried(
      page,
      { 'confirm-password': fresh, password: fresh },
      '/reset-password',
      fresh,
    )
    expect(answer.status()).toBe(200)
    await page.waitForURL((url) => !url.pathname.includes('/reset'), { timeout: 60_000 })
    const again = await (await browser.newContext()).newPage()
    await signIn(again, email, fresh)
    expect(new URL(again.url()).pathname).toBe('/admin')
  }, 300_000)

  it('staff find a consumer by name from the dashboard, and nobody by an SSN', async () => {
    const staff = await staffPage()
    await staff.goto(`${service.url}/admin`, { waitUntil: 'networkidle' })
    const box = staff.getByRole('searchbox', { name: 'Search records' })
    await box.fill('González')
    await staff.getByRole('button', { exact: true, name: 'Search' }).click()
    const results = staff.getByTestId('search-results')
    await results.getByRole('link', { name: 'María González' }).first().waitFor({ timeout: 30_000 })
    await box.fill('4321')
    await staff.getByRole('button', { exact: true, name: 'Search' }).click()
    await results.getByText('Nothing found.').waitFor({ timeout: 30_000 })
  }, 120_000)

  it('a deal edited by staff keeps a version saying who changed what, which a staff admin restores', async () => {
    browser ??= await launchBrowser()
    const staff = await staffPage()
    const before = await (await staff.request.get(`${service.url}/api/deal/deal_demo_camry`)).json()
    const edited = await staff.request.patch(`${service.url}/api/deal/deal_demo_camry`, {
      data: { currentBidPrice: (before.currentBidPrice ?? 0) + 1000 },
    })
    expect(edited.status()).toBe(200)
    const page = await browser.newPage()
    await signIn(page, login.email, login.password)
    await page.goto(`${service.url}/admin/collections/deal/deal_demo_camry/versions`, {
      waitUntil: 'networkidle',
    })
    const rows = page.locator('tbody tr')
    await rows.first().waitFor({ timeout: 30_000 })
    // The newest version first: open the one before the edit and restore it.
    await rows.nth(1).getByRole('link').first().click()
    await page.getByText('Current Bid Price').first().waitFor({ timeout: 30_000 })
    await page.screenshot({ path: screenshot('deal-history') })
    await page
      .getByRole('button', { name: /Restore/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.waitForURL(/\/admin\/collections\/deal\/deal_demo_camry$/, { timeout: 30_000 })
    const after = await (await page.request.get(`${service.url}/api/deal/deal_demo_camry`)).json()
    expect(after.currentBidPrice).toBe(before.currentBidPrice)
  }, 180_000)

  it('a staff admin sees webhook deliveries, resends one, and rotates an endpoint\u2019s secret', async () => {
    browser ??= await launchBrowser()
    const receiver = await startWebhookReceiver()
    try {
      const page = await browser.newPage()
      await signIn(page, login.email, login.password)
      const created = await page.request.post(`${service.url}/api/webhook-endpoints`, {
        data: { description: 'Browser test', events: ['error.created'], url: receiver.url },
      })
      expect(created.status()).toBe(201)
      const endpoint = (await created.json()).doc
      receiver.secrets = [endpoint.secret]
      await page.request.post(`${service.url}/api/errors`, {
        data: { message: 'Checkout failed', source: 'browser-test' },
      })
      const [first] = await receiver.waitFor(1, () => true, 60_000)
      expect(first.verifiedWith).toBe(0)

      // The receiver has the request; the log says so once the service has read its answer.
      for (let tries = 0; tries < 100; tries++) {
        const log = await (
          await page.request.get(
            `${service.url}/api/webhook-deliveries?where[messageId][equals]=${first.id}`,
          )
        ).json()
        if (log.docs[0]?.status === 'succeeded') break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await page.goto(`${service.url}/admin/collections/webhook-deliveries`, {
        waitUntil: 'networkidle',
      })
      // The log lists the event, its endpoint and how the delivery went.
      const row = page.locator('tbody tr', { hasText: 'error.created' }).first()
      await row.filter({ hasText: 'succeeded' }).waitFor({ timeout: 30_000 })
      // The endpoint cell is a relationship the list loads after the rows ("Loading...").
      await row.filter({ hasText: receiver.url }).waitFor({ timeout: 30_000 })
      expect(await row.textContent()).toContain(receiver.url)
      await row.getByRole('link').first().click()
      await page.locator(`#field-messageId[value="${first.id}"]`).waitFor({ timeout: 30_000 })
      await page.getByRole('button', { name: 'Resend' }).click()
      await page.getByRole('status').filter({ hasText: 'Queued' }).waitFor({ timeout: 30_000 })
      const [, again] = await receiver.waitFor(2, () => true, 60_000)
      expect(again.id).toBe(first.id)
      expect(again.verifiedWith).toBe(0)
      await page.screenshot({ path: path.join(projectRoot, '.data', 'e2e-webhook-delivery.png') })

      await page.goto(`${service.url}/admin/collections/webhook-endpoints/${endpoint.id}`, {
        waitUntil: 'networkidle',
      })
      await page.getByRole('button', { name: 'Rotate secret' }).click()
      const secret = await page.getByTestId('webhook-secret').textContent({ timeout: 30_000 })
      expect(secret).toMatch(/^whsec_/)
      expect(secret).not.toBe(endpoint.secret)
    } finally {
      await receiver.close()
    }
  }, 180_000)

  it('SIGTERM stops the service cleanly and leaves no PostgreSQL process behind', async () => {
    const code = await service.stop('SIGTERM')
    expect(code).toBe(0)
    expect(service.output()).toContain('"msg":"stopped"')
    expect(postgresProcessesIn(dataDir)).toEqual([])
  }, 60_000)
})

describe('second start', () => {
  it(
    'reuses the data and the build: no new admin, no rebuild',
    async () => {
      service = await startServiceProcess(env)
      // No deadline of its own: a start is slow, not broken, on a machine busy with the other
      // tests (loading Payload and the config through tsx took 20-60 s with both cores in use).
      await service.waitFor(/^API:\s+http/m, BUILD_AND_START)
      expect(service.output()).not.toContain('Created an admin account')
      expect(service.output()).not.toContain('building the admin UI')
      const ready = await fetch(`${service.url}/readyz`)
      expect(ready.status).toBe(200)
      expect(await service.stop('SIGINT')).toBe(0)
      expect(postgresProcessesIn(dataDir)).toEqual([])
    },
    BUILD_AND_START + 60_000,
  )
})

describe('production configuration', () => {
  it('refuses to start without PAYLOAD_SECRET, saying why', async () => {
    const refused = await startServiceProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.TEST_DATABASE_SERVER,
      NODE_ENV: 'production',
      PAYLOAD_SECRET: undefined,
    })
    expect(await refused.exited).toBe(1)
    expect(refused.output()).toContain('PAYLOAD_SECRET is not set')
  }, 120_000)
})
