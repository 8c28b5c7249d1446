/**
 * Staff sign-in through an identity provider (src/auth/oidc), over real HTTP against a real
 * OpenID Connect provider on 127.0.0.1 (test/helpers/oidcProvider.ts), each step of the browser's
 * redirects followed here with a cookie jar per origin: the user made just in time from the
 * claims, the mapping of groups to role and dealership, refusals (unmapped, disabled at the
 * provider), the second factor the provider used or the service still asks for, the session's
 * limits (no refresh, back-channel logout), password sign-in turned off, and the ID-token checks
 * against tampered, expired and misaddressed tokens and the attacks on the flow itself.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from 'drizzle-orm'
import { generateSync } from 'otplib'

import { checkSignInSettings, oidcProvider } from '@/auth/oidc/config'
import { verifyIdToken } from '@/auth/oidc/tokens'
import { drizzleOf } from '@/db/adapter'

import { startTestProvider, type TestProvider } from '../helpers/oidcProvider'
import { useTestService } from '../helpers/service'

process.env.RATE_LIMIT_AUTH = '10000'
// The service's own second factor is asked only where a test says so (MFA_REQUIRED=all).
process.env.MFA_REQUIRED = 'admins'
const context = useTestService()
let idp: TestProvider

const SUNSET = 'com_oidc_sunset'
const BDC = 'Sunset Motors — BDC'
const OPS = 'Commerce — Operations'

const providersSetting = (issuer: string, callbackUrl: string) =>
  JSON.stringify([
    {
      callbackUrl,
      clientId: 'commerce',
      id: 'test',
      issuer,
      label: 'Test IdP',
      roles: [
        { company: SUNSET, match: BDC, role: 'dealer' },
        { match: OPS, role: 'staff' },
      ],
      scopes: 'openid profile email groups',
    },
  ])

beforeAll(async () => {
  const callbackUrl = `${context.service.url}/api/users/oidc/test/callback`
  idp = await startTestProvider({ redirectUris: [callbackUrl] })
  process.env.OIDC_PROVIDERS = providersSetting(idp.issuer, callbackUrl)
  process.env.OIDC_SECRET_TEST = idp.clientSecret
  await context.service.payload.create({
    collection: 'company',
    data: { id: SUNSET, name: 'Sunset Motors' },
  })
})

afterAll(async () => {
  await idp?.close()
  delete process.env.OIDC_PROVIDERS
  delete process.env.OIDC_SECRET_TEST
})

/** Cookies by origin, as a browser keeps them (enough for these flows: no paths, no expiry). */
class Browser {
  private jars = new Map<string, Map<string, string>>()

  async get(address: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(address)
    const jar = this.jars.get(url.origin) ?? new Map<string, string>()
    this.jars.set(url.origin, jar)
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...(cookie && { cookie }) },
      redirect: 'manual',
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const [name, ...value] = pair.split('=')
      const expired = attributes.some((each) => /max-age=0|expires=thu, 01 jan 1970/i.test(each))
      if (expired || !value.join('=')) jar.delete(name.trim())
      else jar.set(name.trim(), value.join('='))
    }
    return response
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name)
  }

  /** Follows redirects from `address` until one leaves for `stopAt`'s origin, or a page. */
  async follow(
    address: string,
    stopAt?: string,
  ): Promise<{ location: string; response: Response }> {
    let location = address
    for (let hops = 0; hops < 10; hops++) {
      const response = await this.get(location)
      const next = response.headers.get('location')
      if (!next) return { location, response }
      location = new URL(next, location).toString()
      if (stopAt && location.startsWith(stopAt)) return { location, response }
    }
    throw new Error(`too many redirects from ${address}`)
  }
}

/** The provider's sign-in of `login`, up to the redirect back to the callback (not followed). */
const toCallback = async (
  browser: Browser,
  login: string,
  { mfa = false, redirect = '/admin' } = {},
) => {
  const started = await browser.get(
    `${context.service.url}/api/users/oidc/test/start?${new URLSearchParams({ redirect })}`,
  )
  expect(started.status).toBe(303)
  const { location: interaction } = await browser.follow(started.headers.get('location')!)
  expect(interaction).toMatch(/\/interaction\//)
  const form = new URLSearchParams({ login, ...(mfa && { mfa: '1' }) })
  const posted = await browser.get(interaction, {
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    method: 'POST',
  })
  const { location } = await browser.follow(
    new URL(posted.headers.get('location')!, interaction).toString(),
    `${context.service.url}/api/users/oidc/test/callback`,
  )
  return location
}

/** A whole sign-in: where the callback sends the browser, and the browser. */
const signIn = async (login: string, options: { mfa?: boolean } = {}) => {
  const browser = new Browser()
  const callback = await toCallback(browser, login, options)
  const answer = await browser.get(callback)
  expect(answer.status).toBe(303)
  return { browser, callback, location: answer.headers.get('location')! }
}

const me = async (browser: Browser) =>
  (await (await browser.get(`${context.service.url}/api/users/me`)).json()) as {
    exp?: number
    user: null | Record<string, unknown>
  }

const userOf = async (subject: string) => {
  const { docs } = await context.service.payload.find({
    collection: 'users',
    where: { identitySubject: { equals: subject } },
  })
  return docs[0]
}

const auditOf = async (identity: string) =>
  (
    await context.service.payload.find({
      collection: 'audit-log',
      sort: 'createdAt',
      where: { identity: { equals: identity } },
    })
  ).docs.map(({ action, actor, fields }) => ({ action, actor, fields }))

describe('the first sign-in', () => {
  it('creates the staff user from the claims, with the role and dealership its group maps to, and signs them in', async () => {
    idp.accounts.set('ana', {
      email: 'Ana.Diaz@example.com',
      groups: [BDC, 'Everyone'],
      name: 'Ana Diaz',
    })
    const { browser, location } = await signIn('ana')
    expect(location).toBe('/admin')
    const user = await userOf('ana')
    expect(user).toMatchObject({
      company: SUNSET,
      email: 'ana.diaz@example.com',
      identityProvider: 'test',
      name: 'Ana Diaz',
      role: 'dealer',
    })
    expect((await me(browser)).user).toMatchObject({ id: user.id, role: 'dealer' })
    expect(await auditOf('test:ana')).toEqual([
      { action: 'sign_in', actor: `users:${user.id}`, fields: [] },
    ])
    // The flow's cookie is spent with the callback.
    expect(browser.cookie(context.service.url, 'commerce-oidc')).toBeUndefined()
  })

  it('logs out as a password session does', async () => {
    const { browser } = await signIn('ana')
    const out = await browser.get(`${context.service.url}/api/users/logout`, { method: 'POST' })
    expect(out.status).toBe(200)
    expect((await me(browser)).user).toBeNull()
  })
})

describe('the mapping at every sign-in', () => {
  it('changes the role when the group changed at the provider, and audits the change', async () => {
    idp.accounts.set('ben', { email: 'ben@example.com', groups: [BDC], name: 'Ben Okafor' })
    await signIn('ben')
    idp.accounts.set('ben', { email: 'ben@example.com', groups: [OPS], name: 'Ben Okafor' })
    const { browser } = await signIn('ben')
    const user = await userOf('ben')
    expect(user).toMatchObject({ company: null, role: 'staff' })
    expect((await me(browser)).user).toMatchObject({ role: 'staff' })
    expect(await auditOf('test:ben')).toEqual([
      { action: 'sign_in', actor: `users:${user.id}`, fields: [] },
      { action: 'role_change', actor: 'system', fields: ['role', 'company'] },
      { action: 'sign_in', actor: `users:${user.id}`, fields: [] },
    ])
  })

  it('refuses a person none of whose groups is mapped, with a page saying so, and creates nothing', async () => {
    idp.accounts.set('cy', { email: 'cy@example.com', groups: ['Finance'], name: 'Cy Lam' })
    const before = await context.service.payload.count({ collection: 'users' })
    const { browser, location } = await signIn('cy')
    expect(location).toBe('/admin/login?refused=unmapped')
    expect((await me(browser)).user).toBeNull()
    expect(await context.service.payload.count({ collection: 'users' })).toEqual(before)
    expect(await auditOf('test:cy')).toEqual([
      { action: 'sign_in_refused', actor: 'system', fields: ['unmapped'] },
    ])
  })

  it('refuses a person whose only mapped group was removed, leaving their account as it was', async () => {
    idp.accounts.set('dee', { email: 'dee@example.com', groups: [OPS], name: 'Dee Park' })
    await signIn('dee')
    idp.accounts.set('dee', { email: 'dee@example.com', groups: [], name: 'Dee Park' })
    const { location } = await signIn('dee')
    expect(location).toBe('/admin/login?refused=unmapped')
  })
})

describe('leavers', () => {
  it('a person disabled at the provider cannot sign in again', async () => {
    idp.accounts.set('eve', { email: 'eve@example.com', groups: [OPS], name: 'Eve Stone' })
    await signIn('eve')
    idp.accounts.set('eve', { ...idp.accounts.get('eve')!, disabled: true })
    const { browser, location } = await signIn('eve')
    expect(location).toBe('/admin/login?refused=provider')
    expect((await me(browser)).user).toBeNull()
  })

  it("re-authenticates silently (prompt=none) while the provider's session lasts, and not once the person is disabled or signed out", async () => {
    idp.accounts.set('lee', { email: 'lee@example.com', groups: [OPS], name: 'Lee Chan' })
    const { browser } = await signIn('lee')
    expect(browser.cookie(context.service.url, 'commerce-oidc-provider')).toBe('test')
    const silently = async (who: Browser) => {
      const start = `${context.service.url}/api/users/oidc/test/start?redirect=/admin&silent=1`
      const { location } = await who.follow(start, `${context.service.url}/admin`)
      return location.slice(context.service.url.length)
    }
    // The session ended (here: signed out of the service only): no page of the provider's.
    const ended = await browser.get(`${context.service.url}/api/users/logout`, { method: 'POST' })
    expect(ended.status).toBe(200)
    expect(browser.cookie(context.service.url, 'commerce-oidc-provider')).toBeUndefined()
    expect(await silently(browser)).toBe('/admin')
    expect((await me(browser)).user).toMatchObject({ email: 'lee@example.com' })
    // A browser without a session at the provider: the sign-in page, nothing refused.
    const stranger = new Browser()
    expect(await silently(stranger)).toBe('/admin/login?redirect=%2Fadmin&silent=failed')
    expect((await me(stranger)).user).toBeNull()
    // Disabled at the provider since: it does not send the browser back with a code (this one
    // stops on its own error page), and there is no new session.
    idp.accounts.set('lee', { ...idp.accounts.get('lee')!, disabled: true })
    await browser.get(`${context.service.url}/api/users/logout`, { method: 'POST' })
    expect(await silently(browser)).not.toBe('/admin')
    expect((await me(browser)).user).toBeNull()
  })

  it('a back-channel logout from the provider ends every session of the person', async () => {
    idp.accounts.set('fay', { email: 'fay@example.com', groups: [OPS], name: 'Fay Wu' })
    const first = await signIn('fay')
    const second = await signIn('fay')
    const logoutToken = await idp.sign({
      aud: 'commerce',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      exp: Math.floor(Date.now() / 1000) + 120,
      iat: Math.floor(Date.now() / 1000),
      jti: 'logout-1',
      sub: 'fay',
    })
    const forged = await idp.sign(
      {
        aud: 'commerce',
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
        iat: Math.floor(Date.now() / 1000),
        jti: 'logout-2',
        sub: 'fay',
      },
      { key: await idp.strangerKey() },
    )
    const post = (token: string) =>
      fetch(`${context.service.url}/api/users/oidc/test/backchannel-logout`, {
        body: new URLSearchParams({ logout_token: token }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        method: 'POST',
      })
    expect((await post(forged)).status).toBe(400)
    expect((await me(first.browser)).user).not.toBeNull()
    expect((await post(logoutToken)).status).toBe(200)
    expect((await me(first.browser)).user).toBeNull()
    expect((await me(second.browser)).user).toBeNull()
  })

  it('a session lasts OIDC_SESSION_MAX_AGE_SECONDS and is not refreshed past it', async () => {
    process.env.OIDC_SESSION_MAX_AGE_SECONDS = '600'
    try {
      const { browser } = await signIn('fay')
      const { exp } = await me(browser)
      expect(exp! - Date.now() / 1000).toBeLessThanOrEqual(600)
      expect(exp! - Date.now() / 1000).toBeGreaterThan(500)
      const refresh = await browser.get(`${context.service.url}/api/users/refresh-token`, {
        method: 'POST',
      })
      expect(refresh.status).toBe(403)
    } finally {
      delete process.env.OIDC_SESSION_MAX_AGE_SECONDS
    }
  })
})

describe("the provider's second factor", () => {
  beforeAll(() => {
    process.env.MFA_REQUIRED = 'all'
  })
  afterAll(() => {
    process.env.MFA_REQUIRED = 'admins'
  })

  it('counts when the ID token says it was used (amr): no code asked', async () => {
    idp.accounts.set('gus', { email: 'gus@example.com', groups: [OPS], name: 'Gus Hale' })
    const { browser, location } = await signIn('gus', { mfa: true })
    expect(location).toBe('/admin')
    expect((await me(browser)).user).toMatchObject({ email: 'gus@example.com' })
    const user = await userOf('gus')
    expect(await auditOf('test:gus')).toEqual([
      { action: 'sign_in', actor: `users:${user.id}`, fields: ['provider-mfa'] },
    ])
  })

  it("otherwise the service's own rule applies: set up, then a code, before any session", async () => {
    idp.accounts.set('hal', { email: 'hal@example.com', groups: [OPS], name: 'Hal Ito' })
    const { browser, location } = await signIn('hal')
    expect(location).toBe('/admin/login?second-factor=test&redirect=%2Fadmin')
    expect((await me(browser)).user).toBeNull()
    const step = (body: Record<string, string>) =>
      browser.get(`${context.service.url}/api/users/oidc/second-factor`, {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        method: 'POST',
      })
    const challenge = await step({})
    expect(challenge.status).toBe(401)
    const { errors } = (await challenge.json()) as {
      errors: { data: { enrolmentToken: string; mfa: string; secret: string } }[]
    }
    expect(errors[0].data.mfa).toBe('enrol')
    const { enrolmentToken, secret } = errors[0].data
    const wrong = await step({ code: '000000', enrolmentToken })
    expect(wrong.status).toBe(401)
    const done = await step({ code: generateSync({ secret }), enrolmentToken })
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({
      redirectTo: '/admin',
      user: { recoveryCodes: expect.arrayContaining([expect.any(String)]) },
    })
    expect((await me(browser)).user).toMatchObject({ email: 'hal@example.com', mfaEnabled: true })
    // The pending step is spent.
    expect((await step({ code: generateSync({ secret }) })).status).toBe(401)
  })
})

describe('password sign-in turned off', () => {
  it('is refused, with password resets, to a person who signs in through a provider, whatever password they were given, answered as for an unknown address', async () => {
    idp.accounts.set('kai', { email: 'kai@example.com', groups: [OPS], name: 'Kai Moss' })
    await signIn('kai')
    const user = await userOf('kai')
    const password = 'a password set here later'
    await context.service.payload.update({ collection: 'users', data: { password }, id: user.id })
    const post = async (route: string, body: object) => {
      const answer = await fetch(`${context.service.url}/api/users/${route}`, {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        method: 'POST',
      })
      return { body: await answer.json(), status: answer.status }
    }
    // Every e-mail the service sends goes through its adapter: counted here.
    const adapter = context.service.payload.email as { sendEmail: (...args: never[]) => unknown }
    const send = adapter.sendEmail
    let mailed = 0
    adapter.sendEmail = (...args) => {
      mailed++
      return send.apply(adapter, args)
    }
    const login = await post('login', { email: 'kai@example.com', password })
    expect(login.status).toBe(401)
    expect(login).toEqual(await post('login', { email: 'nobody@example.com', password }))
    const reset = await post('forgot-password', { email: 'kai@example.com' })
    expect(reset.status).toBe(200)
    expect(reset).toEqual(await post('forgot-password', { email: 'nobody@example.com' }))
    adapter.sendEmail = send
    expect(mailed).toBe(0)
  })

  afterAll(() => {
    delete process.env.PASSWORD_SIGN_IN
    delete process.env.BREAK_GLASS_ADMIN
  })

  it('is refused to everyone but the break-glass admin', async () => {
    const password = 'a long break-glass password'
    for (const [email, role] of [
      ['glass@example.com', 'admin'],
      ['pat@example.com', 'staff'],
    ] as const) {
      await context.service.payload.create({ collection: 'users', data: { email, password, role } })
    }
    process.env.PASSWORD_SIGN_IN = 'break-glass'
    process.env.BREAK_GLASS_ADMIN = 'glass@example.com'
    const login = (email: string) =>
      fetch(`${context.service.url}/api/users/login`, {
        body: JSON.stringify({ email, password }),
        headers: { 'content-type': 'application/json' },
        method: 'POST',
      })
    const staff = await login('pat@example.com')
    expect(staff.status).toBe(403)
    expect(((await staff.json()) as { errors: { message: string }[] }).errors[0].message).toMatch(
      /identity provider/,
    )
    // Past the password: the admin's second factor is what is asked next.
    const admin = await login('glass@example.com')
    expect(admin.status).toBe(401)
    expect(await admin.json()).toMatchObject({ errors: [{ data: { mfa: 'enrol' } }] })
  })
})

describe('the settings', () => {
  const withProviders = (value: unknown, run: () => void) => {
    const saved = process.env.OIDC_PROVIDERS
    process.env.OIDC_PROVIDERS = JSON.stringify(value)
    try {
      run()
    } finally {
      process.env.OIDC_PROVIDERS = saved
    }
  }
  const base = { clientId: 'c', id: 'test', issuer: 'http://127.0.0.1:1', label: 'T' }

  it('refuse to start on a bad mapping, naming the provider and the mapping', () => {
    withProviders([{ ...base, roles: [{ match: 'Sales', role: 'dealer' }] }], () =>
      expect(checkSignInSettings).toThrow(
        'OIDC_PROVIDERS: provider "test", mapping "Sales": a dealer needs a company, and only a dealer has one',
      ),
    )
    withProviders([{ ...base, roles: [{ match: 'Sales', role: 'owner' }] }], () =>
      expect(checkSignInSettings).toThrow(/provider "test", mapping "Sales": .*admin/),
    )
    withProviders([{ ...base, roles: [] }], () =>
      expect(checkSignInSettings).toThrow(
        'provider "test", roles: a provider needs at least one mapping',
      ),
    )
  })
})

describe('the ID token', () => {
  const provider = () => oidcProvider('test')!
  const now = () => Math.floor(Date.now() / 1000)
  const claims = () => ({ aud: 'commerce', exp: now() + 300, iat: now(), nonce: 'n-1', sub: 'ana' })

  it('is accepted when signed by the provider, for this client, in time, with the nonce', async () => {
    await expect(verifyIdToken(provider(), await idp.sign(claims()), 'n-1')).resolves.toMatchObject(
      {
        sub: 'ana',
      },
    )
  })

  it.each([
    ['expired', { exp: now() - 600, iat: now() - 900 }, 'expired'],
    ['for another client', { aud: 'other-app' }, 'aud does not match'],
    ['from another issuer', { iss: 'http://127.0.0.1:1' }, 'iss does not match'],
    ['of another sign-in (nonce)', { nonce: 'n-2' }, 'nonce does not match this sign-in'],
    [
      'shared with another party',
      { aud: ['commerce', 'other-app'], azp: 'other-app' },
      'issued to another party (azp)',
    ],
  ])('is refused when %s', async (_case, change, reason) => {
    await expect(
      verifyIdToken(provider(), await idp.sign({ ...claims(), ...change }), 'n-1'),
    ).rejects.toMatchObject({ reason })
  })

  it('is refused when tampered with, unsigned, or signed with a key the provider does not publish', async () => {
    const token = await idp.sign(claims())
    const [header, body, signature] = token.split('.')
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), sub: 'admin' }),
    ).toString('base64url')
    await expect(
      verifyIdToken(provider(), `${header}.${changed}.${signature}`, 'n-1'),
    ).rejects.toMatchObject({
      reason: 'bad signature',
    })
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`
    await expect(verifyIdToken(provider(), none, 'n-1')).rejects.toMatchObject({
      reason: 'algorithm not allowed',
    })
    const stranger = await idp.sign(claims(), { key: await idp.strangerKey() })
    await expect(verifyIdToken(provider(), stranger, 'n-1')).rejects.toMatchObject({
      reason: 'signed with a key the provider does not publish',
    })
  })
})

describe('attacks on the flow', () => {
  it('a replayed callback (the same code and state) signs no one in', async () => {
    idp.accounts.set('ivy', { email: 'ivy@example.com', groups: [OPS], name: 'Ivy Roe' })
    const browser = new Browser()
    const callback = await toCallback(browser, 'ivy')
    const flowCookie = browser.cookie(context.service.url, 'commerce-oidc')!
    expect((await browser.get(callback)).headers.get('location')).toBe('/admin')
    // The same browser: its flow cookie is spent.
    const again = await browser.get(callback)
    expect(again.headers.get('location')).toBe('/admin/login?refused=token')
    // An attacker who kept the flow cookie too: the provider refuses the used code.
    const replay = await fetch(callback, {
      headers: { cookie: `commerce-oidc=${flowCookie}` },
      redirect: 'manual',
    })
    expect(replay.headers.get('location')).toBe('/admin/login?refused=token')
    expect(replay.headers.getSetCookie().some((each) => each.startsWith('payload-token='))).toBe(
      false,
    )
  })

  it("a swapped state (another browser's callback) is refused", async () => {
    const victim = new Browser()
    const attacker = new Browser()
    const victimCallback = await toCallback(victim, 'ivy')
    await attacker.get(`${context.service.url}/api/users/oidc/test/start?redirect=/admin`)
    // The attacker's browser presents the victim's code and state: its own flow has another state.
    const answer = await attacker.get(victimCallback)
    expect(answer.headers.get('location')).toBe('/admin/login?refused=token')
    // And a callback without any flow of its own.
    const bare = await fetch(victimCallback, { redirect: 'manual' })
    expect(bare.headers.get('location')).toBe('/admin/login?refused=token')
  })

  it('a provider key rotated mid-session: the session stays, new sign-ins verify with the new key, old-key tokens are refused', async () => {
    idp.accounts.set('ivy', { email: 'ivy@example.com', groups: [OPS], name: 'Ivy Roe' })
    const { browser } = await signIn('ivy')
    const oldToken = await idp.sign({
      aud: 'commerce',
      exp: Math.floor(Date.now() / 1000) + 300,
      iat: Math.floor(Date.now() / 1000),
      nonce: 'n-1',
      sub: 'ivy',
    })
    await idp.rotateKeys()
    expect((await me(browser)).user).toMatchObject({ email: 'ivy@example.com' })
    // The service holds only the old key: the new `kid` makes it fetch the keys again, once the
    // 5 s since the last fetch (the stranger key's, above) are over: unknown `kid`s cannot make it
    // fetch more often than that.
    await new Promise((resolve) => setTimeout(resolve, 5_500))
    const next = await signIn('ivy')
    expect(next.location).toBe('/admin')
    await expect(verifyIdToken(oidcProvider('test')!, oldToken, 'n-1')).rejects.toMatchObject({
      reason: 'signed with a key the provider does not publish',
    })
  })

  it("a code issued to another application of the provider, slipped into this browser's sign-in, is refused", async () => {
    idp.accounts.set('ivy', { email: 'ivy@example.com', groups: [OPS], name: 'Ivy Roe' })
    // The other application's sign-in, up to the redirect that carries its code.
    const other = new Browser()
    const authorize = new URL(`${idp.issuer}/auth`)
    authorize.search = new URLSearchParams({
      client_id: 'other-app',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGjSstw-cM',
      code_challenge_method: 'S256',
      nonce: 'other-nonce',
      redirect_uri: 'http://127.0.0.1/other',
      response_type: 'code',
      scope: 'openid',
      state: 'other-state',
    }).toString()
    const { location: interaction } = await other.follow(authorize.toString())
    const posted = await other.get(interaction, {
      body: new URLSearchParams({ login: 'ivy' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      method: 'POST',
    })
    const { location: back } = await other.follow(
      new URL(posted.headers.get('location')!, interaction).toString(),
      'http://127.0.0.1/other',
    )
    const code = new URL(back).searchParams.get('code')!
    expect(code).toBeTruthy()
    // This browser's own flow, with the other application's code in place of its own.
    const browser = new Browser()
    const callback = new URL(await toCallback(browser, 'ivy'))
    callback.searchParams.set('code', code)
    const answer = await browser.get(callback.toString())
    expect(answer.headers.get('location')).toBe('/admin/login?refused=token')
    expect((await me(browser)).user).toBeNull()
  })

  it('the landing page after sign-in stays inside the admin UI, whatever `redirect` says', async () => {
    for (const redirect of ['https://evil.example/admin', '//evil.example/admin', '/api/users']) {
      const browser = new Browser()
      const callback = await toCallback(browser, 'ivy', { redirect })
      expect((await browser.get(callback)).headers.get('location')).toBe('/admin')
    }
  })

  it('the audit log holds every refusal with the provider', async () => {
    const { rows } = await drizzleOf(context.service.payload).execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'sign_in_refused' AND identity LIKE 'test:%'`,
    )
    expect(rows[0].n).toBeGreaterThanOrEqual(5)
  })
})
