/**
 * A sign-in through an identity provider, from its callback to the session: the flow's checks
 * (./flow.ts), the claims' mapping to a role (./mapping.ts), the staff user brought in line
 * (./staffUser.ts), the second factor the service still asks for when the provider did not use
 * one (./secondFactor.ts), the session (./session.ts), and an audit entry for each outcome.
 * Everything is written in one transaction: a refused sign-in creates and changes nothing, and
 * only its audit entry stays.
 */
import type { PayloadRequest } from 'payload'

import { recordAudit } from '@/creditData/audit'
import { withTransaction } from '@/db/transaction'

import type { OidcProvider } from './config'
import { clearedFlowCookie, finishFlow, type FlowState, openFlow, startFlow } from './flow'
import { clearedProviderHint, providerHint } from './hint'
import { mappedRole, usedSecondFactor } from './mapping'
import { needsOwnSecondFactor, pendingSecondFactor } from './secondFactor'
import { startSession } from './session'
import { SignInRefused, syncStaffUser } from './staffUser'
import { type IdClaims, TokenRefused } from './tokens'

/** What the sign-in page says for each refusal (src/admin/signIn), by the code it is sent. */
export type RefusalCode = SignInRefused['refusal'] | 'provider' | 'token' | 'unavailable'

type Outcome = { cookies: string[]; location: string }

/** What a provider answers a `prompt=none` request when it would have to show a page. */
const NEEDS_A_PAGE = new Set([
  'account_selection_required',
  'consent_required',
  'interaction_required',
  'login_required',
])

const signInPage = (req: PayloadRequest, query: Record<string, string>): string =>
  `${req.payload.config.routes.admin}/login?${new URLSearchParams(query).toString()}`

const identityOf = (provider: OidcProvider, subject: string) => `${provider.id}:${subject}`

const signedIn = async (
  req: PayloadRequest,
  provider: OidcProvider,
  claims: IdClaims,
  redirectTo: string,
): Promise<Outcome> => {
  const mapping = mappedRole(provider, claims)
  if (!mapping) {
    throw new SignInRefused('unmapped', `no mapping for ${provider.claim} of ${claims.sub}`)
  }
  const { changed, user } = await syncStaffUser(req, provider, claims, mapping)
  const identity = identityOf(provider, claims.sub)
  const recordId = String(user.id)
  if (changed.length) {
    await recordAudit(req, {
      action: 'role_change',
      actor: 'system',
      collection: 'users',
      fields: changed,
      identity,
      recordId,
    })
  }
  const secondFactor = usedSecondFactor(provider, claims)
  if (!secondFactor && needsOwnSecondFactor(user)) {
    return {
      cookies: [pendingSecondFactor(user, identity, redirectTo)],
      location: signInPage(req, { 'second-factor': provider.id, redirect: redirectTo }),
    }
  }
  await recordAudit(req, {
    action: 'sign_in',
    actor: `users:${user.id}`,
    collection: 'users',
    fields: secondFactor ? ['provider-mfa'] : [],
    identity,
    recordId,
  })
  return {
    cookies: [await startSession(req, user), providerHint(provider.id)],
    location: redirectTo,
  }
}

const refusalCode = (error: unknown): RefusalCode | undefined =>
  error instanceof SignInRefused
    ? error.refusal
    : error instanceof TokenRefused
      ? 'token'
      : undefined

/**
 * `GET …/start`: off to the provider; when it cannot be reached, back to the sign-in page saying
 * so (and no longer trying it silently), so a page that starts it by itself never loops.
 */
export const beginSignIn = async (
  req: PayloadRequest,
  provider: OidcProvider,
  redirectTo: string,
  silent: boolean,
): Promise<Outcome> => {
  try {
    const { cookie, location } = await startFlow(provider, redirectTo, silent)
    return { cookies: [cookie], location }
  } catch (error) {
    req.payload.logger.error({ err: error, provider: provider.id }, 'identity provider unreachable')
    return {
      cookies: [clearedProviderHint()],
      location: signInPage(req, { refused: 'unavailable' }),
    }
  }
}

/**
 * `GET …/callback`: the browser back from the provider. Answers a redirect: to where the sign-in
 * started from, signed in; to the second-factor step; or to the sign-in page saying why not.
 */
export const finishSignIn = async (
  req: PayloadRequest,
  provider: OidcProvider,
  query: URLSearchParams,
  cookies: Map<string, string>,
): Promise<Outcome> => {
  const refuse = async (code: RefusalCode, reason: string, subject?: string): Promise<Outcome> => {
    req.payload.logger.warn({ provider: provider.id, reason, subject }, 'sign-in refused')
    await recordAudit(req, {
      action: 'sign_in_refused',
      actor: 'system',
      collection: 'users',
      fields: [code],
      identity: identityOf(provider, subject ?? '?'),
      recordId: identityOf(provider, subject ?? '?'),
    })
    return {
      cookies: [clearedFlowCookie(), clearedProviderHint()],
      location: signInPage(req, { refused: code }),
    }
  }
  let flow: FlowState
  try {
    flow = openFlow(provider, cookies)
  } catch (error) {
    return refuse(query.has('error') ? 'provider' : 'token', (error as TokenRefused).reason)
  }
  const providerError = query.get('error')
  // A silent re-authentication the provider cannot answer without its page: the sign-in page,
  // with its buttons, and nothing refused.
  if (providerError && flow.silent && NEEDS_A_PAGE.has(providerError)) {
    return {
      cookies: [clearedFlowCookie(), clearedProviderHint()],
      location: signInPage(req, { redirect: flow.redirectTo, silent: 'failed' }),
    }
  }
  if (providerError) return refuse('provider', `the provider answered ${providerError}`)
  const { redirectTo } = flow
  let claims: IdClaims
  try {
    claims = await finishFlow(provider, flow, query)
  } catch (error) {
    if (error instanceof TokenRefused) return refuse('token', error.reason)
    req.payload.logger.error({ err: error, provider: provider.id }, 'identity provider unreachable')
    return refuse('unavailable', error instanceof Error ? error.message : String(error))
  }
  try {
    const outcome = await withTransaction(req, () => signedIn(req, provider, claims, redirectTo))
    return { ...outcome, cookies: [clearedFlowCookie(), ...outcome.cookies] }
  } catch (error) {
    const code = refusalCode(error)
    if (!code) throw error
    return refuse(code, (error as Error).message, claims.sub)
  }
}
