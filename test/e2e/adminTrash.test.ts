/**
 * The trash, saved views and list transfer in Chromium, as the demo staff user and the first
 * admin meet them: a record moved to the trash and restored, an admin's delete that also moves
 * it to the trash, deleting for good from the trash and emptying it, a trashed lead's usual
 * address opening its page in the trash, a shipped saved view applied to the leads list, an
 * import previewed (a row that merges into a stored lead said so) and then confirmed, and the
 * export of a filtered list. Also read-only fields without controls to change them, and help
 * texts in staff's words.
 */
import fs from 'node:fs'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Locator, Page } from 'playwright-core'

import {
  ADMIN_SERVICE_MS,
  type AdminService,
  DEMO_STAFF,
  startAdminService,
  STEP_MS,
  WAIT,
} from '../helpers/adminService'
import { rowsOf } from '../helpers/csv'

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
      // The title says when it was moved there and by whom.
      const note = row.locator('.trashed-title__note')
      await note.waitFor(WAIT)
      expect(await note.innerText()).toMatch(
        /^Moved to the trash \w{3} \d{1,2}, \d{4}.* by Sam Rivera$/,
      )
      // Staff see no "Empty trash".
      expect(await staff.locator('#empty-trash-button').count()).toBe(0)
      await admin.open(staff, `/collections/customer/trash/${id}`)
      await staff.getByRole('button', { name: 'Restore', exact: true }).click()
      await staff.locator('#confirm-action').click()
      const status = async () =>
        (await staff.request.get(`${admin.url}/api/customer/${id}`)).status()
      expect(await until(status, 200)).toBe(200)
      await admin.open(staff, '/collections/customer')
      const live = staff.locator('tbody tr').filter({ hasText: 'Terry Trashed' })
      await live.waitFor(WAIT)
      // Restored, it is a live record again: nothing of the trash on it.
      expect(await live.locator('.trashed-title__note').count()).toBe(0)
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

describe('a trashed record asked for by its usual address', () => {
  it(
    'opens its page in the trash, which says so and offers Restore; read-only fields show no controls',
    async () => {
      const created = await staff.request.post(`${admin.url}/api/lead?depth=0`, {
        data: {
          email: `tina.trashed.${Date.now()}@example.com`,
          firstName: 'Tina',
          followUpDue: new Date().toISOString(),
          lastName: 'Trashed',
        },
      })
      expect(created.status()).toBe(201)
      const id = (await created.json()).doc.id
      const moved = await staff.request.delete(`${admin.url}/api/lead/${id}`)
      expect(moved.status()).toBe(200)

      // A link to the lead (a lead event, a bookmark, an e-mail) still names its live page.
      await admin.open(staff, `/collections/lead/${id}`)
      expect(new URL(staff.url()).pathname).toBe(`/admin/collections/lead/trash/${id}`)
      await staff.locator('.trash-banner').waitFor(WAIT)
      expect(await staff.locator('.trash-banner').innerText()).toMatch(/trash/i)
      await staff.getByRole('button', { name: 'Restore', exact: true }).waitFor(WAIT)
      // The desk, which works on live leads only, says why it is not there instead of "Not Found".
      await expect(staff.locator('[data-desk="trashed"]').innerText(WAIT)).resolves.toMatch(
        /in the trash.*restored/,
      )
      expect(await staff.getByText('Not Found', { exact: true }).count()).toBe(0)

      // Its fields are read-only: a date shows no calendar or clear button.
      const followUp = staff.locator('.field-type.read-only:has(#field-followUpDue)')
      await followUp.waitFor(WAIT)
      expect(await followUp.locator('.date-time-picker__icon-wrap').count()).toBe(1)
      expect(await followUp.locator('.date-time-picker__icon-wrap').isVisible()).toBe(false)

      // A record that was never there is still Payload's "not found" on the list.
      await admin.open(staff, '/collections/lead/99999999')
      expect(new URL(staff.url()).pathname).toBe('/admin/collections/lead')
    },
    STEP_MS,
  )

  it(
    "a live record's read-only select offers no clear button; help texts name no files",
    async () => {
      await admin.open(staff, '/collections/lead')
      await staff.locator('tbody tr a').first().click()
      const status = staff.locator(
        '.field-type.read-only#field-currentStatus, .field-type.read-only:has(#field-currentStatus)',
      )
      await status.waitFor(WAIT)
      for (const control of await status.locator('.clear-indicator, .dropdown-indicator').all())
        expect(await control.isVisible()).toBe(false)

      for (const list of ['legal-holds', 'consumer-requests']) {
        await admin.open(staff, `/collections/${list}`)
        const page = await staff.locator('main, .collection-list').first().innerText()
        expect(page).not.toMatch(/docs\/|src\/|\.md\b|\.ts\b/)
      }
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
    "a row that repeats a stored lead is said to merge into it, with the file's values",
    async () => {
      const email = `mira.merge.${Date.now()}@example.com`
      const stored = await staff.request.post(`${admin.url}/api/lead?depth=0`, {
        data: { email, firstName: 'Mira', lastName: 'Stored', location: 'loc_demo_sunset_la' },
      })
      expect(stored.status()).toBe(201)
      const lead = (await stored.json()).doc
      await admin.open(staff, '/collections/lead')
      const csv = `firstName,lastName,email,location\nMiriam,FromFile,${email},loc_demo_sunset_la\nNed,New,ned.${Date.now()}@example.com,loc_demo_sunset_la\n`
      await staff.locator('input[aria-label="File to import"]').setInputFiles({
        buffer: Buffer.from(csv),
        mimeType: 'text/csv',
        name: 'merge.csv',
      })
      const preview = staff.getByRole('region', { name: 'Import preview' })
      await preview.waitFor(WAIT)
      expect(await preview.innerText()).toContain(
        'All 2 rows can be imported. 1 will be created, 1 merged into existing records as duplicates.',
      )
      const [merged, created] = await preview.locator('tbody tr').all()
      const mergedText = await merged.innerText()
      expect(mergedText).toContain('Will be merged into Mira Stored (same e-mail)')
      expect(mergedText).not.toContain('Will be created')
      // The file's values, not the stored lead's.
      expect(mergedText).toContain('Miriam')
      expect(mergedText).toContain('FromFile')
      expect(mergedText).not.toContain('Stored\t')
      await expect(
        merged.getByRole('link', { name: 'Mira Stored' }).getAttribute('href'),
      ).resolves.toBe(`/admin/collections/lead/${lead.id}`)
      expect(await created.innerText()).toContain('Will be created')
      await preview.getByRole('button', { name: 'Cancel' }).click()
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
      const importButton = preview.getByRole('button', { name: 'Import 1 row' })
      expect(await importButton.isDisabled()).toBe(true)
      // And looks it: drawn as Payload draws a button that is not available.
      const looks = (button: Locator) =>
        button.evaluate((element) => {
          const style = getComputedStyle(element)
          return { background: style.backgroundColor, cursor: style.cursor }
        })
      const disabled = await looks(importButton)
      expect(disabled.cursor).toBe('not-allowed')
      const alert = staff.locator('[data-import-result][role="alert"]')
      expect(await alert.innerText()).toContain('1 of 1 rows have problems; nothing was imported.')
      expect(await alert.locator('li').allInnerTexts()).toEqual([
        expect.stringMatching(/^Row 2: email: .*e-mail/),
      ])
      // The same button for a file without problems is drawn otherwise.
      await staff.locator('input[aria-label="File to import"]').setInputFiles({
        buffer: Buffer.from('firstName,email\nBea,bea@example.com\n'),
        mimeType: 'text/csv',
        name: 'good.csv',
      })
      const enabled = preview.locator('button.btn--style-primary:not([disabled])')
      await enabled.waitFor(WAIT)
      expect((await looks(enabled)).cursor).not.toBe('not-allowed')
      expect((await looks(enabled)).background).not.toBe(disabled.background)
      await preview.getByRole('button', { name: 'Cancel' }).click()
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
      const [columns, ...rows] = rowsOf(fs.readFileSync(await download.path(), 'utf8'))
      // The list's columns, in its order, a relation's names beside its ids; only the two
      // filtered leads.
      const shown = await staff
        .locator('thead th')
        .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()))
      expect(columns.filter((name) => !name.endsWith(' (name)'))).toHaveLength(
        shown.filter(Boolean).length,
      )
      // A relation's names, where the list shows one, follow its ids.
      for (const name of columns.filter((column) => column.endsWith(' (name)')))
        expect(columns[columns.indexOf(name) - 1]).toBe(name.slice(0, -' (name)'.length))
      // Moments as the viewer's clock reads them (the link sends the browser's zone), not UTC's Z.
      const created = columns.indexOf('createdAt')
      expect(created).toBeGreaterThanOrEqual(0)
      for (const row of rows)
        expect(row[created]).toMatch(/T\d{2}:\d{2}:\d{2}(\.\d{3})?[+-]\d{2}:\d{2}$/)
      expect(rows).toHaveLength(2)
      expect(rows.flat().join('\n')).toContain('Ida')
      expect(rows.flat().join('\n')).not.toContain('María')
    },
    STEP_MS,
  )
})
