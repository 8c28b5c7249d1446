/**
 * Compliance in Chromium: a consumer access request's export downloaded from its page by the
 * demo staff user (SSNs masked) and not offered to a compliance officer, who may not take it; the
 * request on the dashboard's to-do list with its due dates,
 * and a staff admin's retention dry run above the legal holds list.
 */
import fs from 'node:fs'

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

const CONSUMER = 'con_demo_maria'

let admin: AdminService
let staff: Page
let boss: Page
let requestId: number

beforeAll(async () => {
  admin = await startAdminService('compliance')
  staff = await admin.pageAs(DEMO_STAFF)
  boss = await admin.pageAs(admin.admin.email)
  const created = await staff.request.post(`${admin.url}/api/consumer-requests`, {
    data: {
      consumer: CONSUMER,
      identityVerification: 'e-mail and phone on file matched',
      kind: 'access',
      receivedAt: new Date().toISOString(),
    },
  })
  expect(created.status()).toBe(201)
  requestId = (await created.json()).doc.id
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await admin?.close()
})

it(
  'downloads an access request’s export from its page, and lists the request on the dashboard',
  async () => {
    await admin.open(staff, `/collections/consumer-requests/${requestId}`)
    const link = staff.getByRole('link', { name: 'Download export (JSON)' })
    await link.waitFor(WAIT)
    const [download] = await Promise.all([staff.waitForEvent('download'), link.click()])
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'))
    expect(data.consumer).toBe(CONSUMER)
    expect(data.sources.consumer[0].ssn).toMatch(/^\*\*\*-\*\*-\d{4}$/)

    await admin.open(staff, '')
    const due = staff.getByRole('region', { name: 'Consumer requests due' })
    await due.waitFor(WAIT)
    expect(await due.innerText()).toContain('answer by')

    // A compliance officer reads the request but may not take its data: no export is offered.
    const officer = { email: `officer.${Date.now()}@example.com`, password: `pw-${Date.now()}-x9` }
    const made = await boss.request.post(`${admin.url}/api/users`, {
      data: { ...officer, name: 'Olive Officer', role: 'compliance' },
    })
    expect(made.status()).toBe(201)
    const compliance = await admin.pageAs(officer.email, officer.password)
    await admin.open(compliance, `/collections/consumer-requests/${requestId}`)
    await compliance.locator('#field-identityVerification').waitFor(WAIT)
    expect(await compliance.getByRole('link', { name: /Download export/ }).count()).toBe(0)
  },
  STEP_MS,
)

it(
  'shows a staff admin what the retention job would dispose of, changing nothing',
  async () => {
    await admin.open(boss, '/collections/legal-holds')
    // The click waits for the button to be enabled, which it is once hydrated.
    await boss.getByRole('button', { name: 'Retention dry run' }).click()
    const report = boss.locator('.retention-dry-run__report')
    await report.waitFor(WAIT)
    // The demo data was loaded just now: nobody is due.
    expect(await report.innerText()).toContain('Would be disposed of: 0')
    expect(await report.innerText()).toContain('Nothing was changed')
  },
  STEP_MS,
)
