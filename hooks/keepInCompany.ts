import type { CollectionBeforeValidateHook, CollectionSlug, PayloadRequest, Where } from 'payload'
import { ValidationError } from 'payload'

import { isRecord } from '@/lib/isRecord'

import { companyRecords, forgetCompanyRecords, isDealer } from '../access/dealer'
import { idsOf, relationsIn } from './relationsExist'

/** Where a record of these collections names its company's location: a dealer must name theirs. */
const ANCHORS: Partial<Record<CollectionSlug, string>> = {
  deal: 'dealer.location',
  lead: 'location',
}

/** Where a record of these collections names the lead it belongs to: a dealer must name one. */
const LEAD_OF: Partial<Record<CollectionSlug, string>> = { leadEvents: 'lead', vdpEmails: 'lead' }

/** Related records a dealer may name only when they can read them: their company's data. */
const GUARDED = new Set<CollectionSlug>([
  'company',
  'consumer',
  'credit-app',
  'credit-report',
  'customer',
  'deal',
  'lead',
  'leadEvents',
  'location',
  'pre-approval',
])

/** What makes a consumer or customer some company's: a lead or deal at a location names it. */
const CLAIMS: Partial<
  Record<CollectionSlug, { by: CollectionSlug; where: (id: unknown) => Where }>
> = {
  consumer: {
    by: 'lead',
    where: (id): Where => ({ and: [{ consumer: { equals: id } }, { location: { exists: true } }] }),
  },
  customer: {
    by: 'deal',
    where: (id): Where => ({
      and: [
        { or: [{ customer: { equals: id } }, { coBuyerOrCoSellerCustomer: { equals: id } }] },
        { 'dealer.location': { exists: true } },
      ],
    }),
  },
}

const valueAt = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), data)

const hasPath = (data: unknown, path: string): boolean => {
  const keys = path.split('.')
  const last = keys.pop()!
  const holder = keys.length ? valueAt(data, keys.join('.')) : data
  return isRecord(holder) && last in holder
}

/** The value the record will hold at `path`: the one sent, else the stored one. */
const resultAt = (data: unknown, original: unknown, path: string): unknown =>
  hasPath(data, path) ? valueAt(data, path) : valueAt(original, path)

const readable = async (req: PayloadRequest, collection: CollectionSlug, ids: unknown[]) => {
  const found = await req.payload.find({
    collection,
    depth: 0,
    limit: ids.length,
    overrideAccess: false,
    pagination: false,
    req,
    select: {},
    where: { id: { in: ids } },
  })
  return new Set(found.docs.map((doc) => String(doc.id)))
}

/**
 * A consumer or customer of no company yet (one the dealer just created, say) may be named: the
 * lead or deal naming it makes it the company's. Any other record is some company's.
 */
const claimed = async (req: PayloadRequest, collection: CollectionSlug, id: unknown) => {
  const claim = CLAIMS[collection]
  if (!claim) return true
  const { totalDocs } = await req.payload.count({
    collection: claim.by,
    overrideAccess: true,
    req,
    where: claim.where(id),
  })
  return totalDocs > 0
}

/**
 * A dealer's create or update stays within their company: a lead or deal names one of its
 * locations, a lead event or VDP e-mail one of its leads, and every related record of company
 * data it names is one the dealer can read (or, for a consumer or customer, one of no company
 * yet). Anything else is a 400 naming the field, as for a record that does not exist: a dealer
 * learns nothing of another company's records, and cannot pull them into theirs by naming them.
 */
export const keepInCompany: CollectionBeforeValidateHook = async ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  if (!isDealer(req.user)) return data
  const errors: { message: string; path: string }[] = []
  const anchor = ANCHORS[collection.slug]
  if (anchor) {
    const [location] = idsOf(resultAt(data, originalDoc, anchor))
    if (location === undefined)
      errors.push({ message: "is required: one of your company's locations", path: anchor })
    else if (!(await companyRecords(req)).locations.includes(String(location)))
      errors.push({ message: "must be one of your company's locations", path: anchor })
  }
  const lead = LEAD_OF[collection.slug]
  if (lead && !idsOf(resultAt(data, originalDoc, lead)).length)
    errors.push({ message: "is required: one of your company's leads", path: lead })
  for (const { path, relationTo, value } of relationsIn(collection.flattenedFields, data)) {
    if (!GUARDED.has(relationTo) || path === anchor) continue
    const ids = idsOf(value)
    if (!ids.length) continue
    const known = await readable(req, relationTo, ids)
    for (const id of ids) {
      if (known.has(String(id)) || !(await claimed(req, relationTo, id))) continue
      errors.push({ message: `names a ${relationTo} record that does not exist`, path })
      break
    }
  }
  if (errors.length) throw new ValidationError({ collection: collection.slug, errors }, req.t)
  // The write may make records the company's: reads after it (the answer's) ask again.
  forgetCompanyRecords(req)
  return data
}
