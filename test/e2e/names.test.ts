/**
 * Names instead of ids, as staff meet them in Chromium: a lead assigned to a colleague names
 * them on its page and in the assignee picker (not "Untitled - ID: 7" or an e-mail address), the
 * rota names its people, a dealer's picker offers their own dealership's people and the house's
 * and never another dealership's, a location picker says whose site each is and whether that is a
 * dealership or an auction, and a sanctions match names its list and its subject.
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

const DEALER = 'alex.kim@example.com'
const PASSWORD = 'a-long-test-password-1'

/** Pictures for a person to look at after a run (not those of docs/admin-ui.md). */
const review = (name: string) => path.join(projectRoot, '.data', `e2e-names-${name}.png`)

let service: AdminService
let admin: Page
let staff: Page
let lead: number
let match: string

/** The options a picker offers (the assignee's by default), opened on the record's page. */
const pickerOptions = async (page: Page, id = 'field-assignee') => {
  const field = page.locator(`#${id}`)
  await field.locator('.rs__control').click()
  const options = page.locator('.rs__menu .rs__option')
  await options.first().waitFor(WAIT)
  // The picker loads its options page by page: the first may show alone for a moment.
  await page
    .waitForFunction(
      () => document.querySelectorAll('.rs__menu .rs__option').length > 1,
      null,
      WAIT,
    )
    .catch(() => undefined)
  await page.waitForLoadState('networkidle')
  const texts = await options.allInnerTexts()
  await page.keyboard.press('Escape')
  return texts
}

beforeAll(async () => {
  service = await startAdminService('names')
  admin = await service.pageAs(service.admin.email)
  const post = async (collection: string, data: object, status = 201) => {
    const response = await admin.request.post(`${service.url}/api/${collection}`, { data })
    expect([collection, response.status()]).toEqual([collection, status])
    return (await response.json()).doc
  }
  const dana = await post('users', {
    email: 'dana.desk@example.com',
    name: 'Dana Desk',
    password: PASSWORD,
    role: 'staff',
  })
  // Another dealership and its dealer, whom Sunset's dealer must never see.
  await post('company', { id: 'com_e2e_bayside', name: 'Bayside Cars' })
  await post('users', {
    company: 'com_e2e_bayside',
    email: 'bo.bayside@example.com',
    name: 'Bo Bayside',
    password: PASSWORD,
    role: 'dealer',
  })
  lead = (
    await post('lead', {
      assignee: dana.id,
      firstName: 'Nina',
      lastName: 'Named',
      location: 'loc_demo_sunset_la',
    })
  ).id
  // A list naming a demo customer: screening finds her a possible match.
  const loaded = await admin.request.post(`${service.url}/api/sanctions-list/load`, {
    data: {
      sdn: '50001,"GONZALEZ, Maria","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0-',
    },
  })
  expect(loaded.status()).toBe(201)
  // Screening is a job of the service's runner: give it time on a busy machine.
  for (let i = 0; i < 240 && !match; i++) {
    match = (await service.api(admin, '/sanctions-match?depth=0&limit=1')).docs[0]?.id
    if (!match) await new Promise((resolve) => setTimeout(resolve, 500))
  }
  expect(match).toBeTruthy()
  staff = await service.pageAs(DEMO_STAFF)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
})

describe('staff users by name', () => {
  it(
    'a lead assigned to a colleague names them on its page and in the picker',
    async () => {
      await service.open(staff, `/collections/lead/${lead}`)
      const field = staff.locator('#field-assignee')
      await field.getByText('Dana Desk').waitFor(WAIT)
      await staff.screenshot({ fullPage: true, path: review('lead') })
      expect(await field.innerText()).not.toMatch(/Untitled|ID:|@/)
      const options = await pickerOptions(staff)
      expect(options).toEqual(expect.arrayContaining(['Dana Desk', 'Sam Rivera']))
      for (const option of options) expect(option).not.toMatch(/@|Untitled/)
    },
    STEP_MS,
  )

  it(
    'the rota names its people',
    async () => {
      await service.open(admin, '/collections/location/loc_demo_sunset_la')
      const rota = admin.locator('#field-desk__rota')
      await rota.getByText('Sam Rivera').waitFor(WAIT)
      expect(await rota.innerText()).not.toContain('@')
    },
    STEP_MS,
  )

  it(
    "a dealer's picker offers their dealership's people and the house's, never another's",
    async () => {
      const dealer = await service.pageAs(DEALER)
      await service.open(dealer, `/collections/lead/${lead}`)
      await dealer.locator('#field-assignee').getByText('Dana Desk').waitFor(WAIT)
      const options = await pickerOptions(dealer)
      expect(options).toEqual(expect.arrayContaining(['Alex Kim', 'Sam Rivera', 'Dana Desk']))
      expect(options.join('\n')).not.toContain('Bo Bayside')
      await dealer.context().close()
    },
    STEP_MS,
  )
})

describe('locations', () => {
  it(
    'are named by their company and whether it is a dealership or an auction, in the field and its picker',
    async () => {
      await service.open(staff, `/collections/lead/${lead}`)
      const field = staff.locator('#field-location')
      await field.getByText(/^Sunset Motors · dealership · \S/).waitFor(WAIT)
      const options = await pickerOptions(staff, 'field-location')
      expect(options.length).toBeGreaterThan(1)
      for (const option of options) expect(option).toMatch(/ · (dealership|auction) · \S/)
      expect(options.join('\n')).toMatch(/Lane Auto Auctions · auction · /)
    },
    STEP_MS,
  )
})

describe('a sanctions match', () => {
  it(
    'names its list and its subject, linked, for a staff reviewer',
    async () => {
      await service.open(staff, `/collections/sanctions-match/${match}`)
      await staff.screenshot({ fullPage: true, path: review('sanctions-match') })
      const subject = staff.locator('.sanctions-match-subject a')
      await subject.waitFor(WAIT)
      // Which of María's two matches comes first varies: her credit app's or her deal's.
      expect(await subject.innerText()).toMatch(/^(Credit app|Deal) · \S[^\n]*(Toyota|González)/)
      expect(await subject.getAttribute('href')).toMatch(
        /\/admin\/collections\/(credit-app|deal)\//,
      )
      const list = staff.locator('#field-list')
      await list.getByText(/SDN list · .* · 1 entry$/).waitFor(WAIT)
      await staff.screenshot({ fullPage: true, path: review('sanctions-match') })
      expect(await staff.locator('main, .collection-edit').first().innerText()).not.toMatch(
        /Untitled|Subject ID/,
      )
      await service.open(staff, '/collections/sanctions-match')
      const row = staff.locator('tbody tr').first()
      await row.waitFor(WAIT)
      // "Deal · 2022 Toyota Camry · Sunset Motors", "Credit app · María González — …"
      expect(await row.innerText()).toMatch(/(Credit app|Deal) · \S[^\n]*(Toyota|González)/)
      expect(await row.innerText()).not.toMatch(/deal_demo|Subject ID/)
    },
    STEP_MS,
  )
})
