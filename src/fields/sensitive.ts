import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  CollectionConfig,
  TextField,
} from 'payload'

import { auditChange, auditDelete } from '../../hooks/audit'
import { decryptSensitive, encryptSensitive } from '../../hooks/sensitiveValue'
import { isEncrypted } from '../security/fieldCipher'

const SSN = /^(\d{3}-?\d{2}-?\d{4}|\*\*\*-\*\*-\d{4})$/

/** An SSN: 9 digits (dashes optional), encrypted at rest, masked on read (see hooks/sensitiveValue). */
export const ssnField = (name: string, label: string): TextField => ({
  name,
  type: 'text',
  custom: { encrypted: true },
  admin: {
    components: { Field: '/src/admin/RevealSsn#SsnField' },
    description: 'Encrypted; shown masked. Staff admins reveal it with "Reveal SSN" (audited).',
  },
  hooks: { afterRead: [decryptSensitive('ssn')] },
  label,
  validate: (value: null | string | undefined) =>
    value === undefined ||
    value === null ||
    value === '' ||
    isEncrypted(value) ||
    SSN.test(value) ||
    'must be 9 digits, written 123-45-6789 or 123456789',
})

/** A field read in clear (after decryption) but stored encrypted, e.g. a birth date. */
export const encrypted = <T extends TextField>(field: T): T => ({
  ...field,
  custom: { ...field.custom, encrypted: true },
  // Checked in clear before encryption (hooks/sensitiveValue); the stored ciphertext passes.
  validate: (value, options) =>
    isEncrypted(value)
      ? true
      : ((field.validate as ((value: unknown, options: unknown) => true | string) | undefined)?.(
          value,
          options,
        ) ?? true),
  hooks: {
    ...field.hooks,
    afterRead: [...(field.hooks?.afterRead ?? []), decryptSensitive('date')],
  },
})

/** Hooks of a credit-data collection: its sensitive fields encrypted, every change audited; plus the collection's own. */
export const creditDataHooks = (
  sensitive: string[] = [],
  own: {
    afterChange?: CollectionAfterChangeHook[]
    beforeChange?: CollectionBeforeChangeHook[]
  } = {},
): CollectionConfig['hooks'] => ({
  afterChange: [auditChange(sensitive), ...(own.afterChange ?? [])],
  afterDelete: [auditDelete],
  beforeChange: [
    ...(own.beforeChange ?? []),
    ...(sensitive.length ? [encryptSensitive(sensitive)] : []),
  ],
})
