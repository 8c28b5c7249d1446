import crypto from 'node:crypto'

/** The first `length` characters of a SHA-256 of `value`, in base64url. */
export const digest = (value: Buffer | string, length: number): string =>
  crypto.createHash('sha256').update(value).digest('base64url').slice(0, length)
