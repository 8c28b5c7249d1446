/**
 * The compliance screens in Chromium: a declined credit app's adverse-action notice opened by
 * staff, its printable letter, and a delivery recorded from its page; a staff admin loading the
 * SDN list from the form above the sanctions lists, and reading the breach-readiness report (in
 * staff's words: labels, not slugs or file paths).
 */
import path from 'node:path'

import { afterAll, beforeAll, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import {
  ADMIN_SERVICE_MS,
  type AdminService,
  DEMO_STAFF,
  startAdminService,
  STEP_MS,
  WAIT,
} from '../helpers/adminService'
import { type FakeProvider, startFakeProvider } from '../helpers/fakeProvider'

let service: AdminService
let provider: FakeProvider
let staff: Page

beforeAll(async () => {
  provider = await startFakeProvider('a')
  service = await startAdminService('compliance', {
    // The fake provider stands for one that collects the credit-report authorization itself.
    CREDIT_AUTHORIZATION_REQUIRED: 'false',
    CREDITOR_ADDRESS: '500 Congress Ave, Austin, TX 78701',
    CREDITOR_NAME: 'Sunset Motors Finance',
    PROVIDER_A_URL: provider.url,
  })
  staff = await service.pageAs(DEMO_STAFF)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
  await provider?.close()
})

it(
  'staff open a declined app’s notice, print it and record that it was mailed',
  async () => {
    provider.script({
      body: { bureau: 'Experian', creditScore: 575, decision: 'declined', id: 'a-1' },
      kind: 'status',
      status: 201,
    })
    const created = await staff.request.post(`${service.url}/api/credit-app`, {
      data: {
        consumer: 'con_demo_maria',
        preApproval: 'pre_demo_maria',
        provider: 'provider_a',
        toProvider: true,
        vehicle: '4T1B11HK7NU000123',
      },
    })
    expect(created.status()).toBe(201)
    const app = (await created.json()).doc.id
    let notice: number | undefined
    for (let tries = 0; !notice && tries < 200; tries += 1) {
      const found = await service.api(
        staff,
        `/adverse-action-notice?where[creditApp][equals]=${app}`,
      )
      notice = found.docs?.[0]?.id
      if (!notice) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(notice).toBeDefined()
    await service.open(staff, `/collections/adverse-action-notice/${notice}`)
    const print = staff.getByRole('link', { name: 'Open the printable notice' })
    await print.waitFor(WAIT)
    const letter = await staff.request.get(`${service.url}${await print.getAttribute('href')}`)
    expect(await letter.text()).toContain('Experian')
    // Nothing is recorded on one click: the delivery is asked to be confirmed, and can be called off.
    const mailed = staff.getByRole('button', { name: 'Record: printed and mailed' })
    await mailed.click()
    const confirm = staff.getByRole('group', { name: 'Confirm the delivery' })
    await confirm.getByText(/^Record that the notice was printed and mailed to .+\?/).waitFor(WAIT)
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    expect(await service.api(staff, `/adverse-action-notice/${notice}`)).toMatchObject({
      deliveredAt: null,
    })
    await mailed.click()
    await confirm.getByRole('button', { name: 'Confirm' }).click()
    await staff.getByRole('status').getByText('Delivery recorded').waitFor(WAIT)
    const saved = await service.api(staff, `/adverse-action-notice/${notice}`)
    expect(saved).toMatchObject({
      deliveredBy: expect.stringContaining(DEMO_STAFF),
      deliveryMethod: 'mail',
    })
    // Reopened, a delivered notice offers no second delivery.
    await service.open(staff, `/collections/adverse-action-notice/${notice}`)
    await staff.getByText('Delivered: see below').waitFor(WAIT)
    expect(await staff.getByRole('button', { name: 'Record: printed and mailed' }).count()).toBe(0)
  },
  STEP_MS,
)

it(
  'a staff admin loads the SDN list from the admin UI and reads the breach-readiness report',
  async () => {
    const admin = await service.pageAs(service.admin.email)
    await service.open(admin, '/collections/sanctions-list')
    const fixtures = path.resolve(import.meta.dirname, '../fixtures/sanctions')
    for (const name of ['sdn', 'alt', 'add'])
      await admin
        .locator(`input[type="file"][name="${name}"]`)
        .setInputFiles(path.join(fixtures, `${name}.csv`))
    await admin.getByRole('button', { name: 'Load list' }).click()
    await admin.getByRole('status').getByText('Loaded 3 entries').waitFor(WAIT)
    await service.open(admin, '/breach-report')
    await admin.getByRole('heading', { name: 'Breach readiness' }).waitFor(WAIT)
    expect(await admin.locator('[data-ftc-notice]').getAttribute('data-ftc-notice')).toBe(
      'not-required',
    )
    expect(Number(await admin.locator('[data-consumers="consumer"]').innerText())).toBeGreaterThan(
      0,
    )
    // In staff's words: records and fields by their labels, no slugs, field names or file paths.
    const report = admin.getByRole('main', { name: 'Breach readiness' })
    const table = await report.locator('table').innerText()
    expect(table).toContain('Credit apps')
    expect(table).toContain('Co-applicant Last Name')
    expect(table).toContain('ADF › Phones')
    expect(table).not.toMatch(/credit-app|adverse-action-notice|\b[a-z]+[A-Z]\w*\b|adf\./)
    const text = await report.innerText()
    expect(text).not.toMatch(/docs\/|\.md\b|consumer\.ssn/)
    expect(text).toMatch(/Encrypted at rest \(not counted\): .*Consumers: [^;]*SSN/)
    await report.locator('[data-incident-steps] li').first().waitFor(WAIT)
    // Inside the admin UI's frame: its header and the navigation's link to the report.
    expect(await admin.locator('header.app-header').count()).toBe(1)
    expect(await admin.locator('a.nav__link[href$="/breach-report"]').count()).toBe(1)
  },
  STEP_MS,
)
