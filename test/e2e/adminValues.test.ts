/**
 * Values as staff read them in the admin UI (src/admin/values): lists with money, Yes/No, phone
 * numbers in one format, chips and moments in the viewer's locale; listings titled by their
 * vehicle, a deal's vehicle by year/make/model, the credit-app list's submission status; forms
 * with plain-English messages that clear once fixed, money as dollars, a date picker for birth dates and who last
 * changed a record as a name; a consumer's leads, credit apps and deals, a deal's credit apps and
 * bid history. The list picture of docs/admin-ui.md is taken here.
 */
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Locator, Page } from 'playwright-core'

import { projectRoot } from '@/lib/paths'

import {
  ADMIN_SERVICE_MS,
  type AdminService,
  DEMO_STAFF,
  startAdminService,
  STEP_MS,
} from '../helpers/adminService'
import { signIn } from '../helpers/adminSignIn'
import { typeAndSaveUntil } from '../helpers/formSave'

/** Pictures for a person to look at after a run (not those of docs/admin-ui.md). */
const review = (name: string) => path.join(projectRoot, '.data', `e2e-values-${name}.png`)

let admin: AdminService
let staff: Page

/** A list's cells, row by row, as the viewer reads them. */
const rowOf = (page: Page, text: string | RegExp): Locator =>
  page.locator('tbody tr').filter({ hasText: text })

/** The text of a list column's cell in a row, found by the column's heading. */
const cellText = async (page: Page, row: Locator, heading: RegExp): Promise<string> => {
  const headings = await page.locator('thead th').allInnerTexts()
  const index = headings.findIndex((text) => heading.test(text.trim()))
  if (index === -1) throw new Error(`no column ${heading} among ${headings.join(' | ')}`)
  return (await row.locator('td').nth(index).innerText()).trim()
}

beforeAll(async () => {
  admin = await startAdminService('values')
  staff = await admin.pageAs(DEMO_STAFF)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await admin?.close()
})

describe('lists', () => {
  it(
    'show money as dollars and a deal by its vehicle; the picture of docs/admin-ui.md is this list',
    async () => {
      await admin.open(staff, '/collections/deal')
      const row = rowOf(staff, 'Deal · 2022 Toyota Camry')
      await row.waitFor({ timeout: 30_000 })
      expect(await cellText(staff, row, /^Current Bid Price$/)).toBe('$23,750.00')
      expect(await cellText(staff, row, /^Vehicle$/)).toBe('2022 Toyota Camry LE')
      await staff.screenshot({ path: path.join(projectRoot, 'docs', 'screenshots', 'list.png') })
    },
    STEP_MS,
  )

  it(
    'title listings by their vehicle, with the price in dollars and Yes/No for booleans',
    async () => {
      await admin.open(staff, '/collections/listing')
      const row = rowOf(staff, '4T1B11HK7NU000123')
      await row.waitFor({ timeout: 30_000 })
      expect(await cellText(staff, row, /^Title$/)).toBe('2022 Toyota Camry LE')
      expect(await cellText(staff, row, /^Price$/)).toBe('$24,995.00')
      expect(await cellText(staff, row, /^Used$/)).toBe('Yes')
      expect(await cellText(staff, row, /^Certified pre-owned$/)).toBe('Yes')
      expect(await staff.locator('tbody').innerText()).not.toMatch(/<No |true|false/)
      // The listing page is titled the same way.
      await row.getByRole('link').first().click()
      await staff
        .getByRole('heading', { name: '2022 Toyota Camry LE' })
        .waitFor({ timeout: 30_000 })
    },
    STEP_MS,
  )

  it(
    'show phone numbers in one format, as stored otherwise, and lists of them as chips',
    async () => {
      await admin.open(staff, '/collections/consumer')
      const chen = rowOf(staff, 'Chen')
      await chen.waitFor({ timeout: 30_000 })
      expect(await cellText(staff, chen, /^Phone Number$/)).toBe('(718) 555-0175')
      expect((await admin.api(staff, '/consumer/con_demo_chen')).phoneNumber).toBe(
        '+1 (718) 555-0175',
      )

      await admin.open(staff, '/collections/customer')
      const james = rowOf(staff, 'James Carter')
      await james.waitFor({ timeout: 30_000 })
      const chips = james.locator('.value-chip')
      expect(await chips.allInnerTexts()).toEqual(['(512) 555-0112'])
      expect(await staff.locator('tbody').innerText()).not.toContain('["')
    },
    STEP_MS,
  )

  it(
    "show moments in the viewer's locale and time zone",
    async () => {
      const context = await admin.browser.newContext({
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
      })
      const page = await context.newPage()
      try {
        await signIn(page, admin.url, DEMO_STAFF, admin.credentials[DEMO_STAFF])
        await admin.open(page, '/collections/deal')
        const row = rowOf(page, 'Deal · 2022 Toyota Camry')
        await row.waitFor({ timeout: 30_000 })
        const { updatedAt } = await admin.api(page, '/deal/deal_demo_camry')
        const german = new Date(updatedAt).toLocaleString('de-DE', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Europe/Berlin',
        })
        expect(await cellText(page, row, /^Updated At$/)).toBe(german)
        expect(german).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)
      } finally {
        await context.close()
      }
    },
    STEP_MS,
  )

  it(
    "show a credit app's submission status, and No where it is not sent",
    async () => {
      const turned = await staff.request.patch(`${admin.url}/api/credit-app/crapp_demo_james`, {
        data: { toProvider: true },
      })
      expect(turned.status()).toBe(200)
      await admin.open(staff, '/collections/credit-app')
      const james = rowOf(staff, 'James Carter')
      const maria = rowOf(staff, 'María González')
      await james.waitFor({ timeout: 30_000 })
      expect(await cellText(staff, james, /Status$/)).toMatch(
        // James and his co-applicant have no credit-report authorization on file: held.
        /^Awaiting authorization$/,
      )
      expect(await cellText(staff, james, /^To Provider$/)).toBe('Yes')
      expect(await cellText(staff, maria, /Status$/)).toBe('')
      expect(await cellText(staff, maria, /^To Provider$/)).toBe('No')
    },
    STEP_MS,
  )
})

describe('forms', () => {
  it(
    'say what a phone number should look like, never a pattern, and clear the message once fixed',
    async () => {
      await admin.open(staff, '/collections/consumer/con_demo_james')
      const phone = staff.locator('#field-phoneNumber')
      await staff.locator('#field-phoneNumber[value="512-555-0112"]').waitFor({ timeout: 30_000 })
      const message = staff.getByText(/must be a phone number matching a US format of 10 digits/)
      await typeAndSaveUntil(staff, phone, 'call me', message.first())
      expect(await staff.locator('.field-error, .tooltip').allInnerTexts()).not.toContainEqual(
        expect.stringMatching(/\[0-9\]|\\d|\^/),
      )
      await phone.fill('(512) 555-0112')
      await message.first().waitFor({ state: 'hidden', timeout: 30_000 })
      await staff.locator('#action-save:not([disabled])').click()
      await staff.getByText('Updated successfully').first().waitFor({ timeout: 30_000 })
      expect((await admin.api(staff, '/consumer/con_demo_james')).phoneNumber).toBe(
        '(512) 555-0112',
      )
    },
    STEP_MS,
  )

  it(
    'pick a birth date with a date picker, kept as YYYY-MM-DD',
    async () => {
      await admin.open(staff, '/collections/consumer/con_demo_maria')
      const birthDate = staff.locator('#field-birthDate')
      await birthDate.waitFor({ timeout: 30_000 })
      expect(await birthDate.getAttribute('type')).toBe('date')
      expect(await birthDate.inputValue()).toBe('1988-04-17')
      await birthDate.fill('1988-04-18')
      await staff.locator('#action-save:not([disabled])').click()
      await staff.getByText('Updated successfully').first().waitFor({ timeout: 30_000 })
      expect((await admin.api(staff, '/consumer/con_demo_maria')).birthDate).toBe('1988-04-18')
    },
    STEP_MS,
  )

  it(
    'write money as dollars in the form, following what is typed, and save the plain number',
    async () => {
      const listing = (await admin.api(staff, '/listing?limit=1&depth=0')).docs[0]
      await admin.open(staff, `/collections/listing/${listing.id}`)
      const price = staff
        .locator('.field-type.money')
        .filter({ has: staff.locator('#field-price') })
      await price.waitFor({ timeout: 30_000 })
      expect(await price.locator('.money-input__sign').innerText()).toBe('$')
      expect(await price.locator('.money-input__readout').innerText()).toBe(
        '$24,995.00 (US dollars)',
      )
      await staff.locator('#field-price').fill('24100.5')
      await price.getByText('$24,100.50 (US dollars)').waitFor({ timeout: 30_000 })
      await staff.screenshot({ fullPage: true, path: review('listing-money') })
      await staff.locator('#action-save:not([disabled])').click()
      await staff.getByText('Updated successfully').first().waitFor({ timeout: 30_000 })
      expect((await admin.api(staff, `/listing/${listing.id}?depth=0`)).price).toBe(24100.5)
      const restored = await staff.request.patch(`${admin.url}/api/listing/${listing.id}`, {
        data: { price: listing.price },
      })
      expect(restored.status()).toBe(200)
    },
    STEP_MS,
  )

  it(
    'name who last changed a record as text, not a disabled dropdown',
    async () => {
      // Saved by the demo staff user in the test before.
      await admin.open(staff, '/collections/consumer/con_demo_maria')
      const readout = staff.locator('[data-readout="lastModifiedBy"]')
      await readout.waitFor({ timeout: 30_000 })
      expect(await readout.innerText()).toBe('Sam Rivera')
      expect(await staff.locator('#field-lastModifiedBy .rs__control').count()).toBe(0)
      await staff.getByText('Last modified by', { exact: true }).waitFor({ timeout: 30_000 })
    },
    STEP_MS,
  )
})

describe('connected records', () => {
  it(
    "a consumer's page lists their leads, credit apps and deals, each a working link",
    async () => {
      await admin.open(staff, '/collections/consumer/con_demo_maria')
      const section = (name: string) => staff.getByRole('region', { name })
      await section('Leads').waitFor({ timeout: 30_000 })
      const leads = await admin.api(staff, '/lead?where[consumer][equals]=con_demo_maria&depth=0')
      expect(leads.totalDocs).toBeGreaterThan(0)
      const leadLinks = section('Leads').getByRole('link')
      expect(
        await leadLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(
        expect.arrayContaining(
          leads.docs.map(({ id }: { id: number }) => `/admin/collections/lead/${id}`),
        ),
      )
      expect(await leadLinks.count()).toBe(leads.totalDocs)
      expect(new Set(await leadLinks.allInnerTexts())).toEqual(new Set(['María González']))
      expect(await section('Credit apps').getByRole('link').allInnerTexts()).toEqual([
        'María González — 2022 Toyota Camry · Provider A',
      ])
      expect(await section('Deals').getByRole('link').allInnerTexts()).toEqual([
        'Deal · 2022 Toyota Camry · Sunset Motors',
      ])

      await staff.screenshot({ fullPage: true, path: review('consumer') })
      await leadLinks.first().click()
      await staff.waitForURL(/\/admin\/collections\/lead\/\d+$/, { timeout: 30_000 })
      await staff.getByRole('heading', { name: 'María González' }).waitFor({ timeout: 30_000 })

      await admin.open(staff, '/collections/consumer/con_demo_maria')
      await section('Credit apps').getByRole('link').click()
      await staff.waitForURL(/\/collections\/credit-app\/crapp_demo_maria$/, { timeout: 30_000 })

      await admin.open(staff, '/collections/consumer/con_demo_maria')
      await section('Deals').getByRole('link').click()
      await staff.waitForURL(/\/collections\/deal\/deal_demo_camry$/, { timeout: 30_000 })

      // A consumer with no deal says so.
      await admin.open(staff, '/collections/consumer/con_demo_chen')
      await section('Deals').getByText('No deals').waitFor({ timeout: 30_000 })
      expect(await section('Leads').getByRole('link').count()).toBe(0)
    },
    STEP_MS,
  )

  it(
    'a deal shows its vehicle, its credit app and its bid history from its versions',
    async () => {
      const before = await admin.api(staff, '/deal/deal_demo_camry?depth=0')
      const edited = await staff.request.patch(`${admin.url}/api/deal/deal_demo_camry`, {
        data: { currentBidPrice: 24500 },
      })
      expect(edited.status()).toBe(200)
      // A save that leaves the bids as they were is no step in the history.
      await staff.request.patch(`${admin.url}/api/deal/deal_demo_camry`, {
        data: { facilitatorLocation: before.facilitatorLocation },
      })
      await admin.open(staff, '/collections/deal/deal_demo_camry')
      const vehicle = staff.locator('[data-deal-vehicle]')
      await vehicle.waitFor({ timeout: 30_000 })
      expect(await vehicle.innerText()).toBe('2022 Toyota Camry LE')
      const apps = staff.getByRole('region', { name: 'Credit apps' })
      expect(await apps.getByRole('link').allInnerTexts()).toEqual([
        'María González — 2022 Toyota Camry · Provider A',
      ])
      const history = staff.getByRole('region', { name: 'Bid history' }).locator('tbody tr')
      const rows = await history.evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)),
      )
      expect(rows).toEqual([
        ['$22,000.00', '$24,500.00', '$25,500.00', 'Sam Rivera'],
        ['$22,000.00', '$23,750.00', '$25,500.00', 'an API client or the service'],
      ])
      await staff.screenshot({ fullPage: true, path: review('deal') })
      await vehicle.click()
      await staff.waitForURL(/\/collections\/vehicle\/4T1B11HK7NU000123$/, { timeout: 30_000 })
    },
    STEP_MS,
  )
})
