import type { CollectionBeforeValidateHook, CollectionSlug, FlattenedField } from 'payload'
import { ValidationError } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { valueAt } from '@/lib/valueAt'

type Relation = { path: string; relationTo: CollectionSlug; value: unknown }

const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' && 'id' in value ? value.id : value

/** The ids a relation's value names (one, or each of a list; objects by their `id`). */
export const idsOf = (value: unknown): unknown[] =>
  (Array.isArray(value) ? value : [value]).map(idOf).filter((id) => id !== null && id !== undefined)

/** Relationship values present in `data`, at the top level (tabs and rows flattened) and inside groups. */
export const relationsIn = (
  fields: FlattenedField[],
  data: Record<string, unknown> | undefined,
  prefix = '',
): Relation[] =>
  fields.flatMap((field) => {
    if (!data || !(field.name in data)) return []
    const value = data[field.name]
    // A group's value is an object by now (valueTypes runs first).
    if (field.type === 'group')
      return isRecord(value)
        ? relationsIn(field.flattenedFields, value, `${prefix}${field.name}.`)
        : []
    if (
      field.type !== 'relationship' ||
      typeof field.relationTo !== 'string' ||
      value === null ||
      value === undefined
    )
      return []
    return [{ path: prefix + field.name, relationTo: field.relationTo, value }]
  })

/**
 * Every related record named in a create or update must exist. Without this check a dangling id
 * reaches the database's foreign key and surfaces as a 500; here it is a 400 naming the field.
 * An update carries every stored value (Payload fills in what was not sent): an id the record
 * already holds at that path is not looked up again, since its foreign key (ON DELETE SET NULL,
 * or CASCADE for a list's rows) keeps it naming a record that exists, trashed ones included.
 */
export const relationsExist: CollectionBeforeValidateHook = async ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  const errors: { message: string; path: string }[] = []
  for (const { path, relationTo, value } of relationsIn(collection.flattenedFields, data)) {
    const stored = new Set(idsOf(valueAt(originalDoc, path)).map(String))
    const ids = idsOf(value).filter((id) => !stored.has(String(id)))
    if (!ids.length) continue
    const found = await req.payload.find({
      collection: relationTo,
      depth: 0,
      limit: ids.length,
      pagination: false,
      req,
      select: {},
      // A record in the trash (src/trash) still exists: saving a record that names it (the admin
      // UI sends every field) must not fail for it.
      trash: true,
      where: { id: { in: ids } },
    })
    const known = new Set(found.docs.map((doc) => String(doc.id)))
    if (ids.some((id) => !known.has(String(id))))
      errors.push({ message: `names a ${relationTo} record that does not exist`, path })
  }
  if (errors.length) throw new ValidationError({ collection: collection.slug, errors }, req.t)
  return data
}
