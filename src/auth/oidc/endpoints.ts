/**
 * The routes of a sign-in through an identity provider, under /api/users/oidc (anonymous by
 * design, like /api/users/login; rows in access/policy.ts). Each reads the request and calls the
 * flow's functions.
 */
import { addDataAndFileToRequest, type Endpoint, NotFound, type PayloadRequest } from 'payload'
import { getSafeRedirect, parseCookies } from 'payload/shared'

import { endProviderSessions } from './backchannel'
import { type OidcProvider, oidcProvider } from './config'
import { finishSecondFactor } from './secondFactor'
import { beginSignIn, finishSignIn } from './signIn'
import { TokenRefused } from './tokens'

/** The one route read as a form, not JSON (the HTTP layer's body check lets it through). */
export const BACKCHANNEL_LOGOUT_PATH = /^\/users\/oidc\/[a-z0-9-]+\/backchannel-logout$/

const providerOf = (req: PayloadRequest): OidcProvider => {
  const provider = oidcProvider(String(req.routeParams?.provider))
  if (!provider) throw new NotFound(req.t)
  return provider
}

const queryOf = (req: PayloadRequest) => new URL(req.url ?? '/', 'http://x').searchParams

/** A redirect that sets `cookies`; never cached (it carries a session). */
const redirect = (location: string, cookies: string[]): Response => {
  const headers = new Headers({ 'Cache-Control': 'no-store', Location: location })
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return new Response(null, { headers, status: 303 })
}

/**
 * `GET /api/users/oidc/:provider/start?redirect=/admin/…[&silent]`: off to the provider (with
 * `silent`, asking it to answer without a page: ./hint.ts).
 */
const start: Endpoint = {
  handler: async (req) => {
    const provider = providerOf(req)
    const { admin } = req.payload.config.routes
    const redirectTo = getSafeRedirect({
      fallbackTo: admin,
      redirectTo: queryOf(req).get('redirect') ?? '',
    })
    // Only back into the admin UI: the sign-in's answer carries a session.
    const to = redirectTo.startsWith(admin) ? redirectTo : admin
    const { cookies, location } = await beginSignIn(req, provider, to, queryOf(req).has('silent'))
    return redirect(location, cookies)
  },
  method: 'get',
  path: '/oidc/:provider/start',
}

/** `GET /api/users/oidc/:provider/callback?code=…&state=…`: back from the provider. */
const callback: Endpoint = {
  handler: async (req) => {
    const provider = providerOf(req)
    const { cookies, location } = await finishSignIn(
      req,
      provider,
      queryOf(req),
      parseCookies(req.headers),
    )
    return redirect(location, cookies)
  },
  method: 'get',
  path: '/oidc/:provider/callback',
}

/** `POST /api/users/oidc/:provider/backchannel-logout` (form: logout_token), from the provider. */
const backchannelLogout: Endpoint = {
  handler: async (req) => {
    const provider = providerOf(req)
    const form = new URLSearchParams(req.text ? await req.text() : '')
    const headers = { 'Cache-Control': 'no-store' }
    try {
      await endProviderSessions(req, provider, form.get('logout_token') ?? '')
    } catch (error) {
      if (!(error instanceof TokenRefused)) throw error
      req.payload.logger.warn(
        { provider: provider.id, reason: error.reason },
        'logout token refused',
      )
      return Response.json({ error: 'invalid_request' }, { headers, status: 400 })
    }
    return new Response(null, { headers, status: 200 })
  },
  method: 'post',
  path: '/oidc/:provider/backchannel-logout',
}

/** `POST /api/users/oidc/second-factor` ({code} | {recoveryCode} | {code, enrolmentToken}). */
const secondFactor: Endpoint = {
  handler: async (req) => {
    await addDataAndFileToRequest(req)
    const { cookies, recoveryCodes, redirectTo } = await finishSecondFactor(
      req,
      parseCookies(req.headers),
      req.data ?? {},
    )
    const headers = new Headers({ 'Cache-Control': 'no-store' })
    for (const cookie of cookies) headers.append('Set-Cookie', cookie)
    return Response.json(
      { message: 'Signed in.', redirectTo, user: recoveryCodes ? { recoveryCodes } : {} },
      { headers },
    )
  },
  method: 'post',
  path: '/oidc/second-factor',
}

export const oidcEndpoints: Endpoint[] = [start, callback, backchannelLogout, secondFactor]
