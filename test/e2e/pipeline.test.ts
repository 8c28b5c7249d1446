/**
 * The manager's pipeline in Chromium: a credit app held for authorization and one its provider
 * could not be sent to are on the to-do list; a lead with no location is listed as unassigned
 * from the start; the team's overdue follow-ups, unassigned leads and each agent's open leads and
 * first-contact time are on the dashboard, an agent's count one click from their leads; the
 * dealership's time zone, set on its company page, is the dealer's "today"; and a configuration
 * error is told to admins, never to sales staff. The pipeline picture of docs/admin-ui.md is
 * taken here.
 */
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
import { addOtherDealership } from '../helpers/otherDealership'

const DEALER = 'alex.kim@example.com'
const CONFIGURATION = 'provider_b is not configured (PROVIDER_B_URL)'

let service: AdminService
let admin: Page

const screenshot = (name: string) => path.join(projectRoot, 'docs', 'screenshots', `${name}.png`)

/** Polls the credit app as `page` reads it until its submission reaches `status`. */
const submissionReaches = async (page: Page, app: string, status: string) => {
  for (let i = 0; i < 120; i++) {
    const found = await service.api(page, `/credit-app/${app}?depth=0`)
    if (found.providerSubmission?.status === status) return found
    await page.waitForTimeout(500)
  }
  throw new Error(`${app} never reached ${status}`)
}

/** A field of Maria's app's provider submission, on its tab of the app's page. */
const submissionField = async (page: Page, name: string) => {
  await service.open(page, '/collections/credit-app/crapp_demo_maria')
  await page.locator('.tabs-field__tab-button', { hasText: 'Provider submission' }).click()
  const field = page.locator(`#field-providerSubmission__${name}`)
  await field.waitFor(WAIT)
  return field
}

const figure = (page: Page, label: string) =>
  page.locator(`[data-figure="${label}"]`).innerText({ timeout: WAIT.timeout })

beforeAll(async () => {
  // No address for provider B: an app sent to it fails for want of configuration.
  service = await startAdminService('pipeline', { PROVIDER_B_URL: undefined })
  admin = await service.pageAs(service.admin.email)
  const patch = async (app: string, data: object) => {
    const response = await admin.request.patch(`${service.url}/api/credit-app/${app}`, { data })
    expect([app, response.status()]).toEqual([app, 200])
  }
  // James Carter's co-applicant has not authorized a credit report: the app is held.
  await patch('crapp_demo_james', { toProvider: true })
  // María's authorization is on file: her app goes to provider B, which is not set up.
  await patch('crapp_demo_maria', { provider: 'provider_b', toProvider: true })
  const nowhere = await admin.request.post(`${service.url}/api/lead`, {
    data: { email: 'nora.nowhere@example.com', firstName: 'Nora', lastName: 'Nowhere' },
  })
  expect(nowhere.status()).toBe(201)
  await addOtherDealership(service, { firstName: 'Bo', lastName: 'Elsewhere' })
  await submissionReaches(admin, 'crapp_demo_james', 'awaiting authorization')
  await submissionReaches(admin, 'crapp_demo_maria', 'failed')
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
})

describe("the manager's pipeline", () => {
  it(
    'puts held and failed apps and unassigned leads on the to-do, with the team beside the figures',
    async () => {
      await service.open(admin, '')
      const apps = admin.getByRole('region', { name: 'Credit apps needing attention' })
      await apps.getByText('awaiting authorization', { exact: false }).waitFor(WAIT)
      // An admin reads what the service lacks.
      await apps.getByText(CONFIGURATION, { exact: false }).waitFor(WAIT)
      const unassigned = admin.getByRole('region', { name: 'Leads without an assignee' })
      await unassigned.getByRole('link', { name: 'Nora Nowhere' }).waitFor(WAIT)
      await expect(
        unassigned.locator('li', { hasText: 'Nora Nowhere' }).innerText(),
      ).resolves.toContain('no location')
      expect(Number(await figure(admin, 'Submissions awaiting authorization'))).toBe(1)
      // The demo's María González was due a quarter of an hour ago.
      expect(Number(await figure(admin, 'Follow-ups overdue'))).toBeGreaterThanOrEqual(1)
      // Nora, and the other dealership's lead: the house sees every dealership's.
      expect(Number(await figure(admin, 'Leads without an assignee'))).toBeGreaterThanOrEqual(2)

      // The team: the demo staff user holds the demo's leads; one click opens them.
      const team = admin.getByRole('table', { name: 'Team' })
      const sam = team.locator('tr[data-agent="Sam Rivera"]')
      await sam.waitFor(WAIT)
      const open = Number(await sam.locator('[data-agent-open]').innerText())
      expect(open).toBeGreaterThanOrEqual(1)
      await admin.screenshot({ fullPage: true, path: screenshot('pipeline') })
      await sam.locator('[data-agent-open]').click()
      await admin.waitForURL(/\/admin\/collections\/lead\?where/, WAIT)
      await admin.locator('tbody tr').first().waitFor(WAIT)
      await admin.waitForLoadState('networkidle')
      expect(await admin.locator('tbody tr').count()).toBe(open)
    },
    STEP_MS,
  )

  it(
    'tells sales staff a plain reason for a failed app, never the configuration',
    async () => {
      const staff = await service.pageAs(DEMO_STAFF)
      try {
        await service.open(staff, '')
        const apps = staff.getByRole('region', { name: 'Credit apps needing attention' })
        await apps
          .getByText('Not sent: this service is not set up to send apps to Provider B yet', {
            exact: false,
          })
          .waitFor(WAIT)
        expect(await staff.content()).not.toContain('PROVIDER_B_URL')
        const submission = await submissionField(staff, 'message')
        expect(await submission.inputValue()).toContain('Not sent: this service')
        expect(await staff.locator('#field-providerSubmission__configuration').count()).toBe(0)
        expect(await staff.content()).not.toContain('PROVIDER_B_URL')
        // The admin reads the missing setting on the app's page.
        expect(await (await submissionField(admin, 'configuration')).inputValue()).toBe(
          CONFIGURATION,
        )
      } finally {
        await staff.context().close()
      }
    },
    STEP_MS,
  )

  it(
    "counts a dealer's today in its dealership's time zone, set on the company's page, and only its own leads",
    async () => {
      await service.open(admin, '/collections/company/com_demo_sunset')
      await admin.locator('#field-timeZone').fill('America/Los_Angeles')
      await admin.locator('#action-save:not([disabled])').click()
      await admin.getByText('Updated successfully').first().waitFor(WAIT)
      const dealer = await service.pageAs(DEALER)
      try {
        await service.open(dealer, '')
        const day = dealer.locator('[data-dashboard-day]')
        await day.waitFor(WAIT)
        expect(await day.getAttribute('data-dashboard-day')).toBe('America/Los_Angeles')
        const losAngeles = new Intl.DateTimeFormat('en-US', {
          dateStyle: 'full',
          timeZone: 'America/Los_Angeles',
        }).format(new Date())
        expect(await day.innerText()).toContain(losAngeles)
        // Neither the house's lead with no location nor the other dealership's is the dealer's.
        const unassigned = dealer.getByRole('region', { name: 'Leads without an assignee' })
        await unassigned.waitFor(WAIT)
        expect(await unassigned.innerText()).not.toMatch(/Nora Nowhere|Bo Elsewhere/)
        expect(Number(await figure(dealer, 'Leads without an assignee'))).toBe(0)
        await dealer.getByRole('table', { name: 'Team' }).waitFor(WAIT)
      } finally {
        await dealer.context().close()
      }
    },
    STEP_MS,
  )
})
