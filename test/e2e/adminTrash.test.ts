/**
 * The trash, saved views and list transfer in Chromium, as the demo staff user and the first
 * admin meet them: a record moved to the trash and restored, an admin's delete that also moves
 * it to the trash, deleting for good from the trash and emptying it, a shipped saved view
 * applied to the leads list, an import previewed and then confirmed, and the export of a
 * filtered list.
 */
import fs from 'node:fs'

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
let boss: Page

/** Waits until `value` answers `expected` (the UI's request may still be on its way). */
const until = async <T>(value: () => Promise<T>, expected: T): Promise<T> => {
  let last = await value()
  for (let i = 0; i < 60 && JSON.stringify(last) !== JSON.stringify(expected); i++) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    last = await value()
  }
  return last
}

const newCustomer = async (page: Page, name: string): Promise<string> => {
  const created = await page.request.post(`${admin.url}/api/customer`, { data: { name } })
  expect(created.status()).toBe(201)
  return (await created.json()).doc.id
}

/** Opens the document's menu and asks to delete it; resolves with the confirmation dialog. */
const askToDelete = async (page: Page) => {
  await page.locator('.doc-controls__popup button').first().click()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const confirm = page.locator('#confirm-action')
  await confirm.waitFor(WAIT)
  return confirm
}

beforeAll(async () => {
  admin = await startAdminService('trash')
  staff = await admin.pageAs(DEMO_STAFF)
  boss = await admin.pageAs(admin.admin.email)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await admin?.close()
})

describe('the trash', () => {
  it(
    'a staff user moves a customer to the trash, finds it there and restores it',
    async () => {
      const id = await newCustomer(staff, 'Terry Trashed')
      await admin.open(staff, `/collections/customer/${id}`)
      const confirm = await askToDelete(staff)
      // Staff move to the trash only: no choice to delete for good.
      expect(await staff.locator('#delete-forever').count()).toBe(0)
      expect(await staff.locator('.confirmation-modal').innerText()).toMatch(/trash/i)
      await confirm.click()
      await staff.waitForURL(/\/admin\/collections\/customer(\?|$)/, WAIT)
      expect((await staff.request.get(`${admin.url}/api/customer/${id}`)).status()).toBe(404)

      await admin.open(staff, '/collections/customer/trash')
      const row = staff.locator('tbody tr').filter({ hasText: 'Terry Trashed' })
      await row.waitFor(WAIT)
      // Staff see no "Empty trash".
      expect(await staff.locator('#empty-trash-button').count()).toBe(0)
      await admin.open(staff, `/collections/customer/trash/${id}`)
      await staff.getByRole('button', { name: 'Restore', exact: true }).click()
      await staff.locator('#confirm-action').click()
      const status = async () =>
        (await staff.request.get(`${admin.url}/api/customer/${id}`)).status()
      expect(await until(status, 200)).toBe(200)
      await admin.open(staff, '/collections/customer')
      await staff.locator('tbody tr').filter({ hasText: 'Terry Trashed' }).waitFor(WAIT)
    },
    STEP_MS,
  )

  it(
    'an admin moves to the trash like anyone, deletes for good from it, and empties it',
    async () => {
      const kept = await newCustomer(boss, 'Paula Permanent')
      await admin.open(boss, `/collections/customer/${kept}`)
      await askToDelete(boss)
      // A live record offers no "Delete permanently": deleting for good is from the trash.
      expect(await boss.locator('#delete-forever').count()).toBe(0)
      await boss.locator('#confirm-action').click()
      await boss.waitForURL(/\/admin\/collections\/customer(\?|$)/, WAIT)
      const trash = await admin.api(boss, `/customer?trash=true&where[id][equals]=${kept}`)
      expect(trash.docs).toEqual([expect.objectContaining({ deletedAt: expect.any(String) })])

      // In the trash, "Permanently Delete" deletes it for good.
      const gone = await newCustomer(boss, 'Gina Gone')
      await admin.open(boss, `/collections/customer/${gone}`)
      await askToDelete(boss)
      await boss.locator('#confirm-action').click()
      await boss.waitForURL(/\/admin\/collections\/customer(\?|$)/, WAIT)
      await admin.open(boss, `/collections/customer/trash/${gone}`)
      await boss.locator('#action-permanently-delete').click()
      await boss.locator('#confirm-action').click()
      const found = async () =>
        (await admin.api(boss, `/customer?trash=true&where[id][equals]=${gone}`)).docs
      expect(await until(found, [])).toEqual([])
      const audit = await admin.api(
        boss,
        `/audit-log?where[collection][equals]=customer&where[recordId][equals]=${gone}`,
      )
      expect(audit.docs).toEqual([expect.objectContaining({ action: 'delete' })])

      await admin.open(boss, '/collections/customer/trash')
      await boss.locator('#empty-trash-button').click()
      await boss.locator('#confirm-action').click()
      const left = async () =>
        (await admin.api(boss, `/customer?trash=true&where[id][equals]=${kept}`)).docs
      expect(await until(left, [])).toEqual([])
      // Gone for good: the admin API sees no row, trashed or not.
      expect(
        (await boss.request.get(`${admin.url}/api/customer/${kept}?trash=true`)).status(),
      ).toBe(404)
    },
    STEP_MS,
  )
})

describe('saved views', () => {
  it(
    '"My leads due" shows the viewer\'s leads whose follow-up is due',
    async () => {
      await admin.open(staff, '/collections/lead')
      await staff.getByText('Select Saved view').click()
      const drawer = staff.locator('.drawer').filter({ hasText: 'My leads due' })
      await drawer.getByText('My leads due', { exact: true }).first().click()
      await staff.waitForURL(/preset=/, WAIT)
      await staff.locator('.query-preset-bar', { hasText: 'My leads due' }).waitFor(WAIT)
      // The list is drawn again once the view's filter is applied: the unfiltered rows may still
      // show for a moment on a busy machine. The demo's James Carter is not due (and not Sam's).
      await staff.waitForLoadState('networkidle')
      const carter = staff.locator('tbody tr').filter({ hasText: 'Carter' })
      await carter.first().waitFor({ state: 'detached', ...WAIT })
      await staff.locator('tbody tr').filter({ hasText: 'María' }).first().waitFor(WAIT)
      expect(await carter.count()).toBe(0)
    },
    STEP_MS,
  )
})

describe('import and export', () => {
  it(
    'an import shows its preview, with each row, and saves only once confirmed',
    async () => {
      await admin.open(staff, '/collections/lead')
      const csv =
        'firstName,lastName,email\nIda,Preview,ida@example.com\nIvo,Preview,ivo@example.com\n'
      await staff.locator('input[aria-label="File to import"]').setInputFiles({
        buffer: Buffer.from(csv),
        mimeType: 'text/csv',
        name: 'leads.csv',
      })
      const preview = staff.getByRole('region', { name: 'Import preview' })
      await preview.waitFor(WAIT)
      expect(await preview.innerText()).toContain('All 2 rows can be imported.')
      const rows = preview.locator('tbody tr')
      expect(await rows.count()).toBe(2)
      expect(await rows.first().innerText()).toContain('Ida')
      expect(await rows.first().innerText()).toContain('Will be created')
      // Nothing is saved before the confirmation.
      const named = async () =>
        (await admin.api(staff, '/lead?where[lastName][equals]=Preview&depth=0')).totalDocs
      expect(await named()).toBe(0)
      await preview.getByRole('button', { name: 'Import 2 rows' }).click()
      await staff.getByRole('status').filter({ hasText: 'Imported 2 rows.' }).waitFor(WAIT)
      expect(await named()).toBe(2)
    },
    STEP_MS,
  )

  it(
    'a file with a bad row cannot be confirmed, and names the row',
    async () => {
      await admin.open(staff, '/collections/lead')
      await staff.locator('input[aria-label="File to import"]').setInputFiles({
        buffer: Buffer.from('firstName,email\nBea,not-an-e-mail\n'),
        mimeType: 'text/csv',
        name: 'bad.csv',
      })
      const preview = staff.getByRole('region', { name: 'Import preview' })
      await preview.waitFor(WAIT)
      expect(await preview.locator('tbody tr').first().innerText()).toMatch(/email: .*e-mail/)
      expect(await preview.getByRole('button', { name: 'Import 1 row' }).isDisabled()).toBe(true)
      const alert = staff.locator('[data-import-result][role="alert"]')
      expect(await alert.innerText()).toContain('1 of 1 rows have problems; nothing was imported.')
      expect(await alert.locator('li').allInnerTexts()).toEqual([
        expect.stringMatching(/^Row 2: email: .*e-mail/),
      ])
    },
    STEP_MS,
  )

  it(
    'offers a CSV template to download',
    async () => {
      await admin.open(staff, '/collections/lead')
      const [download] = await Promise.all([
        staff.waitForEvent('download'),
        staff.getByRole('link', { name: 'CSV template' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('lead-import-template.csv')
      const [header, example] = fs
        .readFileSync(await download.path(), 'utf8')
        .trim()
        .split('\r\n')
      expect(header.split(',')).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email']))
      expect(example).toContain('someone@example.com')
    },
    STEP_MS,
  )

  it(
    'exports the filtered list as it shows it',
    async () => {
      await admin.open(staff, '/collections/lead?where[lastName][equals]=Preview')
      await staff.locator('tbody tr').filter({ hasText: 'Ida' }).waitFor(WAIT)
      const [download] = await Promise.all([
        staff.waitForEvent('download'),
        staff.getByRole('link', { name: 'Export CSV' }).click(),
      ])
      const [header, ...lines] = fs
        .readFileSync(await download.path(), 'utf8')
        .trim()
        .split('\r\n')
      // The list's columns, in its order; only the two filtered leads.
      const shown = await staff
        .locator('thead th')
        .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()))
      expect(header.split(',').length).toBe(shown.filter(Boolean).length)
      expect(lines).toHaveLength(2)
      expect(lines.join('\n')).toContain('Ida')
      expect(lines.join('\n')).not.toContain('María')
    },
    STEP_MS,
  )
})
