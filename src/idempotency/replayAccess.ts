import type {
  CollectionSlug,
  FlattenedField,
  Payload,
  PayloadRequest,
  SanitizedCollectionConfig,
  TypedUser,
} from 'payload'
import { createLocalReq } from 'payload'

import { collectionBySlug } from '@/lib/collectionSlug'
import { isRecord } from '@/lib/isRecord'

const relatedCollections = (field: FlattenedField): string[] =>
  field.type === 'relationship' || field.type === 'upload'
    ? [field.relationTo].flat()
    : field.type === 'join'
      ? [field.collection].flat()
      : []

/**
 * Whether the caller may read this embedded record by its collection's read access: a plain yes,
 * or a filter (a caller's own records) that the record itself meets.
 */
const mayReadRecord = async (
  req: PayloadRequest,
  collection: SanitizedCollectionConfig,
  record: Record<string, unknown>,
): Promise<boolean> => {
  const access = await collection.access.read({ req })
  if (!isRecord(access)) return Boolean(access)
  const id = record.id
  if (typeof id !== 'string' && typeof id !== 'number') return false
  const { totalDocs } = await req.payload.count({
    collection: collection.slug,
    overrideAccess: true,
    req,
    where: { and: [{ id: { equals: id } }, access] },
  })
  return totalDocs > 0
}

/**
 * Whether the caller may read `data` as an answer holds it: each field's read access, the fields
 * of groups and arrays, and every record embedded by a relation (its collection's read access
 * and its own fields). A field's access answering a Where allows (it scopes records, not fields);
 * a collection's is checked against the embedded record.
 */
const mayRead = async (
  req: PayloadRequest,
  fields: FlattenedField[],
  data: Record<string, unknown>,
): Promise<boolean> => {
  for (const field of fields) {
    if (!(field.name in data)) continue
    const value = data[field.name]
    // Payload answers an array field the caller may not read as an empty list, not leaving it
    // out: it holds nothing to withhold.
    const emptyArray = field.type === 'array' && Array.isArray(value) && !value.length
    if (
      field.access?.read &&
      !emptyArray &&
      !(await field.access.read({ data, doc: data, req, siblingData: data }))
    )
      return false
    const items = [isRecord(value) && Array.isArray(value.docs) ? value.docs : value].flat()
    const targets = relatedCollections(field)
    for (const item of items.filter(isRecord)) {
      if (!targets.length) {
        // A group's, tab's or array row's own fields.
        if ('flattenedFields' in field && !(await mayRead(req, field.flattenedFields, item)))
          return false
        continue
      }
      // An embedded record; a polymorphic relation holds it as `{relationTo, value}`.
      const relationTo =
        typeof item.relationTo === 'string' && 'value' in item ? item.relationTo : undefined
      const record = relationTo !== undefined ? item.value : item
      if (!isRecord(record)) continue
      const related = collectionBySlug(req.payload, relationTo ?? targets[0])?.config
      if (!related || !(await mayReadRecord(req, related, record))) return false
      if (!(await mayRead(req, related.flattenedFields, record))) return false
    }
  }
  return true
}

/**
 * A replay answers only a caller who may still make the create and read what its kept answer
 * holds: a client demoted since (an admin become a lead agent) gets 403, not a webhook secret or
 * a consumer's birth date kept for it.
 */
export const mayStillHave = async (
  payload: Payload,
  slug: CollectionSlug | undefined,
  user: null | TypedUser,
  body: Buffer,
): Promise<boolean> => {
  if (!slug) return true
  const local = await createLocalReq({ user: user ?? undefined }, payload)
  const collection = payload.collections[slug].config
  if (!(await collection.access.create({ req: local }))) return false
  let answer: unknown
  try {
    answer = JSON.parse(body.toString('utf8'))
  } catch {
    return true
  }
  // The record of a REST create's `{doc, message}` or a commerce create's `{data, success}`.
  const record = isRecord(answer) ? (answer.doc ?? answer.data) : undefined
  return !isRecord(record) || mayRead(local, collection.flattenedFields, record)
}
