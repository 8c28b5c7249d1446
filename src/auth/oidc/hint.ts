/**
 * Which provider this browser last signed in with, so that when its session ends the sign-in
 * page asks that provider again without a click (`prompt=none`): a silent re-authentication,
 * which the provider refuses for a person disabled there. Signing out clears it, or the page
 * would sign the person straight back in.
 */
import type { CollectionAfterLogoutHook } from 'payload'

import { sessionCookies } from '@/lib/settings'

export const HINT_COOKIE = 'commerce-oidc-provider'
const HINT_LIFETIME_S = 30 * 24 * 60 * 60

const cookie = (value: string, maxAge: number): string =>
  [
    `${HINT_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(sessionCookies().secure ? ['Secure'] : []),
  ].join('; ')

export const providerHint = (providerId: string): string => cookie(providerId, HINT_LIFETIME_S)

export const clearedProviderHint = (): string => cookie('', 0)

/** Signing out ends the silent re-authentication too (Payload sends `req.responseHeaders`). */
export const forgetProviderHint: CollectionAfterLogoutHook = ({ req }) => {
  req.responseHeaders ??= new Headers()
  req.responseHeaders.append('Set-Cookie', clearedProviderHint())
}
