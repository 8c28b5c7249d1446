/**
 * The second factor of a staff sign-in. Payload verifies the password, then runs the users'
 * `beforeLogin` hooks inside the sign-in's transaction; `requireSecondFactor` is one of them, so
 * no session is issued over REST without a valid code for an account that has (or must have)
 * multi-factor sign-in. The body of `POST /api/users/login` carries, besides email and password:
 *
 * - `code`: the 6-digit code of the authenticator app, or `recoveryCode`: one of the one-time codes;
 * - `enrolmentToken` with `code`, to finish setting up an authenticator app (see ./enrolment.ts).
 *
 * A refusal is 401 with `errors[0].data.mfa` saying what the page must ask for next (`code` or
 * `enrol`). A wrong code counts toward the account's lockout like a wrong password (counted in
 * `countFailedCode` once the sign-in's transaction has rolled back: the count must survive it).
 * Server code signing in through the Local API (`payload.login`) is trusted, as it holds the
 * secret that signs sessions anyway.
 */
import { sql } from 'drizzle-orm'
import {
  type CollectionAfterErrorHook,
  type CollectionAfterReadHook,
  type CollectionBeforeLoginHook,
  incrementLoginAttempts,
  type PayloadRequest,
} from 'payload'

import { decryptValue } from '@/creditData/cipher'
import { transactionDb } from '@/db/transaction'
import { ClientError } from '@/errors'
import { textOf } from '@/lib/text'

import type { User } from '../../../payload-types'
import { enrolmentChallenge, finishEnrolment } from './enrolment'
import { SECRET_FIELD } from './fields'
import { mfaRequired } from './policy'
import { acceptedStep, hashRecoveryCode } from './totp'

/** A wrong code or recovery code: 401, counted toward the lockout of `userId`. */
class WrongSecondFactor extends ClientError {
  constructor(readonly userId: number) {
    super(
      'That code is not valid. Enter the current code from your authenticator app, or a recovery code.',
      401,
      { mfa: 'code' },
    )
  }
}

type StoredFactor = {
  mfa_last_time_step: null | number | string
  mfa_recovery_codes: null | string[]
  mfa_secret: null | string
}

/**
 * The sign-ins that set a password (reset, first user). Any other route that signs in is held to
 * the code, whatever its spelling: routes match without regard to case.
 */
const setsPassword = (req: PayloadRequest): boolean =>
  /\/(reset-password|first-register)\/?$/i.test(new URL(req.url ?? '/', 'http://x').pathname)

export const requireSecondFactor: CollectionBeforeLoginHook<User> = async ({ req, user }) => {
  if (req.payloadAPI === 'local') return user
  if (!user.mfaEnabled && !mfaRequired(user)) return user
  // A password reset and the first user's sign-up also sign in. Their password change stands,
  // but the session they were issued is withdrawn: the next sign-in asks for the code.
  if (setsPassword(req)) return withdrawNewSession(req, user)
  await checkSecondFactor(req, user, req.data ?? {})
  return user
}

/**
 * The second factor of a sign-in whose first factor is proven (a password, or an identity
 * provider that used none of its own), from `body`: the code, a recovery code, or the end of an
 * enrolment. Throws the refusal that says what to send; runs in the sign-in's transaction.
 */
export const checkSecondFactor = async (
  req: PayloadRequest,
  user: User,
  body: Record<string, unknown>,
): Promise<void> => {
  const code = textOf(body.code)
  if (!user.mfaEnabled) {
    const token = textOf(body.enrolmentToken)
    if (!token || !code) throw enrolmentChallenge(user)
    const codes = await finishEnrolment(req, user, token, code)
    req.context.mfaNewRecoveryCodes = { codes, userId: user.id }
    return
  }
  const recoveryCode = textOf(body.recoveryCode)
  if (!code && !recoveryCode) {
    throw new ClientError('Enter the 6-digit code from your authenticator app.', 401, {
      mfa: 'code',
    })
  }
  const db = await transactionDb(req)
  // Locked until the sign-in commits, so a code (or recovery code) is accepted once.
  const { rows } = await db.execute<StoredFactor>(
    sql`SELECT mfa_secret, mfa_last_time_step, mfa_recovery_codes FROM users WHERE id = ${user.id} FOR UPDATE`,
  )
  const stored = rows[0]
  if (code) {
    const lastStep = stored.mfa_last_time_step === null ? null : Number(stored.mfa_last_time_step)
    const step = stored.mfa_secret
      ? acceptedStep(decryptValue(stored.mfa_secret, SECRET_FIELD), code, lastStep)
      : null
    if (step === null) throw new WrongSecondFactor(user.id)
    await db.execute(sql`UPDATE users SET mfa_last_time_step = ${step} WHERE id = ${user.id}`)
    return
  }
  const hashes = stored.mfa_recovery_codes ?? []
  const hash = hashRecoveryCode(recoveryCode, req.payload.secret)
  if (!hashes.includes(hash)) throw new WrongSecondFactor(user.id)
  const left = JSON.stringify(hashes.filter((each) => each !== hash))
  await db.execute(sql`UPDATE users SET mfa_recovery_codes = ${left}::jsonb WHERE id = ${user.id}`)
}

/** The session Payload added for this sign-in is the newest; it is removed with the sign-in's own write. */
const withdrawNewSession = async (req: PayloadRequest, user: User): Promise<User> => {
  const sessions = user.sessions ?? []
  const newest = sessions.at(-1)?.id
  await req.payload.db.updateOne({
    collection: 'users',
    data: { sessions: sessions.filter((session) => session.id !== newest) },
    id: user.id,
    req,
    returning: false,
  })
  return { ...user, sessions: sessions.slice(0, -1) }
}

/** After a sign-in's transaction rolled back: a wrong code counts like a wrong password. */
export const countWrongCode = async (req: PayloadRequest, error: unknown): Promise<void> => {
  if (!(error instanceof WrongSecondFactor)) return
  const user = await req.payload.db.findOne<User>({
    collection: 'users',
    where: { id: { equals: error.userId } },
  })
  const { config } = req.payload.collections.users
  if (user) await incrementLoginAttempts({ collection: config, payload: req.payload, user })
}

export const countFailedCode: CollectionAfterErrorHook = ({ error, req }) =>
  countWrongCode(req, error)

/** The recovery codes made by an enrolment, in the answer of the sign-in that made them, once. */
export const revealNewRecoveryCodes: CollectionAfterReadHook<User> = ({ doc, req }) => {
  const made = req.context.mfaNewRecoveryCodes
  return made?.userId === doc.id ? { ...doc, recoveryCodes: made.codes } : doc
}
