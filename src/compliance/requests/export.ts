/**
 * An access request's export: everything the service holds about a consumer, as a list of
 * sources read in order (a later source may use the ids an earlier one found). Adding a source
 * — consents, say — is one line in SOURCES. Read with Payload's Local API without a user, so SSNs
 * come out masked (src/creditData) and nothing reveals them; the service's own bookkeeping
 * (fields starting with `_`) is left out.
 */
import type { CollectionSlug, Payload, Where } from 'payload'

import { relationId } from '@/lib/relationId'

type Found = Record<string, Record<string, unknown>[]> & { consumer: Record<string, unknown>[] }

type Source = {
  collection: CollectionSlug
  name: string
  /** The records of this source, given the consumer's id and what earlier sources found; null: none. */
  where: (consumer: string, found: Found) => null | Where
}

const idsOf = (records: Record<string, unknown>[] | undefined, field = 'id') => [
  ...new Set(
    (records ?? []).map((record) => relationId(record[field])).filter((id) => id !== undefined),
  ),
]

const inList = (field: string, ids: (number | string)[]): null | Where =>
  ids.length ? { [field]: { in: ids } } : null

export const SOURCES: Source[] = [
  { collection: 'consumer', name: 'consumer', where: (id) => ({ id: { equals: id } }) },
  { collection: 'lead', name: 'leads', where: (id) => ({ consumer: { equals: id } }) },
  { collection: 'leadEvents', name: 'leadEvents', where: (_, f) => inList('lead', idsOf(f.leads)) },
  { collection: 'vdpEmails', name: 'vdpEmails', where: (_, f) => inList('lead', idsOf(f.leads)) },
  {
    collection: 'do-not-contact',
    name: 'doNotContact',
    where: (id) => ({ consumer: { equals: id } }),
  },
  { collection: 'account', name: 'accounts', where: (id) => ({ consumer: { equals: id } }) },
  {
    collection: 'web-event',
    name: 'webEvents',
    where: (_, f) => inList('account', idsOf(f.accounts)),
  },
  {
    collection: 'pre-approval',
    name: 'preApprovals',
    where: (id) => ({ consumer: { equals: id } }),
  },
  {
    collection: 'credit-app',
    name: 'creditApps',
    where: (id): Where => ({
      or: [{ consumer: { equals: id } }, { coApplicantConsumer: { equals: id } }],
    }),
  },
  {
    collection: 'credit-report',
    name: 'creditReports',
    where: (_, f) => inList('preApproval', idsOf(f.preApprovals)),
  },
  {
    collection: 'deal',
    name: 'deals',
    where: (_, f) => inList('vehicle', idsOf(f.creditApps, 'vehicle')),
  },
  {
    collection: 'consents',
    name: 'consents',
    where: (id, f): Where => {
      const apps = inList('creditApp', idsOf(f.creditApps))
      return apps ? { or: [{ consumer: { equals: id } }, apps] } : { consumer: { equals: id } }
    },
  },
  {
    collection: 'consumer-requests',
    name: 'consumerRequests',
    where: (id) => ({ consumer: { equals: id } }),
  },
]

/** Drops the service's own bookkeeping (`_…`), at any depth. */
const clean = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(clean)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !key.startsWith('_'))
        .map(([key, item]) => [key, clean(item)]),
    )
  return value
}

export type ConsumerExport = {
  consumer: string
  exportedAt: string
  sources: Record<string, Record<string, unknown>[]>
}

export const exportConsumer = async (
  payload: Payload,
  consumer: string,
): Promise<ConsumerExport> => {
  const found = { consumer: [] } as unknown as Found
  for (const source of SOURCES) {
    const where = source.where(consumer, found)
    if (!where) {
      found[source.name] = []
      continue
    }
    const { docs } = await payload.find({
      collection: source.collection,
      depth: 0,
      pagination: false,
      where,
    })
    found[source.name] = docs.map((doc) => clean(doc) as Record<string, unknown>)
  }
  return { consumer, exportedAt: new Date().toISOString(), sources: found }
}

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value)
  // A leading =, +, - or @ would be read as a formula by a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Every value as its own row (source, record, field path, value): records of any shape fit. */
const flatten = (value: unknown, path: string, rows: [string, unknown][]) => {
  if (Array.isArray(value)) {
    if (!value.length) rows.push([path, ''])
    value.forEach((item, index) => flatten(item, `${path}.${index}`, rows))
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      flatten(item, path ? `${path}.${key}` : key, rows)
  } else rows.push([path, value])
}

export const exportCsv = (data: ConsumerExport): string => {
  const lines = [['source', 'record', 'field', 'value'].join(',')]
  for (const [source, records] of Object.entries(data.sources))
    for (const record of records) {
      const rows: [string, unknown][] = []
      flatten(record, '', rows)
      for (const [field, value] of rows)
        lines.push([source, record.id, field, value].map(csvCell).join(','))
    }
  return `${lines.join('\r\n')}\r\n`
}
