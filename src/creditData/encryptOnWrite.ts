import {
  type CollectionBeforeChangeHook,
  type CollectionSlug,
  flattenTopLevelFields,
  type PayloadRequest,
  type TypeWithID,
} from 'payload'

import { encryptValue, isEncrypted } from './cipher'
import { openStored, ownerOf, sealForConsumer } from './consumerKeys'
import { encryptedFieldNames } from './marker'
import { isMaskedSsn } from './mask'

/** The row as stored (ciphertexts), read once per request, bypassing every hook. */
const storedRow = async (
  req: PayloadRequest,
  collection: CollectionSlug,
  id: number | string,
): Promise<null | Record<string, unknown>> => {
  const cache = (req.context.storedRows ??= {})
  cache[`${collection}:${id}`] ??= req.payload.db.findOne<Record<string, unknown> & TypeWithID>({
    collection,
    req,
    where: { id: { equals: id } },
  })
  return cache[`${collection}:${id}`]
}

/**
 * Encrypts the sensitive values of a write, after validation has seen them in clear (a collection
 * hook: field hooks run before validation). A masked SSN sent back unchanged (the admin form, a
 * PATCH echoing a read) keeps the stored ciphertext.
 */
export const encryptSensitive: CollectionBeforeChangeHook = async ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  const slug = collection.slug
  const given = encryptedFieldNames(collection.fields).filter(
    (name) => ![undefined, null, ''].includes(data[name]) && !isEncrypted(data[name]),
  )
  // Only a write carrying a sensitive value needs the stored row.
  if (!given.length) return data
  const stored = originalDoc?.id !== undefined ? await storedRow(req, slug, originalDoc.id) : null
  for (const name of given) {
    const value = data[name]
    // Collection hooks run before field validation: an invalid value stays in clear, so that
    // validation rejects it (naming the field) and nothing is stored. Cast: a collection hook
    // has no form path or preferences for Payload's full validate options (unread here).
    const field = flattenTopLevelFields(collection.fields).find(
      (item) => 'name' in item && item.name === name,
    ) as undefined | { validate?: (value: unknown, options: object) => unknown }
    // The options Payload's own validators read (`req`, the field's settings, the data).
    const options = { ...field, data, req, siblingData: data }
    if (field?.validate && (await field.validate(value, options)) !== true) continue
    if (isMaskedSsn(value) && stored?.[name]) {
      data[name] = stored[name]
      continue
    }
    const storedValue = stored?.[name]
    const previous =
      typeof storedValue === 'string'
        ? await openStored(req, storedValue, name).catch(() => null)
        : null
    if (previous !== String(value)) {
      const changes = (req.context.sensitiveChanges ??= {})
      ;(changes[slug] ??= []).push(name)
    }
    // A consumer's value is sealed with their own data key too (consumerKeys.ts).
    const owner = ownerOf(slug, name, data, originalDoc)
    data[name] = owner
      ? await sealForConsumer(req, owner, String(value), name)
      : encryptValue(String(value), name)
  }
  return data
}
