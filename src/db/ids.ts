import type { CollectionSlug, Payload } from 'payload'

/** The largest id PostgreSQL's `integer` (serial) column holds. */
export const MAX_SERIAL_ID = 2_147_483_647

/** An id of a collection with serial ids: a whole number from 1 to MAX_SERIAL_ID, or its digits. */
export const isSerialId = (id: unknown): boolean =>
  (typeof id === 'number' || (typeof id === 'string' && /^\d{1,10}$/.test(id))) &&
  Number.isInteger(Number(id)) &&
  Number(id) >= 1 &&
  Number(id) <= MAX_SERIAL_ID

/** Does the collection `slug` have serial ids (no id field of its own, so Payload's numeric default)? */
export const hasSerialIds = (payload: Payload, slug: CollectionSlug): boolean => {
  const collection = payload.collections[slug]
  return Boolean(collection) && !collection.customIDType
}
