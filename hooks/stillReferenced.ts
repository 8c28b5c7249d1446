import type {
  CollectionBeforeChangeHook,
  CollectionBeforeDeleteHook,
  CollectionSlug,
  FlattenedField,
  Payload,
  PayloadRequest,
  SanitizedCollectionConfig,
} from 'payload'

import { ClientError } from '@/errors'

import { keepsRelation } from './appendOnly'

type Reference = { collection: CollectionSlug; path: string }

/**
 * Required single relations to `slug` in every collection, through groups (`dealer.location`);
 * in an append-only collection (`custom.appendOnly`, hooks/appendOnly.ts), every single relation
 * of a sealed record (consents) and every one it fixes, since the database would otherwise set it
 * to null and so change what may not change.
 */
const requiredReferencesTo = (payload: Payload, slug: string): Reference[] => {
  const walk = (
    collection: SanitizedCollectionConfig,
    fields: FlattenedField[],
    prefix: string,
  ): Reference[] =>
    fields.flatMap((field) => {
      if (field.type === 'group')
        return walk(collection, field.flattenedFields, `${prefix}${field.name}.`)
      const single = field.type === 'relationship' && field.relationTo === slug && !field.hasMany
      const path = prefix + field.name
      return single && (field.required || keepsRelation(collection, path))
        ? [{ collection: collection.slug, path }]
        : []
    })
  return payload.config.collections.flatMap((collection) =>
    walk(collection, collection.flattenedFields, ''),
  )
}

const cache = new WeakMap<Payload, Map<string, Reference[]>>()

/**
 * 409 when a required relation of another record names this one. A permanent delete counts the
 * records in the trash too (their column is as NOT NULL as any); a move to the trash counts only
 * the live ones, so a record whose dependants are all in the trash can follow them there.
 */
const refuseIfReferenced = async (
  req: PayloadRequest,
  slug: string,
  id: number | string,
  { trashed }: { trashed: boolean },
): Promise<void> => {
  const known = cache.get(req.payload) ?? new Map<string, Reference[]>()
  cache.set(req.payload, known)
  if (!known.has(slug)) known.set(slug, requiredReferencesTo(req.payload, slug))
  for (const reference of known.get(slug)!) {
    const { totalDocs } = await req.payload.count({
      collection: reference.collection,
      overrideAccess: true,
      req,
      trash: trashed,
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

/**
 * A record that a required relation of another record still names cannot be deleted: the
 * database would set that relation to null and refuse (a NOT NULL column), mid-transaction. Here
 * it is a 409 naming what still uses it, before anything is written.
 */
export const stillReferenced: CollectionBeforeDeleteHook = ({ collection, id, req }) =>
  refuseIfReferenced(req, collection.slug, id, { trashed: true })

/** The same refusal for a move to the trash (an update setting `deletedAt`, src/trash). */
export const trashOnlyUnreferenced: CollectionBeforeChangeHook = async ({
  collection,
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (collection.trash && operation === 'update' && data.deletedAt && !originalDoc?.deletedAt)
    await refuseIfReferenced(req, collection.slug, originalDoc!.id, { trashed: false })
  return data
}
