/**
 * AES-256-GCM for single field values: a fresh 96-bit IV per value, the key id stored with the
 * ciphertext, the field's name bound as additional data (a ciphertext copied into another field
 * does not decrypt). Stored as "enc:v1:<keyId>:<iv>:<tag>:<ciphertext>" (base64url parts).
 */
import crypto from 'node:crypto'

import { keyRing } from './keys'

const PREFIX = 'enc:v1:'

export const isEncrypted = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(PREFIX)

export const encryptValue = (plain: string, field: string): string => {
  const { current, keys } = keyRing()
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.get(current)!, iv)
  cipher.setAAD(Buffer.from(field))
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `${PREFIX}${current}:${[iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join(':')}`
}

/** The key id a stored value was encrypted with (null for a value stored in clear). */
export const keyIdOf = (stored: string): null | string =>
  isEncrypted(stored) ? stored.slice(PREFIX.length).split(':')[0] : null

export const decryptValue = (stored: string, field: string): string => {
  if (!isEncrypted(stored)) return stored // written before encryption; `npm run rotate-keys` encrypts it
  const [keyId, iv, tag, data] = stored.slice(PREFIX.length).split(':')
  const key = keyRing().keys.get(keyId)
  if (!key) throw new Error(`credit data key "${keyId}" is not configured (CREDIT_DATA_KEYS)`)
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(field))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}
