/**
 * The one mark of a credit-data field: `custom.encrypted` on its config. Encryption, masking,
 * query refusal, audit and key rotation all find the sensitive fields by it, so the list of them
 * is the fields carrying it and is written nowhere else.
 */
import { type Field, flattenTopLevelFields } from 'payload'

export const markEncrypted = <T extends Field>(field: T): T => ({
  ...field,
  custom: { ...field.custom, encrypted: true },
})

/**
 * Names of the fields marked encrypted. Credit data is never nested in the data, but its fields
 * may sit in the form's tabs, rows or collapsibles, which hold no data of their own.
 */
export const encryptedFieldNames = (fields: Field[]): readonly string[] => {
  // Asked on every write of a collection with credit data: worked out once per field list (again
  // if fields were added to it since, as a config being assembled may).
  const known = namesOf.get(fields)
  if (known?.length === fields.length) return known.names
  const names = Object.freeze(
    flattenTopLevelFields(fields).flatMap((field) =>
      'name' in field && field.name && field.custom?.encrypted ? [field.name] : [],
    ),
  )
  namesOf.set(fields, { length: fields.length, names })
  return names
}
const namesOf = new WeakMap<Field[], { length: number; names: readonly string[] }>()

/**
 * Fields a copy of a record made for elsewhere (a webhook payload, a CSV export) never carries:
 * the credit data, hidden fields and what Payload keeps for itself (`_…`).
 */
export const withheldFieldNames = (fields: Field[]): Set<string> =>
  new Set([
    ...encryptedFieldNames(fields),
    ...flattenTopLevelFields(fields).flatMap((field) =>
      'name' in field &&
      field.name &&
      (('hidden' in field && field.hidden) || field.name.startsWith('_'))
        ? [field.name]
        : [],
    ),
  ])
