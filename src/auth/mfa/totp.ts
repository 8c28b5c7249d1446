/**
 * Time-based one-time passwords (RFC 6238, the authenticator-app kind: SHA-1, 6 digits, 30 s)
 * and one-time recovery codes. Pure functions: storing and counting live in ./secondFactor.ts.
 */
import crypto from 'node:crypto'

import { generateSecret, generateURI, verifySync } from 'otplib'

export const newTotpSecret = (): string => generateSecret()

/** The `otpauth://` address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, account: string, issuer: string): string =>
  generateURI({ issuer, label: account, secret })

/**
 * The time step a code belongs to when it is valid now (one step of clock drift either way is
 * allowed), else null. A code whose step is not after `lastStep` was already used: refused, so a
 * code seen over a shoulder or in a log cannot be replayed.
 */
export const acceptedStep = (
  secret: string,
  code: string,
  lastStep: null | number,
): null | number => {
  if (!/^\d{6}$/.test(code)) return null
  const result = verifySync({
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    epochTolerance: 30,
    secret,
    token: code,
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789' // no 0/o, 1/l/i to misread
export const RECOVERY_CODE_COUNT = 10

/** Ten codes of ten characters (about 49 bits each), shown as `xxxxx-xxxxx`. */
export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
    ).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })

/**
 * What is stored of a recovery code: a keyed hash (the codes are random, so no slow hash is
 * needed, and without the key a stolen hash cannot be checked offline). Spaces, dashes and case
 * are ignored, as people type them.
 */
export const hashRecoveryCode = (code: string, key: string): string =>
  crypto
    .createHmac('sha256', key)
    .update(code.toLowerCase().replace(/[\s-]/g, ''))
    .digest('base64url')
