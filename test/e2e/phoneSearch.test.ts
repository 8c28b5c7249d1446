/**
 * A BDC agent takes a call: the caller's number, typed as the phone shows it, finds them in the
 * consumers and leads lists and in the dashboard's search, whose hits say which of two people of
 * the same name is which and whose counts open the list with the same search; credit apps are
 * found by the number too. A dealer's user typing another dealership's customer's number finds
 * nothing, in the list or the dashboard.
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

/** Pictures for a person to look at after a run (not those of docs/admin-ui.md). */
const review = (name: string) => path.join(projectRoot, '.data', `e2e-phone-${name}.png`)

let service: AdminService
let agent: Page
let dealer: Page

/** The list's rows, as text. */
const rows = async (page: Page) => page.locator('tbody tr').allInnerTexts()

/**
 * Types `term` into a list's search box, as a person would, and reads the rows once the list
 * shows `count` of them (the unsearched rows can show for a moment after the address changes).
 */
const searchList = async (page: Page, collection: string, term: string, count: number) => {
  await service.open(page, `/collections/${collection}`)
  const box = page.locator('#search-filter-input')
  await box.fill(term)
  await page.waitForURL((url) => url.searchParams.get('search') === term, WAIT)
  await page
    .waitForFunction((n) => document.querySelectorAll('tbody tr').length === n, count, WAIT)
    .catch(() => undefined)
  return rows(page)
}

/** The dashboard's search, from its box. */
const searchDashboard = async (page: Page, term: string) => {
  await service.open(page, '')
  await page.getByRole('searchbox', { name: 'Search records' }).fill(term)
  await page.getByRole('button', { exact: true, name: 'Search' }).click()
  const results = page.getByTestId('search-results')
  await results.waitFor(WAIT)
  return results
}

beforeAll(async () => {
  service = await startAdminService('phone')
  // Another dealership's customer.
  await addOtherDealership(service, {
    firstName: 'Zora',
    lastName: 'Bayside',
    phoneNumber: '(510) 555-0101',
  })
  agent = await service.pageAs(DEMO_STAFF)
  dealer = await service.pageAs(DEALER)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
})

describe('a BDC agent looking up a caller by number', () => {
  it(
    'finds the consumer in the list by the number as the list shows it',
    async () => {
      // The list shows "(512) 555-0112" for the stored "512-555-0112"; typing that finds him.
      for (const term of ['(512) 555-0112', '5125550112', '555-0112']) {
        const listed = await searchList(agent, 'consumer', term, 1)
        expect([term, listed.length]).toEqual([term, 1])
        expect(listed[0]).toMatch(/James[\s\S]*Carter[\s\S]*\(512\) 555-0112/)
      }
    },
    STEP_MS,
  )

  it(
    'finds the leads in the list written as the caller gives the number',
    async () => {
      for (const term of ['213-555-0147', '2135550147']) {
        const listed = await searchList(agent, 'lead', term, 2)
        expect([term, listed.length]).toEqual([term, 2])
        for (const row of listed) expect(row).toMatch(/María[\s\S]*González/)
      }
    },
    STEP_MS,
  )

  it(
    'finds consumer, leads and credit app from the dashboard, told apart, each count opening its list',
    async () => {
      const results = await searchDashboard(agent, '(213) 555-0147')
      const consumer = results.getByRole('listitem').filter({
        has: agent.getByRole('link', { name: 'María González' }),
        hasText: '(213) 555-0147 · maria.gonzalez@example.com',
      })
      await consumer.first().waitFor(WAIT)
      // Two leads of one name, each with its own e-mail and its store.
      for (const email of ['maria.gonzalez@example.com', 'm.gonzalez@work.example'])
        await results
          .getByText(`(213) 555-0147 · ${email} · Sunset Motors`, { exact: true })
          .waitFor(WAIT)
      await results.getByRole('link', { name: 'Credit apps (1)' }).waitFor(WAIT)
      await agent.screenshot({ fullPage: true, path: review('dashboard') })
      // The count is a link to the list with the same search: one click, the same two leads.
      await results.getByRole('link', { name: 'Leads (2)' }).click()
      await agent.waitForURL(/\/admin\/collections\/lead\?search=/, WAIT)
      await agent.waitForLoadState('networkidle')
      expect(new URL(agent.url()).searchParams.get('search')).toBe('(213) 555-0147')
      const listed = await rows(agent)
      expect(listed.length).toBe(2)
      for (const row of listed) expect(row).toMatch(/González/)
    },
    STEP_MS,
  )
})

describe('a dealer’s user', () => {
  it(
    'finds nothing of another dealership by its customer’s number, in the list or the dashboard',
    async () => {
      for (const term of ['(510) 555-0101', '5105550101']) {
        expect([term, await searchList(dealer, 'lead', term, 0)]).toEqual([term, []])
        const results = await searchDashboard(dealer, term)
        await results.getByText('Nothing found.').waitFor(WAIT)
        expect(await results.innerText()).not.toMatch(/Bayside|Zora/)
      }
      // Its own customer it finds by number.
      const results = await searchDashboard(dealer, '512.555.0112')
      await results.getByRole('link', { name: 'James Carter' }).first().waitFor(WAIT)
    },
    STEP_MS,
  )
})
