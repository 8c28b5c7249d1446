/**
 * Small things of the admin UI, as staff meet them in Chromium: "Restore this version" only for
 * those who may restore; a webhook endpoint's first secret shown once after its creation, and
 * Send test reporting what the receiver answered; the audit log naming who acted and staying on
 * the screen; the API docs in the navigation; Copy and Download for the recovery codes; and
 * signed out, `/admin` going straight to a sign-in page whose first HTML holds the form.
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
} from '../helpers/adminService'
import { factors, freshCode } from '../helpers/adminSignIn'
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver'

const CONSUMER = 'con_demo_chen'

let service: AdminService
let receiver: WebhookReceiver
let admin: Page
let staff: Page

/**
 * The first admin's first sign-in, by hand up to the recovery codes (the step the helper passes
 * through), then on to the admin UI; the factor is kept for the helper's later sign-ins.
 */
const enrolAdmin = async (page: Page) => {
  const { email, password } = service.admin
  await page.goto(`${service.url}/admin/login`)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.locator('button[type="submit"]').click()
  const secret = (await page.locator('[data-mfa-secret]').innerText({ timeout: 60_000 })).trim()
  const factor = { lastStep: Math.floor(Date.now() / 30_000) - 2, recoveryCodes: [], secret }
  await page.locator('input[name="code"]').fill(freshCode(factor)!)
  await page.locator('button[type="submit"]').click()
  await page.locator('[data-recovery-codes] li').first().waitFor({ timeout: 30_000 })
  const codes = await page.locator('[data-recovery-codes] li').allInnerTexts()
  factors.set(email, { ...factor, recoveryCodes: [...codes] })
  return codes
}

beforeAll(async () => {
  receiver = await startWebhookReceiver()
  service = await startAdminService('small', { WEBHOOK_ALLOW_LOOPBACK: 'true' })
  staff = await service.pageAs(DEMO_STAFF)
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
  await receiver?.close()
})

describe('recovery codes at two-factor enrolment', () => {
  it(
    'are copied to the clipboard and downloaded as a .txt file, each code in it',
    async () => {
      const context = await service.browser.newContext()
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: service.url,
      })
      const page = await context.newPage()
      const codes = await enrolAdmin(page)
      expect(codes).toHaveLength(10)

      await page.getByRole('button', { name: 'Copy' }).click()
      await page.getByRole('status').getByText('Copied.').waitFor({ timeout: 10_000 })
      const copied = await page.evaluate(() => navigator.clipboard.readText())
      expect(copied.trim().split('\n').slice(-10)).toEqual(codes)

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download (.txt)' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('commerce-recovery-codes.txt')
      const text = fs.readFileSync((await download.path())!, 'utf8')
      expect(text.trim().split('\n').slice(-10)).toEqual(codes)

      await page.getByRole('button', { name: /saved them/ }).click()
      await page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: 60_000 })
      admin = page
    },
    STEP_MS,
  )
})

/**
 * The admin's page from the first test; should that test fail, a sign-in of its own, so that each
 * later test reports its own result instead of failing on a page that was never made.
 */
const adminSignedIn = async () => {
  admin ??= await service.pageAs(service.admin.email)
}

describe('versions', () => {
  beforeAll(adminSignedIn, STEP_MS)

  const versionPage = async (page: Page, firstName: string) => {
    // A change by the admin makes a newer version (and an audit entry) to look at.
    const changed = await admin.request.patch(`${service.url}/api/consumer/${CONSUMER}`, {
      data: { firstName },
    })
    expect(changed.status()).toBe(200)
    const versions = await (
      await page.request.get(
        `${service.url}/api/consumer/versions?where[parent][equals]=${CONSUMER}&sort=-updatedAt`,
      )
    ).json()
    await service.open(page, `/collections/consumer/${CONSUMER}/versions/${versions.docs[1].id}`)
    return versions.docs[1].id as string
  }

  it(
    'staff read a version without "Restore this version"; a staff admin sees it',
    async () => {
      const versionId = await versionPage(staff, 'Mei')
      await staff.locator('.restore-version').waitFor({ state: 'attached', timeout: 30_000 })
      await expect(
        staff.getByRole('button', { name: 'Restore this version' }).isVisible(),
      ).resolves.toBe(false)
      // What the button would have asked for is refused.
      const restore = await staff.request.post(`${service.url}/api/consumer/versions/${versionId}`)
      expect(restore.status()).toBe(403)
      await versionPage(admin, 'Lan')
      await admin
        .getByRole('button', { name: 'Restore this version' })
        .waitFor({ state: 'visible', timeout: 30_000 })
    },
    STEP_MS,
  )
})

describe('webhook endpoints', () => {
  beforeAll(adminSignedIn, STEP_MS)

  it(
    'show the first secret once after creation; Send test reports the receiver’s answer',
    async () => {
      await service.open(admin, '/collections/webhook-endpoints/create')
      await admin.locator('#field-url').fill(receiver.url)
      await admin.locator('#field-events .rs__control').click()
      await admin.keyboard.type('error.created')
      await admin.keyboard.press('Enter')
      await admin.locator('#action-save').click()
      await admin.waitForURL(/webhook-endpoints\/\d+$/, { timeout: 60_000 })
      const secret = await admin.getByTestId('webhook-secret').innerText({ timeout: 30_000 })
      expect(secret).toMatch(/^whsec_/)

      receiver.secrets = [secret]
      receiver.received.length = 0
      await admin.getByRole('button', { name: 'Send test' }).click()
      const result = admin.getByTestId('webhook-test-result')
      await expect(result.innerText({ timeout: 30_000 })).resolves.toMatch(
        /^Delivered: the receiver answered HTTP 204 in \d+ ms\.$/,
      )
      expect(receiver.received).toHaveLength(1)
      expect(receiver.received[0].body.type).toBe('webhook.test')
      // Signed with the secret shown: it was the endpoint's own.
      expect(receiver.received[0].verifiedWith).toBe(0)

      receiver.script({ status: 500 })
      await admin.getByRole('button', { name: 'Send test' }).click()
      await expect(
        admin.getByRole('alert').filter({ hasText: 'HTTP 500' }).innerText({ timeout: 30_000 }),
      ).resolves.toMatch(/^Not delivered: the receiver answered HTTP 500/)

      await admin.reload({ waitUntil: 'networkidle' })
      await admin.getByRole('button', { name: 'Rotate secret' }).waitFor({ timeout: 30_000 })
      expect(await admin.getByTestId('webhook-secret').count()).toBe(0)
      expect(await admin.content()).not.toContain(secret)
    },
    STEP_MS,
  )
})

describe('the audit log', () => {
  beforeAll(adminSignedIn, STEP_MS)

  it(
    'names who acted, keeps the stored actor at hand, and fits the screen',
    async () => {
      await service.open(admin, '/collections/audit-log')
      const row = admin.locator('tbody tr').filter({ hasText: CONSUMER }).first()
      await row.waitFor({ timeout: 30_000 })
      const actor = row.locator('[data-actor]')
      await expect(actor.innerText()).resolves.toBe(`Local admin <${service.admin.email}>`)
      await expect(actor.getAttribute('title')).resolves.toMatch(/ — users:\d+$/)
      expect(await admin.locator('tbody').innerText()).not.toMatch(/\busers:\d+/)
      const overflow = await admin.evaluate(() => {
        const table = document.querySelector('.table table')!
        return table.getBoundingClientRect().right - document.documentElement.clientWidth
      })
      expect(overflow).toBeLessThanOrEqual(0)
      // The entry's own page says who, and keeps the stored value.
      await row.locator('a').first().click()
      await expect(admin.locator('#field-actorName').inputValue({ timeout: 30_000 })).resolves.toBe(
        `Local admin <${service.admin.email}>`,
      )
      await expect(admin.locator('#field-actor').inputValue()).resolves.toMatch(/^users:\d+$/)
    },
    STEP_MS,
  )
})

describe('navigation', () => {
  it(
    'links the API docs and the OpenAPI document, which answer',
    async () => {
      await service.open(staff, '')
      const docs = staff.locator('nav').getByRole('link', { name: 'API docs' })
      await expect(docs.getAttribute('href')).resolves.toBe('/api/docs')
      await expect(docs.getAttribute('target')).resolves.toBe('_blank')
      await docs.scrollIntoViewIfNeeded()
      await expect(docs.isVisible()).resolves.toBe(true)
      const tab = await staff.context().newPage()
      await tab.goto(`${service.url}/api/docs`)
      await tab.locator('#swagger-ui .info').waitFor({ timeout: 30_000 })
      await tab.close()
      const document = staff.locator('nav').getByRole('link', { name: 'OpenAPI document' })
      const href = (await document.getAttribute('href'))!
      const answer = await staff.request.get(`${service.url}${href}`)
      expect(answer.status()).toBe(200)
      expect((await answer.json()).openapi).toMatch(/^3\./)
    },
    STEP_MS,
  )
})

describe('signed out', () => {
  it(
    '/admin goes straight to the sign-in page, whose first HTML already holds the form',
    async () => {
      const root = await fetch(`${service.url}/admin`, { redirect: 'manual' })
      expect(root.status).toBe(302)
      expect(root.headers.get('location')).toBe('/admin/login')
      const login = await fetch(`${service.url}/admin/login`)
      expect(login.status).toBe(200)
      // No second render of the page for a browser that has not sent the hint yet.
      expect(login.headers.get('critical-ch')).toBeNull()
      expect(login.headers.get('accept-ch')).toContain('Sec-CH-Prefers-Color-Scheme')
      const html = await login.text()
      expect(html).toMatch(/<input[^>]*name="email"/)
      expect(html).toContain('Sign in to Commerce')

      // The first HTML alone, no script run: the form is on the screen.
      const bare = await service.browser.newContext({ javaScriptEnabled: false })
      const page = await bare.newPage()
      await page.goto(`${service.url}/admin`, { waitUntil: 'load' })
      expect(new URL(page.url()).pathname).toBe('/admin/login')
      await expect(page.locator('input[name="email"]').isVisible()).resolves.toBe(true)
      await expect(page.locator('input[name="password"]').isVisible()).resolves.toBe(true)
      await bare.close()
    },
    STEP_MS,
  )
})
