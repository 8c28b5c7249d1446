/**
 * The authorization-code flow with PKCE (RFC 7636), `state` and `nonce`. The start keeps what the
 * callback must check in a short-lived cookie of the browser that started (encrypted and
 * authenticated with the credit-data key, bound to the provider): the `state` it sent, the
 * PKCE verifier and the nonce. The callback accepts only the `state` of that cookie, and the
 * cookie is cleared by the answer, so a code or a `state` works once, in the browser it was
 * issued to.
 */
import crypto from 'node:crypto'

import { z } from 'zod'

import { decryptValue, encryptValue } from '@/creditData/cipher'
import { sessionCookies } from '@/lib/settings'

import type { OidcProvider } from './config'
import { providerInfo } from './discovery'
import { type IdClaims, TokenRefused, verifyIdToken } from './tokens'

const FLOW_COOKIE = 'commerce-oidc'
const FLOW_FIELD = 'oidcFlow'
const FLOW_LIFETIME_S = 10 * 60
const COOKIE_PATH = '/api/users/oidc'

const flowState = z.object({
  expiresAt: z.number(),
  nonce: z.string(),
  provider: z.string(),
  redirectTo: z.string(),
  /** Asked with `prompt=none`: the provider answers without showing a page, or says it cannot. */
  silent: z.boolean(),
  state: z.string(),
  verifier: z.string(),
})
export type FlowState = z.infer<typeof flowState>

const random = () => crypto.randomBytes(32).toString('base64url')

const cookie = (value: string, maxAge: number): string =>
  [
    `${FLOW_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    // Lax: the provider's redirect back is a top-level GET, which Lax cookies go with.
    'SameSite=Lax',
    ...(sessionCookies().secure ? ['Secure'] : []),
  ].join('; ')

/** The `Set-Cookie` that ends a flow (the callback sends it whatever its outcome). */
export const clearedFlowCookie = (): string => cookie('', 0)

/** Where to send the browser to sign in, and the cookie that lets its callback be checked. */
export const startFlow = async (
  provider: OidcProvider,
  redirectTo: string,
  silent = false,
): Promise<{ cookie: string; location: string }> => {
  const { metadata } = await providerInfo(provider)
  const flow: FlowState = {
    expiresAt: Date.now() + FLOW_LIFETIME_S * 1000,
    nonce: random(),
    provider: provider.id,
    redirectTo,
    silent,
    state: random(),
    verifier: random(),
  }
  const location = new URL(metadata.authorization_endpoint)
  location.search = new URLSearchParams({
    client_id: provider.clientId,
    code_challenge: crypto.createHash('sha256').update(flow.verifier).digest('base64url'),
    code_challenge_method: 'S256',
    nonce: flow.nonce,
    ...(silent && { prompt: 'none' }),
    redirect_uri: provider.callbackUrl,
    response_type: 'code',
    scope: provider.scopes,
    state: flow.state,
  }).toString()
  return {
    cookie: cookie(encryptValue(JSON.stringify(flow), FLOW_FIELD), FLOW_LIFETIME_S),
    location: location.toString(),
  }
}

/** The flow this browser started with `provider`, if the cookie holds one still running. */
export const openFlow = (provider: OidcProvider, cookies: Map<string, string>): FlowState => {
  const value = cookies.get(FLOW_COOKIE)
  let flow: FlowState | undefined
  try {
    flow = value ? flowState.parse(JSON.parse(decryptValue(value, FLOW_FIELD))) : undefined
  } catch {
    flow = undefined
  }
  if (!flow || flow.provider !== provider.id || flow.expiresAt < Date.now()) {
    throw new TokenRefused('no sign-in started here with this provider, or it expired')
  }
  return flow
}

const sameText = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b))

const tokenAnswer = z.object({ id_token: z.string() })

/**
 * The callback's checks, in order: the `state` is the one this browser's flow sent, the code is
 * exchanged (with the PKCE verifier and the client's secret), and the ID token is verified
 * (./tokens.ts) with the flow's nonce. Returns the token's claims.
 */
export const finishFlow = async (
  provider: OidcProvider,
  flow: FlowState,
  query: URLSearchParams,
): Promise<IdClaims> => {
  if (!sameText(query.get('state') ?? '', flow.state)) {
    throw new TokenRefused('state does not match the sign-in this browser started')
  }
  const code = query.get('code')
  if (!code) throw new TokenRefused('no code')
  const { metadata } = await providerInfo(provider)
  const basic = Buffer.from(
    `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`,
  ).toString('base64')
  const response = await fetch(metadata.token_endpoint, {
    body: new URLSearchParams({
      code,
      code_verifier: flow.verifier,
      grant_type: 'authorization_code',
      redirect_uri: provider.callbackUrl,
    }),
    headers: { Accept: 'application/json', Authorization: `Basic ${basic}` },
    method: 'POST',
    signal: AbortSignal.timeout(10_000),
  })
  const answer: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const error = z.object({ error: z.string() }).safeParse(answer)
    throw new TokenRefused(`the code was refused (${error.data?.error ?? response.status})`)
  }
  const tokens = tokenAnswer.safeParse(answer)
  if (!tokens.success) throw new TokenRefused('the provider sent no ID token')
  return verifyIdToken(provider, tokens.data.id_token, flow.nonce)
}
