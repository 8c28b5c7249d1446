import { customAlphabet } from 'nanoid'
import type { TextField } from 'payload'

import { textMatching } from '@/validation/textMatching'

/** 20 base-62 characters (about 119 random bits), e.g. `con_` + `4fK9…`. */
const randomBody = customAlphabet(
  '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  20,
)

export const newId = (prefix: string): string => prefix + randomBody()

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
    validate: textMatching(
      (value) => pattern.test(value),
      `must start with "${prefix}" followed by letters, digits, "_" or "-"`,
    ),
  }
}
