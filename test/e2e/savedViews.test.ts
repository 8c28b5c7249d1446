/**
 * Saved views as a manager meets them in Chromium: the shipped "My leads due" keeps its "not
 * merged" condition once picked (a merged lead stays out of the list, and the filter panel shows
 * the condition), "Uncontacted today" opens with today's date in its date control, editable, and
 * the picker says each view's filter in words.
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

/** Pictures for a person to look at after a run (not those of docs/admin-ui.md). */
const review = (name: string) => path.join(projectRoot, '.data', `e2e-views-${name}.png`)

let service: AdminService
let staff: Page

const rowTexts = (page: Page) => page.locator('tbody tr').allInnerTexts()

/** Opens the picker of saved views above the leads list (the last view picked may be active). */
const openPicker = async (page: Page) => {
  await page.locator('#select-preset').click()
  const drawer = page.locator('.drawer').filter({ hasText: 'My leads due' })
  await drawer.locator('tbody tr').first().waitFor(WAIT)
  await page.waitForLoadState('networkidle')
  return drawer
}

/**
 * Picks a saved view from the picker, as a manager does on the list they have open (`fresh`:
 * opened anew first); resolves with the picker's rows.
 */
const pick = async (page: Page, title: string, fresh = true) => {
  if (fresh) await service.open(page, '/collections/lead')
  const drawer = await openPicker(page)
  const picker = await drawer.locator('tbody tr').allInnerTexts()
  await drawer.getByText(title, { exact: true }).first().click()
  await page.locator('#select-preset', { hasText: title }).waitFor(WAIT)
  await page.waitForLoadState('networkidle')
  return picker
}

/** Opens the list's filter panel; resolves with its conditions. */
const openFilters = async (page: Page) => {
  await page.locator('.list-controls__toggle-where').click()
  const conditions = page.locator('.where-builder .condition')
  await conditions.first().waitFor(WAIT)
  return conditions
}

beforeAll(async () => {
  service = await startAdminService('views')
  const admin = await service.pageAs(service.admin.email)
  const sam = (await service.api(admin, `/users?where[email][equals]=${DEMO_STAFF}&depth=0`))
    .docs[0].id as number
  const due = new Date(Date.now() - 3_600_000).toISOString()
  const lead = async (lastName: string) => {
    const response = await admin.request.post(`${service.url}/api/lead`, {
      data: {
        assignee: sam,
        email: `${lastName.toLowerCase()}@example.com`,
        firstName: 'Vera',
        followUpDue: due,
        lastName,
        location: 'loc_demo_sunset_la',
      },
    })
    expect(response.status()).toBe(201)
    return (await response.json()).doc.id as number
  }
  const kept = await lead('Keptlead')
  const merged = await lead('Mergedlead')
  const merge = await admin.request.post(`${service.url}/api/lead/${kept}/merge`, {
    data: { other: merged },
  })
  expect(merge.status()).toBe(200)
  await admin.context().close()
  staff = await service.pageAs(DEMO_STAFF)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
})

describe('saved views', () => {
  it(
    '"My leads due" keeps its "not merged" condition when picked: the merged lead stays out',
    async () => {
      await pick(staff, 'My leads due')
      await staff.locator('tbody tr').filter({ hasText: 'Keptlead' }).first().waitFor(WAIT)
      // The filter builder has had its time to rewrite the filter (it debounces 300 ms).
      await staff.waitForTimeout(1500)
      await staff.waitForLoadState('networkidle')
      expect((await rowTexts(staff)).join('\n')).not.toContain('Mergedlead')
      const where = new URL(staff.url()).searchParams
      expect([...where.keys()].some((key) => key.includes('[mergedInto][exists]'))).toBe(true)
      const conditions = await openFilters(staff)
      expect(await conditions.count()).toBe(3)
      await staff.screenshot({ fullPage: true, path: review('my-leads-due') })
      const merged = conditions.filter({ hasText: /Merged into/i })
      expect(await merged.innerText()).toMatch(/exists[\s\S]*False/i)
      // Reloaded (the address holds the filter), still out.
      await staff.reload({ waitUntil: 'networkidle' })
      await staff.locator('tbody tr').filter({ hasText: 'Keptlead' }).first().waitFor(WAIT)
      expect((await rowTexts(staff)).join('\n')).not.toContain('Mergedlead')
    },
    STEP_MS,
  )

  it(
    '"Uncontacted today" opens with today in its date control, which can be edited',
    async () => {
      // Picked on the list where "My leads due" is open, as the manager did: the filter rows
      // drawn for that view must show this one's values (its first row held a user id, which a
      // date row showed as "December 31st 1969").
      await pick(staff, 'My leads due')
      const conditions = await openFilters(staff)
      await conditions.filter({ hasText: 'Assignee' }).getByText('Sam Rivera').waitFor(WAIT)
      await pick(staff, 'Uncontacted today', false)
      await conditions.filter({ hasText: /First contacted at/i }).waitFor(WAIT)
      const created = conditions.filter({ hasText: /Created at/i })
      const input = created.locator('.date-time-picker input')
      await input.waitFor(WAIT)
      await staff.screenshot({ fullPage: true, path: review('uncontacted-today') })
      const shown = await input.inputValue()
      const today = new Date()
      expect(shown).not.toMatch(/1969|1970|T\d\d:/)
      expect(shown).toContain(String(today.getUTCFullYear()))
      expect(shown).toContain(today.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }))
      for (const condition of await conditions.all())
        expect(await condition.innerText()).not.toMatch(/\d{4}-\d\d-\d\dT/)
      expect(await conditions.count()).toBe(3)
      for (const name of [/First contacted at/i, /Merged into/i])
        expect(await conditions.filter({ hasText: name }).innerText()).toMatch(
          /exists[\s\S]*False/i,
        )
      // Edited in its control, the date is the filter's: a day picked in the calendar, the 1st,
      // or the 2nd on the 1st (picking today would change nothing).
      const day = today.getUTCDate() === 1 ? 2 : 1
      await input.click()
      await staff
        .locator(`.react-datepicker__day--00${day}:not(.react-datepicker__day--outside-month)`)
        .first()
        .click()
      await staff.waitForURL(
        (url) =>
          /T\d\d:\d\d/.test(decodeURIComponent(url.search)) &&
          !decodeURIComponent(url.search).includes(
            today.toISOString().slice(0, 10) + 'T00:00:00.000Z',
          ),
        WAIT,
      )
      const edited = [...new URL(staff.url()).searchParams].find(([key]) =>
        key.includes('[createdAt]'),
      )
      expect(edited?.[1]).toMatch(new RegExp(`^${today.toISOString().slice(0, 7)}-0${day}T`))
    },
    STEP_MS,
  )

  it(
    "the picker says each view's filter in words",
    async () => {
      await service.open(staff, '/collections/lead')
      const drawer = await openPicker(staff)
      const picker = await drawer.locator('tbody tr').allInnerTexts()
      await staff.screenshot({ fullPage: true, path: review('picker') })
      const row = (title: string) => picker.find((text) => text.includes(title)) ?? ''
      expect(row('My leads due')).toContain(
        'Assignee is me and Follow-up due is on or before now and Merged into is empty',
      )
      expect(row('Uncontacted today')).toContain(
        'Created At is on or after the start of today (UTC) and First Contacted At is empty',
      )
      expect(picker.join('\n')).not.toMatch(/greater_than|less_than|exists|\{\{/)
    },
    STEP_MS,
  )
})
