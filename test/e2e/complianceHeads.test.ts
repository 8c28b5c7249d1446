/**
 * Credit apps and compliance pages with a head, in Chromium as staff would read them: a credit
 * app says where sending it stands first (held, declined), with its notices and sanctions matches
 * linked; a sanctions match shows the screened person's own birth date and address beside the
 * list entry's remarks, says what its score compared, and loads without a refused request; a
 * notice that names no creditor (none configured here) says it is not ready and offers no
 * delivery; a consumer's page lists what compliance holds on them, and a dealer's user sees only
 * the kinds a dealer may read, and records an authorization as staff do.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { projectRoot } from '@/lib/paths'

import {
  ADMIN_SERVICE_MS,
  type AdminService,
  DEMO_STAFF,
  startAdminService,
  STEP_MS,
  WAIT,
} from '../helpers/adminService'
import { type FakeProvider, startFakeProvider } from '../helpers/fakeProvider'

const DEALER = 'alex.kim@example.com'

/** Retaken by every run, shown in docs/admin-ui.md. */
const screenshot = (name: string) => path.join(projectRoot, 'docs', 'screenshots', `${name}.png`)

let service: AdminService
let provider: FakeProvider
let staff: Page
let heldApp: string
let declinedApp: string
let waitingApp: string

const appFor = async (fields: Record<string, unknown>): Promise<string> => {
  const created = await staff.request.post(`${service.url}/api/credit-app`, {
    data: {
      consumer: 'con_demo_maria',
      preApproval: 'pre_demo_maria',
      provider: 'provider_a',
      toProvider: true,
      vehicle: '4T1B11HK7NU000123',
      ...fields,
    },
  })
  expect(created.status()).toBe(201)
  return (await created.json()).doc.id
}

/** Polls `route` (an API path) until `done` holds for its answer. */
const until = async (route: string, done: (body: Record<string, unknown>) => boolean) => {
  for (let tries = 0; tries < 300; tries += 1) {
    const body = await service.api(staff, route)
    if (done(body)) return body
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${route} never came to the state waited for`)
}

/**
 * On a held app's page, reads the disclosure's opening and records the applicant's authorization
 * as `page`'s user, `beforeRecording` (a screenshot, say) in between; waits for the app's release.
 */
const recordAuthorization = async (
  page: Page,
  app: string,
  method: 'in-person' | 'phone',
  beforeRecording?: () => Promise<unknown>,
) => {
  await service.open(page, `/collections/credit-app/${app}`)
  const head = page.getByRole('region', { name: 'Submission' })
  await head.getByRole('heading', { name: 'Held: awaiting authorization' }).waitFor(WAIT)
  const record = head.getByRole('region', { name: 'Record authorization' })
  await record.getByText(/^By submitting this application I authorize/).waitFor(WAIT)
  await beforeRecording?.()
  await record.getByRole('combobox', { name: 'How they agreed' }).selectOption(method)
  await record.getByRole('button', { name: 'Record authorization' }).click()
  await record
    .getByRole('status')
    .getByText('Authorization recorded: the app is sent now.', { exact: false })
    .waitFor(WAIT)
}

beforeAll(async () => {
  provider = await startFakeProvider('a')
  // No CREDITOR_NAME or CREDITOR_ADDRESS: the notices made here name no creditor.
  service = await startAdminService('heads', { PROVIDER_A_URL: provider.url })
  staff = await service.pageAs(DEMO_STAFF)
  const admin = await service.pageAs(service.admin.email)
  const fixtures = path.resolve(import.meta.dirname, '../fixtures/sanctions')
  const files = Object.fromEntries(
    ['sdn', 'alt', 'add'].map((name) => [
      name,
      fs.readFileSync(path.join(fixtures, `${name}.csv`), 'utf8'),
    ]),
  )
  const loaded = await admin.request.post(`${service.url}/api/sanctions-list/load`, {
    data: files,
  })
  expect(loaded.status()).toBeLessThan(300)
  await admin.context().close()
  // Named as a listed person on the app itself, with the list's birth date.
  heldApp = await appFor({ birthDate: '1971-03-14', firstName: 'Dmitri', lastName: 'Volkov' })
  provider.script({
    body: { bureau: 'Experian', creditScore: 575, decision: 'declined', id: 'a-heads' },
    kind: 'status',
    status: 201,
  })
  // Held until María's credit-report authorization for it is recorded (the demo's is another app's).
  declinedApp = await appFor({})
  // Left waiting for its authorization.
  waitingApp = await appFor({})
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
  await provider?.close()
})

describe('a credit app’s head', () => {
  it(
    'a held app says so first, why, and links its sanctions match',
    async () => {
      await service.open(staff, `/collections/credit-app/${heldApp}`)
      const head = staff.getByRole('region', { name: 'Submission' })
      await head.getByRole('heading', { name: 'Held: awaiting sanctions review' }).waitFor(WAIT)
      expect(await head.getAttribute('data-app-status')).toBe('held')
      expect(await head.innerText()).toContain('It is sent once a reviewer clears the match below.')
      const match = head
        .getByRole('region', { name: 'Sanctions matches' })
        .getByRole('link', { name: 'Dmitri Volkov against VOLKOV, Dmitri Ivanovich' })
      await match.waitFor(WAIT)
      expect(await match.getAttribute('href')).toMatch(
        /\/admin\/collections\/sanctions-match\/\d+$/,
      )
      await staff.screenshot({ path: screenshot('credit-app-held') })
    },
    STEP_MS,
  )

  it(
    'an app held for an authorization shows the disclosure and records it in one step, then is sent',
    async () => {
      await recordAuthorization(staff, declinedApp, 'phone', () =>
        staff.screenshot({ path: screenshot('consent-capture') }),
      )
      const { docs } = await service.api(
        staff,
        `/consents?where[creditApp][equals]=${declinedApp}&depth=0`,
      )
      expect(docs).toMatchObject([
        {
          action: 'grant',
          consumer: 'con_demo_maria',
          kind: 'credit-report-authorization',
          method: 'phone',
          recordedBy: expect.stringContaining(DEMO_STAFF),
          role: 'applicant',
        },
      ])
      // Released: sent to the provider, which declines it.
      await until(
        `/adverse-action-notice?where[creditApp][equals]=${declinedApp}`,
        (body) => Array.isArray(body.docs) && body.docs.length > 0,
      )
    },
    STEP_MS,
  )

  it(
    "lets a dealer of the app's company record the authorization too, as its own company's",
    async () => {
      const dealer = await service.pageAs(DEALER)
      await recordAuthorization(dealer, waitingApp, 'in-person')
      // As staff: a dealer does not read who recorded it.
      const { docs } = await service.api(
        staff,
        `/consents?where[creditApp][equals]=${waitingApp}&depth=0`,
      )
      expect(docs).toMatchObject([
        { method: 'in-person', recordedBy: expect.stringContaining(DEALER), role: 'applicant' },
      ])
      await dealer.context().close()
    },
    STEP_MS,
  )

  it(
    'a declined app says who declined it, and links its notice with its due date',
    async () => {
      await service.open(staff, `/collections/credit-app/${declinedApp}`)
      const head = staff.getByRole('region', { name: 'Submission' })
      await head.getByRole('heading', { name: 'Accepted by Provider A: declined' }).waitFor(WAIT)
      expect(await head.getAttribute('data-app-status')).toBe('problem')
      const notices = head.getByRole('region', { name: 'Adverse-action notices' })
      await notices.getByRole('link', { name: 'Decline notice' }).waitFor(WAIT)
      expect(await notices.innerText()).toMatch(/Decline notice · due [A-Z][a-z]{2} \d{1,2}, \d{4}/)
    },
    STEP_MS,
  )
})

it(
  'a sanctions match shows the screened person beside the list’s remarks and what the score compared, with no refused request',
  async () => {
    const refused: string[] = []
    staff.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url())
    })
    await service.open(staff, `/collections/credit-app/${heldApp}`)
    await staff
      .getByRole('link', { name: 'Dmitri Volkov against VOLKOV, Dmitri Ivanovich' })
      .click()
    const person = staff.getByRole('region', { name: 'Screened person' })
    await person.waitFor(WAIT)
    await staff.waitForLoadState('networkidle')
    expect(await person.locator('[data-birth-date]').innerText()).toBe('1971-03-14')
    // María's own address: the app names Volkov, the consumer gives where he lives.
    expect(await person.locator('[data-address]').innerText()).toMatch(/, [A-Z]{2} \d{5}/)
    expect(await staff.locator('textarea[name="remarks"]').inputValue()).toContain(
      'DOB 14 Mar 1971',
    )
    expect(await staff.locator('input[name="signals"]').inputValue()).toBe(
      'birth date matches the list; every listed address is outside the United States',
    )
    await staff.screenshot({ fullPage: true, path: screenshot('sanctions-review') })
    expect(refused).toEqual([])
  },
  STEP_MS,
)

it(
  'a notice that names no creditor says it is not ready, and offers no delivery',
  async () => {
    const { docs } = await service.api(
      staff,
      `/adverse-action-notice?where[creditApp][equals]=${declinedApp}`,
    )
    await service.open(staff, `/collections/adverse-action-notice/${docs[0].id}`)
    const actions = staff.getByRole('region', { name: 'Notice actions' })
    await actions
      .getByRole('alert')
      .getByText(/^Not ready to send/)
      .waitFor(WAIT)
    expect(await actions.getByRole('button').count()).toBe(0)
    const letter = await staff.request.get(
      `${service.url}/api/adverse-action-notice/${docs[0].id}/print`,
    )
    expect(await letter.text()).toContain('Not ready to send')
  },
  STEP_MS,
)

it(
  'a text refused for want of consent offers to record it on the lead’s desk, and then goes',
  async () => {
    const { docs } = await service.api(
      staff,
      '/lead?where[consumer][equals]=con_demo_maria&depth=0',
    )
    await service.open(staff, `/collections/lead/${docs[0].id}`)
    // The desk is drawn on the server: its form works once hydrated.
    await staff.locator('section[aria-label="Lead desk"][data-ready="true"]').waitFor(WAIT)
    const form = staff.getByRole('form', { name: 'Log activity' })
    await form.locator('select[name="type"]').selectOption('Outbound Text')
    await form.getByRole('button', { name: 'Log activity' }).click()
    await form
      .getByRole('alert')
      .getByText(/^No consent: /)
      .waitFor(WAIT)
    const consent = form.getByRole('group', { name: 'Record consent' })
    await consent.getByRole('combobox', { name: 'How they agreed' }).selectOption('phone')
    await consent.getByRole('button', { name: 'Record calls and texts consent' }).click()
    await form
      .getByRole('status')
      .getByText('Consent recorded. Log the activity again.')
      .waitFor(WAIT)
    expect(await form.getByRole('alert').count()).toBe(0)
    // Logged, the page reloads to show it.
    const reloaded = staff.waitForEvent('load', WAIT)
    await form.getByRole('button', { name: 'Log activity' }).click()
    await reloaded
    await until(
      `/leadEvents?where[lead][equals]=${docs[0].id}&where[type][equals]=Outbound Text`,
      (body) => Array.isArray(body.docs) && body.docs.length === 1,
    )
  },
  STEP_MS,
)

describe('a consumer’s page', () => {
  it(
    'lists what compliance holds on them, each linked, to staff',
    async () => {
      await service.open(staff, '/collections/consumer/con_demo_maria')
      const section = (name: string) => staff.getByRole('region', { name, exact: true })
      await section('Adverse-action notices')
        .getByRole('link', { name: 'Decline notice' })
        .waitFor(WAIT)
      await section('Sanctions matches')
        .getByRole('link', { name: 'Dmitri Volkov against VOLKOV, Dmitri Ivanovich' })
        .waitFor(WAIT)
      for (const title of ['Do-not-contact requests', 'Legal holds', 'Data requests'])
        await section(title).waitFor(WAIT)
    },
    STEP_MS,
  )

  it(
    'shows a dealer’s user the kinds a dealer reads: its apps’ notices and sanctions matches, no legal holds',
    async () => {
      const dealer = await service.pageAs(DEALER)
      await service.open(dealer, '/collections/consumer/con_demo_maria')
      const credit = dealer.getByRole('region', { name: 'Credit apps', exact: true })
      await credit.waitFor(WAIT)
      for (const title of ['Adverse-action notices', 'Sanctions matches'])
        await dealer.getByRole('region', { name: title, exact: true }).waitFor(WAIT)
      expect(await dealer.getByRole('region', { name: 'Legal holds', exact: true }).count()).toBe(0)
      // Its app's match and notice read, with none of the actions only house staff may take.
      const [match] = (
        await service.api(staff, `/sanctions-match?where[subjectId][equals]=${heldApp}`)
      ).docs as { id: number }[]
      const [notice] = (
        await service.api(staff, `/adverse-action-notice?where[creditApp][equals]=${declinedApp}`)
      ).docs as { id: number }[]
      await service.open(staff, `/collections/sanctions-match/${match.id}`)
      await staff.getByRole('region', { name: 'Review' }).waitFor(WAIT)
      await service.open(dealer, `/collections/sanctions-match/${match.id}`)
      await dealer.getByText('Dmitri Volkov', { exact: false }).first().waitFor(WAIT)
      expect(await dealer.getByRole('region', { name: 'Review' }).count()).toBe(0)
      await service.open(dealer, `/collections/adverse-action-notice/${notice.id}`)
      await dealer.getByRole('heading', { name: /María/ }).first().waitFor(WAIT)
      expect(await dealer.getByRole('region', { name: 'Notice actions' }).count()).toBe(0)
      await dealer.context().close()
    },
    STEP_MS,
  )
})
