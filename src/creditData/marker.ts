/**
 * The one mark of a credit-data field: `custom.encrypted` on its config. Encryption, masking,
 * query refusal, audit and key rotation all find the sensitive fields by it, so the list of them
 * is the fields carrying it and is written nowhere else.
 */
import type { Field } from 'payload'

export const markEncrypted = <T extends Field>(field: T): T => ({
  ...field,
  custom: { ...field.custom, encrypted: true },
})

/** Names of the top-level fields marked encrypted (credit data is never nested). */
export const encryptedFieldNames = (fields: Field[]): string[] =>
  fields.flatMap((field) => ('name' in field && field.custom?.encrypted ? [field.name] : []))
