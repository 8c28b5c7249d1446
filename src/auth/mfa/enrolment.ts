/**
 * Setting up an authenticator app, as part of signing in. The first sign-in of an account that
 * must have a second factor and has none is refused with `data.mfa: 'enrol'`, a new secret (as
 * text and as an `otpauth://` address for the QR code) and an `enrolmentToken`. Sending the
 * password again with the token and a code from the app sets the factor up and signs in; the
 * answer carries ten one-time recovery codes, shown once.
 *
 * Nothing is stored until the code proves the app holds the secret: the token carries the new
 * secret itself, encrypted and authenticated with the credit-data key (so it cannot be forged or
 * read), with the account's id and an expiry.
 */
import { sql } from 'drizzle-orm'
import type { PayloadRequest } from 'payload'
import { z } from 'zod'

import { decryptValue, encryptValue } from '@/creditData/cipher'
import { transactionDb } from '@/db/transaction'
import { ClientError } from '@/errors'
import { settings } from '@/lib/settings'

import type { User } from '../../../payload-types'
import { SECRET_FIELD } from './fields'
import { acceptedStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from './totp'

const TOKEN_FIELD = 'mfaEnrolmentToken'
const TOKEN_LIFETIME_MS = 15 * 60_000

const enrolmentToken = z.object({ expiresAt: z.number(), secret: z.string(), userId: z.number() })
type Enrolment = z.infer<typeof enrolmentToken>

export const enrolmentChallenge = (user: User): ClientError => {
  const secret = newTotpSecret()
  const enrolment: Enrolment = {
    expiresAt: Date.now() + TOKEN_LIFETIME_MS,
    secret,
    userId: user.id,
  }
  return new ClientError(
    'Your account signs in with a second factor. Add this key to an authenticator app, then enter the code it shows.',
    401,
    {
      enrolmentToken: encryptValue(JSON.stringify(enrolment), TOKEN_FIELD),
      mfa: 'enrol',
      secret,
      uri: totpUri(secret, user.email, settings('auth').MFA_ISSUER),
    },
  )
}

const openToken = (token: string, userId: number): Enrolment => {
  let enrolment: Enrolment | undefined
  try {
    enrolment = enrolmentToken.parse(JSON.parse(decryptValue(token, TOKEN_FIELD)))
  } catch {
    enrolment = undefined
  }
  if (!enrolment || enrolment.userId !== userId || enrolment.expiresAt < Date.now()) {
    throw new ClientError(
      'The set-up of your authenticator app has expired or is not yours. Sign in again to start over.',
      401,
      { mfa: 'enrol-expired' },
    )
  }
  return enrolment
}

/** Stores the factor in the sign-in's transaction when `code` matches the token's secret; returns the recovery codes. */
export const finishEnrolment = async (
  req: PayloadRequest,
  user: User,
  token: string,
  code: string,
): Promise<string[]> => {
  const { secret } = openToken(token, user.id)
  const step = acceptedStep(secret, code, null)
  if (step === null) {
    throw new ClientError(
      'That code does not match the new key. Check the app shows the Commerce entry just added, then enter its current code.',
      401,
      { mfa: 'enrol-code' },
    )
  }
  const codes = newRecoveryCodes()
  const hashes = JSON.stringify(codes.map((each) => hashRecoveryCode(each, req.payload.secret)))
  const db = await transactionDb(req)
  // The row is read before any lock: a concurrent enrolment may have committed since. Its UPDATE
  // holds the row until then, and this one, re-checked after it, changes nothing.
  const { rowCount } = await db.execute(sql`
    UPDATE users SET mfa_enabled = true, mfa_secret = ${encryptValue(secret, SECRET_FIELD)},
      mfa_last_time_step = ${step}, mfa_recovery_codes = ${hashes}::jsonb, mfa_enrolled_at = now()
    WHERE id = ${user.id} AND mfa_enabled IS NOT TRUE`)
  if (rowCount !== 1) {
    throw new ClientError(
      'An authenticator app was already set up for this account by another sign-in a moment ago. Sign in again with a code from that app.',
      409,
      { mfa: 'code' },
    )
  }
  return codes
}
