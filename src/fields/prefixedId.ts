import crypto from 'node:crypto'

import type { TextField } from 'payload'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const ID_LENGTH = 20

/** 20 base-62 characters (about 119 random bits), e.g. `con_` + `4fK9…`. */
export const newId = (prefix: string): string => {
  const bytes = crypto.randomBytes(ID_LENGTH * 2)
  let body = ''
  for (let i = 0; body.length < ID_LENGTH; i++) {
    // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
    if (bytes[i] < 248) body += ALPHABET[bytes[i] % 62]
    if (i === bytes.length - 1) return newId(prefix)
  }
  return prefix + body
}

/**
 * The record's primary key as a prefixed text id (`con_…`), generated on create. A client may
 * bring its own id, which must carry the collection's prefix followed by letters, digits, `_` or
 * `-` (no `/` or `.`, which would break REST paths).
 */
export const prefixedId = (prefix: string): TextField => {
  const pattern = new RegExp(`^${prefix}[A-Za-z0-9_-]{1,64}$`)
  return {
    name: 'id',
    type: 'text',
    admin: {
      description: `Generated on create (${prefix}…).`,
      position: 'sidebar',
      readOnly: true,
    },
    hooks: {
      beforeValidate: [
        ({ operation, value }) =>
          operation === 'create' && (value === undefined || value === null || value === '')
            ? newId(prefix)
            : value,
      ],
    },
    label: 'ID',
    validate: (value: null | string | undefined) =>
      value === undefined ||
      value === null ||
      pattern.test(value) ||
      `must start with "${prefix}" followed by letters, digits, "_" or "-"`,
  }
}
