/**
 * The consent ledger in the admin UI (docs/compliance.md): a consent's page is read-only, with no
 * save or delete, and a consumer's page lists their consents.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import {
  ADMIN_SERVICE_MS,
  type AdminService,
  DEMO_STAFF,
  startAdminService,
  STEP_MS,
  WAIT,
} from '../helpers/adminService'

let admin: AdminService
let staff: Page
let consent: number

beforeAll(async () => {
  admin = await startAdminService('consents')
  staff = await admin.pageAs(DEMO_STAFF)
  const disclosure = await staff.request.post(`${admin.url}/api/disclosures`, {
    data: {
      kind: 'credit-report-authorization',
      text: 'I authorize Sunset Motors to obtain my credit report.',
      version: 'e2e-1',
    },
  })
  expect(disclosure.status()).toBe(201)
  const recorded = await staff.request.post(`${admin.url}/api/consents?depth=0`, {
    data: {
      action: 'grant',
      consumer: 'con_demo_maria',
      disclosure: (await disclosure.json()).doc.id,
      kind: 'credit-report-authorization',
      method: 'in-person',
      role: 'applicant',
    },
  })
  expect(recorded.status()).toBe(201)
  consent = (await recorded.json()).doc.id
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await admin?.close()
})

describe('consents', () => {
  it(
    'show a consent read-only: its values, who recorded it, and no save or delete',
    async () => {
      await admin.open(staff, `/collections/consents/${consent}`)
      const recordedBy = staff.locator('input[name="recordedBy"]')
      await recordedBy.waitFor(WAIT)
      expect(await recordedBy.inputValue()).toBe('Sam Rivera <sam.rivera@example.com>')
      expect(await staff.getByRole('button', { name: /^Save$/ }).count()).toBe(0)
      expect(await staff.locator('input[name="disclosureVersion"]').inputValue()).toBe('e2e-1')
      expect(await staff.locator('input[name="disclosureVersion"]').isDisabled()).toBe(true)
      // The document's menu offers no delete.
      const menu = staff.locator('.doc-controls__popup button, .popup-button').first()
      if (await menu.count()) await menu.click()
      expect(await staff.getByRole('button', { name: /^Delete$/ }).count()).toBe(0)
    },
    STEP_MS,
  )

  it(
    "list on the consumer's page, each linked",
    async () => {
      await admin.open(staff, '/collections/consumer/con_demo_maria')
      const section = staff.getByRole('region', { name: 'Consents' })
      await section.waitFor(WAIT)
      // The demo data's authorization and this test's, newest first.
      const links = section.getByRole('link', { name: 'Credit-report authorization' })
      expect(await links.count()).toBe(2)
      expect(await links.first().getAttribute('href')).toBe(
        `/admin/collections/consents/${consent}`,
      )
      expect(await section.innerText()).toMatch(
        /granted · applicant · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/,
      )
    },
    STEP_MS,
  )
})
