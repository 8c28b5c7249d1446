import type { CollectionBeforeValidateHook, CollectionSlug, PayloadRequest, Where } from 'payload'
import { ValidationError } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { valueAt } from '@/lib/valueAt'

import { companyOf, isDealer } from '../access/dealer'
import { idsOf, relationsIn } from './relationsExist'

const hasPath = (data: unknown, path: string): boolean => {
  const keys = path.split('.')
  const last = keys.pop()!
  const holder = keys.length ? valueAt(data, keys.join('.')) : data
  return isRecord(holder) && last in holder
}

/** The value the record will hold at `path`: the one sent, else the stored one. */
const resultAt = (data: unknown, original: unknown, path: string): unknown =>
  hasPath(data, path) ? valueAt(data, path) : valueAt(original, path)

/** Related records a dealer may name only when they can read them: their company's data. */
const isCompanyData = (req: PayloadRequest, slug: CollectionSlug): boolean =>
  Boolean(req.payload.collections[slug]?.config.custom?.dealerScope)

const readable = async (
  req: PayloadRequest,
  collection: CollectionSlug,
  ids: unknown[],
  where: Where = {},
) => {
  const found = await req.payload.find({
    collection,
    depth: 0,
    limit: ids.length,
    overrideAccess: false,
    pagination: false,
    req,
    select: {},
    where: { and: [{ id: { in: ids } }, where] },
  })
  return new Set(found.docs.map((doc) => String(doc.id)))
}

/**
 * A dealer's create or update stays within their company: a lead or deal names one of its
 * locations, a lead event or VDP e-mail one of its leads (the collection's `custom.dealerScope`
 * says where), and every related record of company data (a collection with a dealer scope) it
 * names is one the dealer can read: the same scope as their reads, so a record of
 * another company (a co-applicant, one whose lead is in the trash, an address) stays out of reach
 * whatever names it. Anything else is a 400 naming the field, as for a record that does not
 * exist: a dealer learns nothing of another company's records, and cannot pull them into theirs.
 */
export const keepInCompany: CollectionBeforeValidateHook = async ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  if (!isDealer(req.user)) return data
  const errors: { message: string; path: string }[] = []
  const scope = collection.custom?.dealerScope
  const anchor = scope?.location
  if (anchor) {
    const [location] = idsOf(resultAt(data, originalDoc, anchor))
    if (location === undefined)
      errors.push({ message: "is required: one of your company's locations", path: anchor })
    else if (
      !(
        await readable(req, 'location', [location], {
          companyId: { equals: companyOf(req.user) ?? '' },
        })
      ).size
    )
      errors.push({ message: "must be one of your company's locations", path: anchor })
  }
  const lead = scope?.lead
  if (lead && !idsOf(resultAt(data, originalDoc, lead)).length)
    errors.push({ message: "is required: one of your company's leads", path: lead })
  for (const { path, relationTo, value } of relationsIn(collection.flattenedFields, data)) {
    if (!isCompanyData(req, relationTo) || path === anchor) continue
    const ids = idsOf(value)
    if (!ids.length) continue
    const known = await readable(req, relationTo, ids)
    if (ids.some((id) => !known.has(String(id))))
      errors.push({ message: `names a ${relationTo} record that does not exist`, path })
  }
  if (errors.length) throw new ValidationError({ collection: collection.slug, errors }, req.t)
  return data
}
