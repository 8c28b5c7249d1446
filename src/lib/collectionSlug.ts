import type { Collection, CollectionSlug, Payload } from 'payload'

/** Whether `slug`, known only at run time (a path segment, a relation's target), names a collection. */
export const isCollectionSlug = (payload: Payload, slug: string): slug is CollectionSlug =>
  Object.hasOwn(payload.collections, slug)

/** The collection named by a slug known only at run time, if there is one. */
export const collectionBySlug = (payload: Payload, slug: string): Collection | undefined =>
  isCollectionSlug(payload, slug) ? payload.collections[slug] : undefined
