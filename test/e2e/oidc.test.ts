/**
 * Staff sign-in through an identity provider, as staff meet it in Chromium: the "Sign in with …"
 * button on the admin UI's sign-in page, the provider's own sign-in page (a real OpenID Connect
 * provider on 127.0.0.1, test/helpers/oidcProvider.ts), and back into the admin UI with the role
 * and dealership the person's group maps to; a changed group, an unmapped one and a person
 * disabled at the provider; and the provider's second factor standing in for the service's own.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Page } from 'playwright-core'

import { freePort } from '@/lib/freePort'

import {
  ADMIN_SERVICE_MS,
  type AdminService,
  startAdminService,
  STEP_MS,
  WAIT,
} from '../helpers/adminService'
import { startTestProvider, type TestProvider } from '../helpers/oidcProvider'

const BDC = 'Sunset Motors — BDC'
const OPS = 'Commerce — Operations'

let idp: TestProvider
let service: AdminService

beforeAll(async () => {
  const port = await freePort()
  const callbackUrl = `http://127.0.0.1:${port}/api/users/oidc/test/callback`
  idp = await startTestProvider({ redirectUris: [callbackUrl] })
  service = await startAdminService('oidc', {
    // The service's own second factor for everyone, unless the provider used one.
    MFA_REQUIRED: 'all',
    OIDC_PROVIDERS: JSON.stringify([
      {
        callbackUrl,
        clientId: idp.clientId,
        id: 'test',
        issuer: idp.issuer,
        label: 'Test IdP',
        roles: [
          { company: 'com_demo_sunset', match: BDC, role: 'dealer' },
          { match: OPS, role: 'staff' },
        ],
        scopes: 'openid profile email groups',
      },
    ]),
    OIDC_SECRET_TEST: idp.clientSecret,
    PORT: String(port),
  })
}, ADMIN_SERVICE_MS)

afterAll(async () => {
  await service?.close()
  await idp?.close()
})

/** From the admin UI's sign-in page through the provider's, in a browser of its own. */
const signInWithProvider = async (login: string, { mfa = false } = {}): Promise<Page> => {
  const page = await (await service.browser.newContext()).newPage()
  await page.goto(`${service.url}/admin/login`)
  await page.getByRole('link', { name: 'Sign in with Test IdP' }).click()
  await page.locator('input[name="login"]').fill(login)
  if (mfa) await page.locator('input[name="mfa"]').check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL((url) => url.origin === service.url, WAIT)
  return page
}

const whoAmI = async (page: Page) =>
  ((await service.api(page, '/users/me')) as { user: null | Record<string, unknown> }).user

describe('sign-in with an identity provider, in Chromium', () => {
  it(
    'creates the user at the first sign-in, as a dealer of the company their group maps to, and opens the admin UI',
    async () => {
      idp.accounts.set('ana', { email: 'ana.diaz@example.com', groups: [BDC], name: 'Ana Diaz' })
      const page = await signInWithProvider('ana', { mfa: true })
      await page.waitForURL((url) => url.pathname === '/admin', WAIT)
      expect(await whoAmI(page)).toMatchObject({
        company: 'com_demo_sunset',
        email: 'ana.diaz@example.com',
        identityProvider: 'test',
        role: 'dealer',
      })
    },
    STEP_MS,
  )

  it(
    'changes the role at the next sign-in when the group changed at the provider',
    async () => {
      idp.accounts.set('ana', { email: 'ana.diaz@example.com', groups: [OPS], name: 'Ana Diaz' })
      const page = await signInWithProvider('ana', { mfa: true })
      await page.waitForURL((url) => url.pathname === '/admin', WAIT)
      expect(await whoAmI(page)).toMatchObject({ company: null, role: 'staff' })
    },
    STEP_MS,
  )

  it(
    'refuses a person none of whose groups is mapped, on a page saying so',
    async () => {
      idp.accounts.set('cy', { email: 'cy@example.com', groups: ['Finance'], name: 'Cy Lam' })
      const page = await signInWithProvider('cy', { mfa: true })
      await page
        .getByRole('alert')
        .getByText(/none of your groups gives access/)
        .waitFor(WAIT)
      expect(await whoAmI(page)).toBeNull()
    },
    STEP_MS,
  )

  it(
    'refuses a person disabled at the provider',
    async () => {
      idp.accounts.set('ana', { ...idp.accounts.get('ana')!, disabled: true })
      const page = await signInWithProvider('ana', { mfa: true })
      await page
        .getByRole('alert')
        .getByText(/did not sign you in/)
        .waitFor(WAIT)
      expect(await whoAmI(page)).toBeNull()
    },
    STEP_MS,
  )

  it(
    'signs a person whose session ended back in through the provider without a click, until they sign out',
    async () => {
      idp.accounts.set('dee', { email: 'dee@example.com', groups: [OPS], name: 'Dee Park' })
      const page = await signInWithProvider('dee', { mfa: true })
      await page.waitForURL((url) => url.pathname === '/admin', WAIT)
      // The session's end, as OIDC_SESSION_MAX_AGE_SECONDS brings it: the cookie is gone.
      await page.context().clearCookies({ name: 'payload-token' })
      await page.goto(`${service.url}/admin/collections/lead`)
      await page.waitForURL((url) => url.pathname === '/admin/collections/lead', WAIT)
      expect(await whoAmI(page)).toMatchObject({ email: 'dee@example.com' })
      // Signing out stays signed out: the sign-in page offers the provider, and waits.
      await page.goto(`${service.url}/admin/logout`)
      await page.getByRole('link', { name: 'Sign in with Test IdP' }).waitFor(WAIT)
      expect(new URL(page.url()).pathname).toBe('/admin/login')
      expect(await whoAmI(page)).toBeNull()
    },
    STEP_MS,
  )

  it(
    "asks for the service's own second factor when the provider used none, and not when it did",
    async () => {
      idp.accounts.set('ben', { email: 'ben@example.com', groups: [OPS], name: 'Ben Okafor' })
      const asked = await signInWithProvider('ben')
      await asked.locator('[data-mfa-secret]').waitFor(WAIT)
      expect(await whoAmI(asked)).toBeNull()
      const trusted = await signInWithProvider('ben', { mfa: true })
      await trusted.waitForURL((url) => url.pathname === '/admin', WAIT)
      expect(await whoAmI(trusted)).toMatchObject({ email: 'ben@example.com' })
    },
    STEP_MS,
  )
})
