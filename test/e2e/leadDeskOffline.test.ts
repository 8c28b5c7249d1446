/**
 * The lead page's actions when the service does not answer at all (the connection dropped, the
 * service restarting): Log activity and Take this lead say so and can be tried again, instead of
 * leaving a button stuck on "Logging…".
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

const UNREACHABLE = 'The service could not be reached. Check the connection and try again.'

let admin: AdminService
let staff: Page
let lead: number

const desk = (page: Page) => page.locator('section[aria-label="Lead desk"]')

beforeAll(async () => {
  admin = await startAdminService('desk-offline')
  staff = await admin.pageAs(DEMO_STAFF)
  const email = encodeURIComponent('maria.gonzalez@example.com')
  lead = (await admin.api(staff, `/lead?where[email][equals]=${email}&depth=0`)).docs[0].id
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await admin?.close()
})

describe('the lead page without an answer from the service', () => {
  it(
    'Log activity says the service could not be reached, records nothing, and can be retried',
    async () => {
      const before = (await admin.api(staff, `/leadEvents?where[lead][equals]=${lead}&limit=1`))
        .totalDocs
      await admin.open(staff, `/collections/lead/${lead}`)
      await desk(staff).locator('[data-desk="status"]').waitFor(WAIT)
      await staff.route('**/api/leadEvents', (route) => route.abort('internetdisconnected'))
      const form = staff.getByRole('form', { name: 'Log activity' })
      await form.locator('select[name="type"]').selectOption('Customer Call')
      await form.getByRole('button', { name: 'Log activity' }).click()
      await expect(form.getByRole('alert').innerText(WAIT)).resolves.toBe(UNREACHABLE)
      const button = form.getByRole('button', { name: 'Log activity' })
      await expect(button.isEnabled()).resolves.toBe(true)
      await staff.unroute('**/api/leadEvents')
      expect(
        (await admin.api(staff, `/leadEvents?where[lead][equals]=${lead}&limit=1`)).totalDocs,
      ).toBe(before)
      // Once the connection is back, the same click records the call and reloads the page.
      const reloaded = staff.waitForEvent('load', WAIT)
      await button.click()
      await reloaded
      expect(
        (await admin.api(staff, `/leadEvents?where[lead][equals]=${lead}&limit=1`)).totalDocs,
      ).toBe(before + 1)
    },
    STEP_MS,
  )
})
