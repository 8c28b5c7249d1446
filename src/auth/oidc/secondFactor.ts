/**
 * The service's own second factor after a provider sign-in that used none. The provider's word
 * counts for the first factor only: the callback leaves a short-lived, encrypted cookie naming
 * the person (no session yet), and `POST /api/users/oidc/second-factor` takes the code (or a
 * recovery code, or the end of an enrolment) as the password sign-in does (src/auth/mfa), then
 * starts the session.
 */
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { recordAudit } from '@/creditData/audit'
import { decryptValue, encryptValue } from '@/creditData/cipher'
import { withTransaction } from '@/db/transaction'
import { ClientError } from '@/errors'
import { sessionCookies } from '@/lib/settings'

import type { User } from '../../../payload-types'
import { mfaRequired } from '../mfa/policy'
import { checkSecondFactor, countWrongCode } from '../mfa/secondFactor'
import { providerHint } from './hint'
import { startSession } from './session'

const PENDING_COOKIE = 'commerce-oidc-pending'
const PENDING_FIELD = 'oidcPending'
const PENDING_LIFETIME_S = 10 * 60

const pending = z.object({
  expiresAt: z.number(),
  identity: z.string(),
  redirectTo: z.string(),
  userId: z.number(),
})

/** Whether the service asks for its own code: the person has one set up, or must. */
export const needsOwnSecondFactor = (user: User): boolean =>
  Boolean(user.mfaEnabled) || mfaRequired(user)

const cookie = (value: string, maxAge: number): string =>
  [
    `${PENDING_COOKIE}=${value}`,
    'Path=/api/users/oidc',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(sessionCookies().secure ? ['Secure'] : []),
  ].join('; ')

/** The cookie that lets this browser finish the sign-in with a code. */
export const pendingSecondFactor = (user: User, identity: string, redirectTo: string): string =>
  cookie(
    encryptValue(
      JSON.stringify({
        expiresAt: Date.now() + PENDING_LIFETIME_S * 1000,
        identity,
        redirectTo,
        userId: user.id,
      }),
      PENDING_FIELD,
    ),
    PENDING_LIFETIME_S,
  )

const openPending = (value: string | undefined) => {
  try {
    const found = value ? pending.parse(JSON.parse(decryptValue(value, PENDING_FIELD))) : null
    if (found && found.expiresAt > Date.now()) return found
  } catch {
    // Anything but a cookie this service made and still running: sign in again.
  }
  throw new ClientError('This sign-in has expired. Sign in with your provider again.', 401, {
    mfa: 'expired',
  })
}

/** The second step; answers the session cookie (and recovery codes of a new enrolment). */
export const finishSecondFactor = async (
  req: PayloadRequest,
  cookies: Map<string, string>,
  body: Record<string, unknown>,
): Promise<{ cookies: string[]; recoveryCodes?: string[]; redirectTo: string }> => {
  const { identity, redirectTo, userId } = openPending(cookies.get(PENDING_COOKIE))
  try {
    return await withTransaction(req, async () => {
      const user = await req.payload.findByID({ collection: 'users', depth: 0, id: userId, req })
      if (user.lockUntil && new Date(user.lockUntil) > new Date()) {
        throw new ClientError('This account is locked for a few minutes. Try again later.', 401)
      }
      await checkSecondFactor(req, user, body)
      await recordAudit(req, {
        action: 'sign_in',
        actor: `users:${user.id}`,
        collection: 'users',
        fields: ['service-mfa'],
        identity,
        recordId: String(user.id),
      })
      const codes = req.context.mfaNewRecoveryCodes
      return {
        cookies: [
          cookie('', 0),
          await startSession(req, user),
          providerHint(identity.slice(0, identity.indexOf(':'))),
        ],
        redirectTo,
        ...(codes?.userId === user.id && { recoveryCodes: codes.codes }),
      }
    })
  } catch (error) {
    await countWrongCode(req, error)
    throw error
  }
}
