/**
 * Signing secrets: `whsec_` and 24 random bytes in base64, the format Standard Webhooks libraries
 * take. Stored encrypted like credit data (the field name bound to the ciphertext, rotated by
 * `npm run rotate-keys`); shown once, in the answer of the create or rotation that made it.
 */
import crypto from 'node:crypto'

import { decryptValue, encryptValue } from '@/creditData/cipher'

export const SECRET_FIELD = 'secret'
export const PREVIOUS_SECRET_FIELD = 'previousSecret'

export const newSecret = (): string => `whsec_${crypto.randomBytes(24).toString('base64')}`

export const sealSecret = (secret: string, field = SECRET_FIELD): string =>
  encryptValue(secret, field)

export const openSecret = (stored: string, field = SECRET_FIELD): string =>
  decryptValue(stored, field)

type StoredSecrets = {
  previousSecret?: null | string
  previousSecretExpiresAt?: null | string
  secret?: null | string
}

/** The secrets that sign a delivery now: the current one, and the one it replaced while its grace lasts. */
export const signingSecrets = (endpoint: StoredSecrets, now = Date.now()): string[] => [
  ...(endpoint.secret ? [openSecret(endpoint.secret)] : []),
  ...(endpoint.previousSecret &&
  endpoint.previousSecretExpiresAt &&
  Date.parse(endpoint.previousSecretExpiresAt) > now
    ? [openSecret(endpoint.previousSecret, PREVIOUS_SECRET_FIELD)]
    : []),
]
