import {
  APIError,
  AuthenticationError,
  type CollectionBeforeOperationHook,
  type PayloadRequest,
} from 'payload'

import { settings } from '@/lib/settings'
import { textOf } from '@/lib/text'

/** Whether `email` is the account of a person who signs in through an identity provider. */
const tiedToProvider = async (req: PayloadRequest, email: string): Promise<boolean> =>
  (
    await req.payload.count({
      collection: 'users',
      req,
      where: { and: [{ email: { equals: email } }, { identityProvider: { exists: true } }] },
    })
  ).totalDocs > 0

/**
 * Password sign-in and password resets are refused to a person who signs in through an identity
 * provider (a password set by a reset would outlive their account there), and, with
 * PASSWORD_SIGN_IN=break-glass, to everyone but BREAK_GLASS_ADMIN: the account that still gets
 * in when the provider is down or misconfigured. Server code (Local API) is not held to it.
 *
 * A provider's person is refused as an unknown address is (a wrong-password 401; a reset
 * "sent" that sends nothing), so the answers do not tell who signs in through a provider. The
 * break-glass refusal says what it is: everyone but one account gets it alike.
 */
export const limitPasswordSignIn: CollectionBeforeOperationHook = async ({
  args,
  operation,
  req,
}) => {
  if (operation !== 'login' && operation !== 'forgotPassword') return args
  if (req.payloadAPI === 'local') return args
  const { BREAK_GLASS_ADMIN, PASSWORD_SIGN_IN } = settings('auth')
  const email = textOf((args as { data?: { email?: unknown } }).data?.email).toLowerCase()
  if (PASSWORD_SIGN_IN === 'on') {
    if (!email || !(await tiedToProvider(req, email))) return args
    if (operation === 'login') throw new AuthenticationError(req.t)
    // The reset link is made (Payload stores its token) but never sent: nobody learns it.
    return { ...args, disableEmail: true }
  }
  if (email && email === BREAK_GLASS_ADMIN?.toLowerCase()) return args
  throw new APIError(
    'Sign in with your identity provider: password sign-in is turned off for this account.',
    403,
    { signIn: 'provider' },
    true,
  )
}
