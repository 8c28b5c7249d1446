import type { TextField } from 'payload'

import { textMatching } from '@/validation/textMatching'

import { isEncrypted } from './cipher'
import { decryptSensitive } from './decryptOnRead'
import { markEncrypted } from './marker'
import { isMaskedSsn } from './mask'

type Validate = (value: unknown, options: unknown) => string | true

/**
 * A field stored encrypted and read in clear (after decryption), e.g. a birth date; an SSN is
 * read masked instead (`kind`). Validated in clear before encryption (encryptOnWrite); the stored
 * ciphertext passes.
 */
export const encrypted = <T extends TextField>(field: T, kind: 'date' | 'ssn' = 'date'): T =>
  markEncrypted({
    ...field,
    validate: (value, options) =>
      isEncrypted(value)
        ? true
        : ((field.validate as undefined | Validate)?.(value, options) ?? true),
    hooks: {
      ...field.hooks,
      afterRead: [...(field.hooks?.afterRead ?? []), decryptSensitive(field.name, kind)],
    },
  })

const SSN = /^\d{3}-?\d{2}-?\d{4}$/

/** An SSN: 9 digits (dashes optional), encrypted at rest, masked on read. */
export const ssnField = (name: string, label: string): TextField =>
  encrypted(
    {
      name,
      type: 'text',
      admin: {
        components: { Field: '/src/creditData/RevealSsn#SsnField' },
        description: 'Encrypted; shown masked. Staff admins reveal it with "Reveal SSN" (audited).',
      },
      label,
      validate: textMatching(
        (value) => SSN.test(value) || isMaskedSsn(value),
        'must be 9 digits, written 123-45-6789 or 123456789',
      ),
    },
    'ssn',
  )
