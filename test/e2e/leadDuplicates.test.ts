/**
 * Merging two leads in Chromium, as the demo staff user does it: the lead page lists its possible
 * duplicates, Merge… opens the preview (which values win, what moves), and Confirm merges them;
 * the other lead's page then says where it went.
 */
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

let admin: AdminService
let staff: Page

beforeAll(async () => {
  admin = await startAdminService('lead-duplicates')
  staff = await admin.pageAs(DEMO_STAFF)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await admin?.close()
})

const post = async (data: Record<string, unknown>) => {
  const answer = await staff.request.post(`${admin.url}/api/lead?depth=0`, { data })
  expect(answer.status()).toBe(201)
  return (await answer.json()).doc.id as number
}

it(
  'previews the merge of a possible duplicate, then merges it as previewed',
  async () => {
    const location = 'loc_demo_sunset_la'
    const kept = await post({
      email: 'dana.merge@example.com',
      firstName: 'Dana',
      lastName: 'Merge',
      location,
    })
    // Another e-mail at first (so it is created), then the same one: a possible duplicate.
    const other = await post({
      email: 'dana.elsewhere@example.com',
      firstName: 'Dana',
      lastName: 'Merge',
      location,
      phoneNumber: '(213) 555-0188',
    })
    const patched = await staff.request.patch(`${admin.url}/api/lead/${other}`, {
      data: { email: 'dana.merge@example.com' },
    })
    expect(patched.status()).toBe(200)

    await admin.open(staff, `/collections/lead/${kept}`)
    const listed = staff.getByRole('list', { name: 'Possible duplicates' })
    await listed.getByRole('link', { name: 'Dana Merge' }).waitFor(WAIT)
    expect(await listed.innerText()).toContain('same e-mail')
    await listed.getByRole('button', { name: 'Merge…' }).click()

    const preview = staff.getByRole('dialog', { name: 'Merge preview' })
    await preview.waitFor(WAIT)
    const phone = preview.locator('tr[data-field="phoneNumber"]')
    // This lead has no phone: the other's wins, and is what the lead will have.
    expect(await phone.locator('td').nth(0).innerText()).toBe('—')
    expect(await phone.locator('td.lead-desk__wins').innerText()).toBe('(213) 555-0188')
    expect(await phone.locator('td[data-result]').innerText()).toBe('(213) 555-0188')
    expect(await preview.locator('tr[data-field="email"] td[data-result]').innerText()).toBe(
      'dana.merge@example.com',
    )
    expect(await preview.locator('[data-moves]').innerText()).toContain('0 lead events')

    const reloaded = staff.waitForEvent('load', { timeout: 30_000 })
    await preview.getByRole('button', { name: 'Confirm merge' }).click()
    await reloaded
    await staff.getByText('None found.').waitFor(WAIT)
    expect((await admin.api(staff, `/lead/${kept}?depth=0`)).phoneNumber).toBe('(213) 555-0188')
    expect((await admin.api(staff, `/lead/${other}?depth=0`)).mergedInto).toBe(kept)

    await admin.open(staff, `/collections/lead/${other}`)
    const banner = staff.locator('section[aria-label="Lead desk"] [role="status"]').first()
    await banner.waitFor(WAIT)
    expect(await banner.innerText()).toContain(`Merged`)
    expect(await banner.innerText()).toContain(`lead ${kept}`)
  },
  STEP_MS * 3,
)
