import type { CollectionBeforeDeleteHook, CollectionSlug, FlattenedField, Payload } from 'payload'

import { ClientError } from '@/errors'

type Reference = { collection: CollectionSlug; path: string }

/** Required single relations to `slug` in every collection, through groups (`dealer.location`). */
const requiredReferencesTo = (payload: Payload, slug: string): Reference[] => {
  const walk = (
    collection: CollectionSlug,
    fields: FlattenedField[],
    prefix: string,
  ): Reference[] =>
    fields.flatMap((field) => {
      if (field.type === 'group')
        return walk(collection, field.flattenedFields, `${prefix}${field.name}.`)
      const single = field.type === 'relationship' && field.relationTo === slug && !field.hasMany
      return single && field.required ? [{ collection, path: prefix + field.name }] : []
    })
  return payload.config.collections.flatMap((collection) =>
    walk(collection.slug, collection.flattenedFields, ''),
  )
}

const cache = new WeakMap<Payload, Map<string, Reference[]>>()

/**
 * A record that a required relation of another record still names cannot be deleted: the
 * database would set that relation to null and refuse (a NOT NULL column), mid-transaction. Here
 * it is a 409 naming what still uses it, before anything is written.
 */
export const stillReferenced: CollectionBeforeDeleteHook = async ({ collection, id, req }) => {
  const known = cache.get(req.payload) ?? new Map<string, Reference[]>()
  cache.set(req.payload, known)
  if (!known.has(collection.slug))
    known.set(collection.slug, requiredReferencesTo(req.payload, collection.slug))
  for (const reference of known.get(collection.slug)!) {
    const { totalDocs } = await req.payload.count({
      collection: reference.collection,
      overrideAccess: true,
      req,
      where: { [reference.path]: { equals: id } },
    })
    if (totalDocs > 0) {
      throw new ClientError(
        `Still used by ${totalDocs} ${reference.collection} record(s) (${reference.path}): change or delete those first.`,
        409,
      )
    }
  }
}
