/**
 * Finding a record by phone number whichever way it was written. Phone numbers are stored as sent
 * (the contract's pattern lets `(512) 555-0112`, `512-555-0112` and `+1 512 555 0112` through), so
 * a search for one written another way matched nothing. A record with phone numbers keeps them in
 * one more field, `phoneKeys`, in E.164 (src/lib/normalise.ts, the normalisation the duplicate
 * rules use), and a `like` on any of its phone fields (a list's search box, a REST filter, the
 * dashboard's search) also looks there for the term as a phone number: the whole number in E.164,
 * or part of one by its digits. The filter stays a filter on the collection, so the caller's access
 * (a dealer's company) applies to it as to any other.
 */
import type { CollectionBeforeOperationHook, FieldHook, TextField, Where } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { phoneKeysOf, phoneSearchKey } from '@/lib/normalise'

import { isStaff, staffOnlyField } from '../../access/isStaff'
import { nobodyFieldLevel } from '../../access/nobody'

export const PHONE_KEYS = 'phoneKeys'

/**
 * The operations whose filter is rewritten: reads and counts, and bulk updates and deletes, so that
 * a write with a list's filter touches exactly the rows the list shows (hooks/reduceFilters.ts).
 */
const FILTERED = new Set(['count', 'delete', 'read', 'update'])

/** The stored field: the record's phone numbers (the `sources`, lists among them) in E.164. */
const phoneKeysField = (sources: string[]): TextField => {
  // Worked out on every save: a pure function of the record's own values, looking nothing up.
  const keep: FieldHook = ({ data = {}, originalDoc }) => {
    const doc: Record<string, unknown> = { ...originalDoc, ...data }
    return phoneKeysOf(sources.flatMap((name) => [doc[name]].flat()))
  }
  return {
    name: PHONE_KEYS,
    type: 'text',
    // Staff search by it (as by the derived title); API answers leave it out.
    access: { create: nobodyFieldLevel, read: staffOnlyField, update: nobodyFieldLevel },
    admin: {
      description: 'The phone numbers in E.164, worked out when the record is saved.',
      disableBulkEdit: true,
      disableListColumn: true,
      disableListFilter: true,
      hidden: true,
    },
    hooks: { beforeChange: [keep] },
    // Named where staff read it (the breach-readiness report): a copy of the record's numbers.
    label: 'Phone numbers (search copy)',
  }
}

/** The `where` tree with each `like` on a phone field also matched against the phone keys. */
const withPhoneKeys = (where: Where, sources: Set<string>): Where => {
  const parts = Object.entries(where).map(([key, value]): Where => {
    if (['and', 'or'].includes(key.toLowerCase()) && Array.isArray(value))
      return { [key]: value.map((node: Where) => withPhoneKeys(node, sources)) }
    const term = sources.has(key) && isRecord(value) ? phoneSearchKey(value.like) : null
    if (!term || !isRecord(value)) return { [key]: value }
    const { like, ...others } = value
    const byPhone: Where = { or: [{ [key]: { like } }, { [PHONE_KEYS]: { like: term } }] }
    return Object.keys(others).length ? { and: [{ [key]: others }, byPhone] } : byPhone
  })
  return parts.length === 1 ? parts[0] : parts.length ? { and: parts } : where
}

/**
 * The field and the hook a collection with phone numbers adds: `sources` are its phone fields
 * (text or lists of text), all searched as one.
 */
export const phoneSearch = (sources: string[]) => {
  const phoneFields = new Set(sources)
  /** beforeOperation: reads, counts and bulk writes by a phone field also find the number written any other way. */
  const searchPhoneKeys: CollectionBeforeOperationHook = ({ args, operation, req }) => {
    // Only staff read the keys (and so may filter by them); others' filters are left as sent.
    if (!FILTERED.has(operation) || !('where' in args) || !args.where || !isStaff({ req }))
      return args
    return { ...args, where: withPhoneKeys(args.where, phoneFields) }
  }
  return { field: phoneKeysField(sources), hook: searchPhoneKeys }
}
