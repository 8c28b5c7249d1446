/**
 * One search across the records staff look people and vehicles up by: consumers, leads, contacts,
 * credit apps, companies, deals and vehicles. `GET /api/search?q=` answers the first matches of
 * each, read as the caller: a collection they may not read gives nothing, and nothing is matched
 * on credit data (no SSN, no birth date). Each collection is searched as its list's search box
 * searches it (its `listSearchableFields`, through Payload's own merge of a search into a filter),
 * phone numbers in any format included (src/fields/phoneSearch.ts), so the number found here is
 * the number of rows the list shows when opened with the same search. Nothing is copied into an
 * index to keep in step: each search asks the collections themselves.
 */
import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'
import { mergeListSearchAndWhere } from 'payload/shared'

import { ClientError, messages, payloadError, unlessForbidden } from '@/errors'
import { isRecord } from '@/lib/isRecord'
import { relationId } from '@/lib/relationId'
import { textOf } from '@/lib/text'

import { formatPhone } from './values/format'

/** Matches shown per collection. */
const PER_COLLECTION = 5
const MIN_LENGTH = 2
const MAX_LENGTH = 100

type Doc = Record<string, unknown>

/** The line under a hit that tells two of the same name apart: phone, e-mail, store. */
const contactLine = (phone: string, email: string) => (doc: Doc) =>
  [formatPhone(doc[phone]), textOf(doc[email])].filter(Boolean).join(' · ')

/** What is searched, in the order shown, and the second line of each hit. */
export const SEARCHED: {
  collection: CollectionSlug
  detail?: (doc: Doc) => string
  label: string
}[] = [
  { collection: 'consumer', detail: contactLine('phoneNumber', 'email'), label: 'Consumers' },
  { collection: 'lead', detail: contactLine('phoneNumber', 'email'), label: 'Leads' },
  {
    collection: 'credit-app',
    detail: contactLine('phoneNumber', 'email'),
    label: 'Credit apps',
  },
  {
    collection: 'contact',
    detail: contactLine('primaryPhoneNumber', 'primaryEmail'),
    label: 'Contacts',
  },
  { collection: 'company', detail: (doc) => textOf(doc.address), label: 'Companies' },
  { collection: 'deal', label: 'Deals' },
  { collection: 'vehicle', label: 'Vehicles' },
]

export type SearchHit = {
  collection: string
  /** What tells it apart from another of the same name (phone, e-mail, store), if anything. */
  detail?: string
  href: string
  id: number | string
  title: string
}

export type SearchGroup = {
  /** The list, searched the same way: it shows the `total` records. */
  href: string
  hits: SearchHit[]
  label: string
  total: number
}

/**
 * The list's search fields the caller may read (the derived title and the phone keys are staff
 * users' only: src/fields/titles.ts): a filter on another would be refused.
 */
const searchedFields = async (req: PayloadRequest, collection: CollectionSlug) => {
  const { config } = req.payload.collections[collection]
  const names = config.admin.listSearchableFields ?? [config.admin.useAsTitle ?? 'id']
  const readable = await Promise.all(
    names.map(async (name) => {
      const field = config.flattenedFields.find((candidate) => candidate.name === name)
      const read = field && 'access' in field ? field.access?.read : undefined
      return !read || Boolean(await read({ req }))
    }),
  )
  return names.filter((_, index) => readable[index])
}

/** The store of each lead (its location's company), as the caller may read them. */
const storesOf = async (req: PayloadRequest, leads: Doc[]): Promise<Map<string, string>> => {
  const ids = [...new Set(leads.map((lead) => relationId(lead.location)))].filter(
    (id) => id !== undefined,
  )
  if (!ids.length) return new Map()
  const locations = await unlessForbidden(
    req.payload.find({
      collection: 'location',
      depth: 1,
      limit: ids.length,
      overrideAccess: false,
      pagination: false,
      req,
      select: { address: true, companyId: true },
      where: { id: { in: ids } },
    }),
  )
  return new Map(
    (locations?.docs ?? []).map((location) => {
      const company = isRecord(location.companyId) ? textOf(location.companyId.name) : ''
      return [String(location.id), company || textOf(location.address)]
    }),
  )
}

/** The matches of `q`, per collection the caller may read. */
export const searchRecords = async (req: PayloadRequest, q: string): Promise<SearchGroup[]> => {
  const term = q.trim()
  if (term.length < MIN_LENGTH || term.length > MAX_LENGTH)
    throw new ClientError(`q must be ${MIN_LENGTH} to ${MAX_LENGTH} characters`, 400)
  const groups = await Promise.all(
    SEARCHED.map(async ({ collection, detail, label }): Promise<null | SearchGroup> => {
      const { config } = req.payload.collections[collection]
      const fields = await searchedFields(req, collection)
      if (!fields.length) return null
      // As the list view merges its search box into its filter: the same rows, the same count.
      const where = mergeListSearchAndWhere({
        collectionConfig: { ...config, admin: { ...config.admin, listSearchableFields: fields } },
        search: term,
      })
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
      // A record is a JSON object; the check lets it be read by the names in the config.
      const docs = found.docs.flatMap((doc: unknown): Doc[] => (isRecord(doc) ? [doc] : []))
      const stores = collection === 'lead' ? await storesOf(req, docs) : new Map<string, string>()
      const { useAsTitle } = config.admin
      const hits = docs.map((doc): SearchHit => {
        const store = stores.get(String(relationId(doc.location)))
        const line = [detail?.(doc), store].filter(Boolean).join(' · ')
        return {
          collection,
          ...(line ? { detail: line } : {}),
          href: `/admin/collections/${collection}/${encodeURIComponent(String(doc.id))}`,
          id: typeof doc.id === 'number' ? doc.id : String(doc.id),
          title: String((useAsTitle && doc[useAsTitle]) || doc.id),
        }
      })
      const href = `/admin/collections/${collection}?search=${encodeURIComponent(term)}`
      return { hits, href, label, total: found.totalDocs }
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
