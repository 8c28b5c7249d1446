import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { settings } from '@/lib/settings'
import { textOf } from '@/lib/text'

/**
 * With PASSWORD_SIGN_IN=break-glass, staff sign in through their identity provider, and a
 * password (or a password reset) works for BREAK_GLASS_ADMIN alone: the account that still gets
 * in when the provider is down or misconfigured. Server code (Local API) is not held to it.
 */
export const limitPasswordSignIn: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'login' && operation !== 'forgotPassword') return args
  const { BREAK_GLASS_ADMIN, PASSWORD_SIGN_IN } = settings('auth')
  if (PASSWORD_SIGN_IN === 'on' || req.payloadAPI === 'local') return args
  const email = textOf((args as { data?: { email?: unknown } }).data?.email).toLowerCase()
  if (email && email === BREAK_GLASS_ADMIN?.toLowerCase()) return args
  throw new APIError(
    'Sign in with your identity provider: password sign-in is turned off here.',
    403,
    { signIn: 'provider' },
    true,
  )
}
