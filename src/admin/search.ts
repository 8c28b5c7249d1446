/**
 * One search across the records staff look people and vehicles up by: consumers, leads, contacts
 * (by name), companies (by name), deals (by title) and vehicles (by VIN, make or model).
 * `GET /api/search?q=` answers the first matches of each, read as the caller: a collection they
 * may not read gives nothing, and nothing is matched on credit data (no SSN, no birth date).
 * Nothing is copied into an index to keep in step: each search asks the collections themselves.
 */
import type { CollectionSlug, Endpoint, PayloadRequest, Where } from 'payload'

import { ClientError, messages, payloadError, unlessForbidden } from '@/errors'
import { isRecord } from '@/lib/isRecord'

import { isStaff } from '../../access/isStaff'

/** Matches shown per collection. */
const PER_COLLECTION = 5
const MIN_LENGTH = 2
const MAX_LENGTH = 100

/** What each collection is searched by (never a credit-data field). */
export const SEARCHED: { collection: CollectionSlug; fields: string[]; label: string }[] = [
  { collection: 'consumer', fields: ['firstName', 'lastName', 'title'], label: 'Consumers' },
  { collection: 'lead', fields: ['firstName', 'lastName', 'title', 'email'], label: 'Leads' },
  { collection: 'contact', fields: ['firstName', 'lastName', 'title'], label: 'Contacts' },
  { collection: 'company', fields: ['name'], label: 'Companies' },
  { collection: 'deal', fields: ['title'], label: 'Deals' },
  { collection: 'vehicle', fields: ['vin', 'make', 'model'], label: 'Vehicles' },
]

export type SearchHit = { collection: string; href: string; id: number | string; title: string }

/** The matches of `q`, per collection the caller may read. */
export const searchRecords = async (req: PayloadRequest, q: string) => {
  const term = q.trim()
  if (term.length < MIN_LENGTH || term.length > MAX_LENGTH)
    throw new ClientError(`q must be ${MIN_LENGTH} to ${MAX_LENGTH} characters`, 400)
  const staff = isStaff({ req })
  const groups = await Promise.all(
    SEARCHED.map(async ({ collection, fields, label }) => {
      // The derived title is for staff only (src/fields/titles.ts): others search the names.
      const searched = staff ? fields : fields.filter((field) => field !== 'title')
      if (!searched.length) return null
      const where: Where = { or: searched.map((field) => ({ [field]: { like: term } })) }
      // A collection the caller may not read finds nothing.
      const found = await unlessForbidden(
        req.payload.find({
          collection,
          depth: 0,
          limit: PER_COLLECTION,
          overrideAccess: false,
          req,
          where,
        }),
      )
      if (!found) return null
      const { useAsTitle } = req.payload.collections[collection].config.admin
      const hits: SearchHit[] = found.docs.map((doc) => ({
        collection,
        href: `/admin/collections/${collection}/${doc.id}`,
        id: doc.id,
        // A record is a JSON object; the check lets it be read by the name in the config.
        title: String((useAsTitle && (isRecord(doc) ? doc[useAsTitle] : undefined)) ?? doc.id),
      }))
      return { hits, label, total: found.totalDocs }
    }),
  )
  return groups.filter((group) => group !== null)
}

export const searchEndpoint: Endpoint = {
  handler: async (req) => {
    if (!req.user) return payloadError(401, messages.unauthorized)
    const q = typeof req.query?.q === 'string' ? req.query.q : ''
    return Response.json({ groups: await searchRecords(req, q), q })
  },
  method: 'get',
  path: '/search',
}
