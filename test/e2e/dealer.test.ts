/**
 * A dealer in the admin UI: the demo dealer of Sunset Motors signs in, sees only Sunset's leads
 * in the list, its search and the dashboard's search, and opening another company's lead by its
 * address sends them back to the list saying it could not be found, with nothing of the lead on
 * the page. Its dashboard is its day: its company's figures and to-do lists, retaken as a
 * screenshot for docs/admin-ui.md.
 */
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { projectRoot } from '@/lib/paths'

import {
  ADMIN_SERVICE_MS,
  type AdminService,
  startAdminService,
  STEP_MS,
  WAIT,
} from '../helpers/adminService'
import { addOtherDealership } from '../helpers/otherDealership'

const DEALER = 'alex.kim@example.com'

let service: AdminService
let dealer: Page
let otherLead: number

/** The list's rows, as text. */
const rows = async (page: Page) => page.locator('tbody tr').allInnerTexts()

beforeAll(async () => {
  service = await startAdminService('dealer')
  otherLead = (
    await addOtherDealership(service, {
      email: 'zora@bayside.example',
      firstName: 'Zora',
      lastName: 'Bayside',
    })
  ).id
  dealer = await service.pageAs(DEALER)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
})

describe('a dealer of Sunset Motors', () => {
  it(
    "lists only its company's leads",
    async () => {
      await service.open(dealer, '/collections/lead')
      const listed = (await rows(dealer)).join('\n')
      expect(listed).toMatch(/González/)
      expect(listed).toMatch(/Carter/)
      expect(listed).not.toMatch(/Bayside/)
      // The admin, signed in beside, sees the other company's lead in the same list.
      const adminPage = await service.pageAs(service.admin.email)
      await service.open(adminPage, '/collections/lead')
      expect((await rows(adminPage)).join('\n')).toMatch(/Bayside/)
      await adminPage.context().close()
    },
    STEP_MS,
  )

  it(
    'finds only its company’s leads in the list search and the dashboard search',
    async () => {
      await service.open(dealer, '/collections/lead?search=Carter')
      const carter = (await rows(dealer)).join('\n')
      expect(carter).toMatch(/Carter/)
      expect(carter).not.toMatch(/González/)
      await service.open(dealer, '/collections/lead?search=Bayside')
      expect(await rows(dealer)).toEqual([])

      await service.open(dealer, '')
      const box = dealer.getByRole('searchbox', { name: 'Search records' })
      const results = dealer.getByTestId('search-results')
      const find = async (term: string) => {
        await box.fill(term)
        await dealer.getByRole('button', { exact: true, name: 'Search' }).click()
      }
      await find('Carter')
      await results.getByRole('link', { name: 'James Carter' }).first().waitFor({ timeout: 30_000 })
      await find('Bayside')
      await results.getByText('Nothing found.').waitFor({ timeout: 30_000 })
      expect(await results.innerText()).not.toMatch(/Bayside|Zora/)
    },
    STEP_MS,
  )

  it(
    "starts the day on a dashboard of its company's work only",
    async () => {
      await service.open(dealer, '')
      for (const title of [
        'Leads',
        'Credit apps',
        'Adverse action',
        'Sanctions screening',
        'Deals',
      ])
        await dealer.getByRole('heading', { exact: true, name: title }).first().waitFor(WAIT)
      await dealer.getByRole('region', { name: 'My leads due now' }).waitFor(WAIT)
      expect(await dealer.locator('body').innerText()).not.toMatch(/Bayside|Zora/)
      await dealer.screenshot({
        fullPage: true,
        path: path.join(projectRoot, 'docs', 'screenshots', 'dealer-day.png'),
      })
    },
    STEP_MS,
  )

  it(
    "gets not-found for another company's lead opened by its address",
    async () => {
      await service.open(dealer, `/collections/lead/${otherLead}`)
      // Payload sends a record it cannot find back to the list, saying so.
      await dealer.waitForURL(/\/collections\/lead\?notFound=/, { timeout: 30_000 })
      await dealer
        .getByText(/could not be found/)
        .first()
        .waitFor({ timeout: 30_000 })
      expect(await dealer.locator('body').innerText()).not.toMatch(/Bayside|Zora/)
      const answer = await dealer.request.get(`${service.url}/api/lead/${otherLead}`)
      expect(answer.status()).toBe(404)
    },
    STEP_MS,
  )

  it(
    "offers only its company's locations for a new lead (not a facilitator's it may read)",
    async () => {
      await service.open(dealer, '/collections/lead/create')
      await dealer.locator('#field-location .rs__control').click()
      const options = dealer.locator('.rs__option')
      await options.first().waitFor({ timeout: 30_000 })
      const offered = (await options.allInnerTexts()).join('\n')
      expect(offered).toMatch(/1600 Sunset Blvd/)
      expect(offered).not.toMatch(/500 Congress Ave|Bayside/)
    },
    STEP_MS,
  )
})
