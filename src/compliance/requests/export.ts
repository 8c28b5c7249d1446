/**
 * An access request's export: everything the service holds about a consumer, as a list of
 * sources read in order (a later source may use the ids an earlier one found). Adding a source
 * — consents, say — is one line in SOURCES. Read with Payload's Local API without a user, so SSNs
 * come out masked (src/creditData) and nothing reveals them; the service's own bookkeeping
 * (fields starting with `_`) is left out.
 */
import type { CollectionSlug, Payload, Where } from 'payload'

import { normaliseName, normalisePhone } from '@/lib/normalise'
import { relationId } from '@/lib/relationId'

type Found = Record<string, Record<string, unknown>[]> & { consumer: Record<string, unknown>[] }

type Source = {
  collection: CollectionSlug
  name: string
  /** The records of this source, given the consumer's id and what earlier sources found; null: none. */
  where: (consumer: string, found: Found) => null | Where
  /** Of the records `where` finds, those that are the consumer's (all, without it). */
  keep?: (records: Row[], found: Found, payload: Payload) => Promise<Row[]>
  /** Related records read in full to this depth (0: ids only). */
  depth?: number
}

type Row = Record<string, unknown>

const idsOf = (records: Record<string, unknown>[] | undefined, field = 'id') => [
  ...new Set(
    (records ?? []).map((record) => relationId(record[field])).filter((id) => id !== undefined),
  ),
]

const inList = (field: string, ids: (number | string)[]): null | Where =>
  ids.length ? { [field]: { in: ids } } : null

/** A value or list of values, without empty ones. */
const listOf = (value: unknown): unknown[] =>
  (Array.isArray(value) ? value : [value]).filter((item) => item !== null && item !== undefined)

/**
 * Is this customer (a deal's buyer or seller) the consumer? The contract links customers to no
 * consumer, so as the lead desk tells two records of one person apart (src/leadDesk/matchKeys.ts):
 * the same name (`name` against first and last name; case, accents and hyphens aside), and one
 * phone number or one address record in common. A namesake, or a relative sharing a phone or an
 * address, is someone else.
 */
const isConsumer = (consumer: Row, customer: Row): boolean => {
  const name = normaliseName(`${consumer.firstName ?? ''} ${consumer.lastName ?? ''}`)
  if (!name || normaliseName(customer.name) !== name) return false
  const phones = new Set<unknown>(
    [consumer.phoneNumber, ...listOf(consumer.phoneNumbers)].map(normalisePhone).filter(Boolean),
  )
  const addresses = new Set<unknown>(listOf(listOf(consumer.addresses).map(relationId)))
  return (
    listOf(customer.phoneNumbers).some((phone) => phones.has(normalisePhone(phone))) ||
    listOf(customer.addresses).some((item) => addresses.has(relationId(item)))
  )
}

const PARTIES = ['customer', 'coBuyerOrCoSellerCustomer'] as const

/** The deals the consumer is a party to: buyer (`customer`) or co-buyer/co-seller. */
const dealsAsParty = async (deals: Row[], found: Found, payload: Payload): Promise<Row[]> => {
  const consumer = found.consumer[0]
  const ids = [
    ...new Set(deals.flatMap((deal) => PARTIES.map((party) => relationId(deal[party])))),
  ].filter((id) => id !== undefined)
  if (!consumer || !ids.length) return []
  const { docs } = await payload.find({
    collection: 'customer',
    depth: 0,
    pagination: false,
    select: { addresses: true, name: true, phoneNumbers: true },
    where: { id: { in: ids } },
  })
  const own = new Set<unknown>(
    docs.filter((customer) => isConsumer(consumer, customer)).map((customer) => customer.id),
  )
  return deals.filter((deal) => PARTIES.some((party) => own.has(relationId(deal[party]))))
}

export const SOURCES: Source[] = [
  { collection: 'consumer', name: 'consumer', where: (id) => ({ id: { equals: id } }) },
  {
    collection: 'address',
    // The postal addresses in full: street, ZIP, and the city and state by name.
    depth: 2,
    name: 'addresses',
    where: (_, f) => inList('id', listOf(f.consumer[0]?.addresses).map(String)),
  },
  { collection: 'lead', name: 'leads', where: (id) => ({ consumer: { equals: id } }) },
  { collection: 'leadEvents', name: 'leadEvents', where: (_, f) => inList('lead', idsOf(f.leads)) },
  { collection: 'vdpEmails', name: 'vdpEmails', where: (_, f) => inList('lead', idsOf(f.leads)) },
  { collection: 'lead-note', name: 'leadNotes', where: (_, f) => inList('lead', idsOf(f.leads)) },
  {
    collection: 'lead-appointment',
    name: 'leadAppointments',
    where: (_, f) => inList('lead', idsOf(f.leads)),
  },
  { collection: 'lead-task', name: 'leadTasks', where: (_, f) => inList('lead', idsOf(f.leads)) },
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
    // On their credit apps' vehicles, and only those they are a party to: another customer's deal
    // on the same vehicle is not theirs.
    keep: dealsAsParty,
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

/** A record without the service's own bookkeeping (`_…`), at any depth. */
const cleanRow = (value: object): Row =>
  Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('_'))
      .map(([key, item]) => [key, clean(item)]),
  )

/** Drops the service's own bookkeeping (`_…`), at any depth. */
const clean = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(clean)
  if (value && typeof value === 'object') return cleanRow(value)
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
  const found: Found = { consumer: [] }
  for (const source of SOURCES) {
    const where = source.where(consumer, found)
    if (!where) {
      found[source.name] = []
      continue
    }
    const { docs } = await payload.find({
      collection: source.collection,
      depth: source.depth ?? 0,
      pagination: false,
      where,
    })
    const records = docs.map(cleanRow)
    found[source.name] = source.keep ? await source.keep(records, found, payload) : records
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
