/**
 * Readable titles in the admin UI ("Maria González — 2022 Toyota Camry · Provider A") where a
 * record has no field that names it. The title is a stored `title` field (Payload titles by a
 * stored field only), worked out from the record's own fields and the records it names when a
 * save changes one of those fields; a later rename of a named record shows in it once the record
 * is saved with one of them changed.
 * Staff read it; API answers leave it out, keeping the shape the interface documents.
 */
import type { DataFromCollectionSlug, FieldHook, PayloadRequest, TextField } from 'payload'

import { APPOINTMENT_KINDS } from '@/fields/appointmentValues'
import { relationId } from '@/lib/relationId'
import { textOf } from '@/lib/text'

import { staffOnlyField } from '../../access/isStaff'

type Doc = Record<string, unknown>

/** "First Last" of a record with names. */
export const personName = (doc?: { firstName?: unknown; lastName?: unknown } | null): string =>
  [textOf(doc?.firstName), textOf(doc?.lastName)].filter(Boolean).join(' ')

/**
 * The record a relation names, at depth 0, or undefined (none, or gone). Read in the save's
 * transaction, on its one connection: callers await one lookup before the next.
 */
export const related = async <
  Slug extends
    | 'company'
    | 'consumer'
    | 'credit-app'
    | 'credit-band'
    | 'lead'
    | 'location'
    | 'pre-approval'
    | 'vehicle',
>(
  req: PayloadRequest,
  collection: Slug,
  value: unknown,
): Promise<DataFromCollectionSlug<Slug> | null | undefined> => {
  const id = relationId(value)
  if (id === undefined) return undefined
  return req.payload
    .findByID({ collection, depth: 0, disableErrors: true, id, req })
    .catch(() => undefined)
}

/** "2022 Toyota Camry". */
export const vehicleName = (
  vehicle?: { make?: unknown; model?: unknown; year?: unknown } | null,
): string =>
  [vehicle?.year, textOf(vehicle?.make), textOf(vehicle?.model)].filter(Boolean).join(' ')

/**
 * "Maria González — 2022 Toyota Camry · Provider A", from the consumer and vehicle the app names
 * (each undefined when there is none, or it is in the trash).
 */
export const creditAppTitleOf = (
  consumer: Parameters<typeof personName>[0],
  vehicle: Parameters<typeof vehicleName>[0],
  provider: unknown,
): string => {
  const label =
    provider === 'provider_a' ? 'Provider A' : provider === 'provider_b' ? 'Provider B' : ''
  const head = [personName(consumer), vehicleName(vehicle)].filter(Boolean).join(' — ')
  return [head, label].filter(Boolean).join(' · ')
}

/** A value as stored: a related record by its id, object keys in one order. */
const comparable = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(comparable)
  if (!value || typeof value !== 'object') return value ?? null
  if ('id' in value) return relationId(value)
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => [key, comparable(item)]),
  )
}

const differs = (a: unknown, b: unknown) =>
  JSON.stringify(comparable(a)) !== JSON.stringify(comparable(b))

/**
 * A `title` field worked out by `compute` from the record as it is being saved (what was stored,
 * overlaid with what this write changes). `from` names the top-level fields `compute` reads, its
 * relations among them: an update that changes none of them keeps the stored title without
 * working it out (which may look up related records). The record's id names a record with
 * nothing better.
 */
export const titleField = (
  compute: (doc: Doc, req: PayloadRequest) => Promise<string> | string,
  from: string[],
): TextField => {
  const hook: FieldHook = async ({ data = {}, operation, originalDoc, req }) => {
    const stored: unknown = originalDoc?.title
    if (
      operation === 'update' &&
      !req.context.retitle &&
      typeof stored === 'string' &&
      stored &&
      !from.some((name) => name in data && differs(data[name], originalDoc?.[name]))
    )
      return stored
    const doc = { ...originalDoc, ...data }
    return (await compute(doc, req)) || String(doc.id ?? '')
  }
  return {
    name: 'title',
    type: 'text',
    access: { read: staffOnlyField },
    admin: {
      description: 'Worked out from the record when it is saved.',
      hidden: true,
    },
    hooks: { beforeChange: [hook] },
    index: true,
  }
}

/** What a company is to the people picking one of its sites. */
export const companyKind = (company?: { isFacilitator?: unknown } | null): string =>
  company ? (company.isFacilitator ? 'auction' : 'dealership') : ''

/** "Sunset Motors · dealership · 1200 Sunset Blvd, Los Angeles, CA 90028". */
export const locationTitle = async (doc: Doc, req: PayloadRequest): Promise<string> => {
  const company = await related(req, 'company', doc.companyId)
  return [textOf(company?.name), companyKind(company), textOf(doc.address)]
    .filter(Boolean)
    .join(' · ')
}

/** "Pre-approval · María González · Prime". */
export const preApprovalTitle = async (doc: Doc, req: PayloadRequest): Promise<string> => {
  const consumer = await related(req, 'consumer', doc.consumer)
  const band = await related(req, 'credit-band', doc.creditBand)
  return ['Pre-approval', personName(consumer), textOf(band?.name)].filter(Boolean).join(' · ')
}

/** "Credit report · 742 · María González" (the consumer of its pre-approval). */
export const creditReportTitle = async (doc: Doc, req: PayloadRequest): Promise<string> => {
  const preApproval = await related(req, 'pre-approval', doc.preApproval)
  const consumer = await related(req, 'consumer', preApproval?.consumer)
  const score = typeof doc.creditScore === 'number' ? String(doc.creditScore) : ''
  return ['Credit report', score, personName(consumer)].filter(Boolean).join(' · ')
}

/** "Account · María González", or "Account · lead 12" while it knows only its lead. */
export const accountTitle = async (doc: Doc, req: PayloadRequest): Promise<string> => {
  const name = personName(await related(req, 'consumer', doc.consumer))
  const lead = textOf(doc.lead)
  return ['Account', name || (lead ? `lead ${lead}` : '')].filter(Boolean).join(' · ')
}

/** "VDP e-mail · Ada Lovelace · 3 VINs", of the lead's name and the number of VINs. */
export const vdpEmailTitleOf = (name: string, vins: number): string =>
  ['VDP e-mail', name, `${vins} ${vins === 1 ? 'VIN' : 'VINs'}`].filter(Boolean).join(' · ')

export const vdpEmailTitle = async (doc: Doc, req: PayloadRequest): Promise<string> =>
  vdpEmailTitleOf(
    personName(await related(req, 'lead', doc.lead)),
    Array.isArray(doc.vins) ? doc.vins.length : 0,
  )

/** "Note · Nina Named · Wants a test drive on Saturday…" (its first words). */
export const leadNoteTitle = async (doc: Doc, req: PayloadRequest): Promise<string> => {
  const body = textOf(doc.body).replace(/\s+/g, ' ').trim()
  const words = body.length > 60 ? `${body.slice(0, 60).trimEnd()}…` : body
  return ['Note', personName(await related(req, 'lead', doc.lead)), words]
    .filter(Boolean)
    .join(' · ')
}

const KIND_LABELS = new Map<string, string>(Object.entries(APPOINTMENT_KINDS))

/** "Test drive · Nina Named" (the time shows beside it, in the viewer's zone). */
export const leadAppointmentTitle = async (doc: Doc, req: PayloadRequest): Promise<string> => {
  const kind = KIND_LABELS.get(textOf(doc.kind)) ?? 'Appointment'
  return [kind, personName(await related(req, 'lead', doc.lead))].filter(Boolean).join(' · ')
}

/** "Task · Nina Named · Send the trade-in figures…" (its first words). */
export const leadTaskTitle = async (doc: Doc, req: PayloadRequest): Promise<string> => {
  const what = textOf(doc.what).replace(/\s+/g, ' ').trim()
  const words = what.length > 60 ? `${what.slice(0, 60).trimEnd()}…` : what
  return ['Task', personName(await related(req, 'lead', doc.lead)), words]
    .filter(Boolean)
    .join(' · ')
}

const LOAD_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** "SDN list · Nov 28, 2026 · 12,345 entries": when it was loaded (UTC day) and its size. */
export const sanctionsListTitle = (doc: Doc): string => {
  const loaded = new Date(typeof doc.createdAt === 'string' ? doc.createdAt : Date.now())
  const entries = typeof doc.entryCount === 'number' ? doc.entryCount : undefined
  return [
    'SDN list',
    LOAD_DAY.format(loaded),
    entries === undefined
      ? ''
      : `${entries.toLocaleString('en-US')} ${entries === 1 ? 'entry' : 'entries'}`,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The person a compliance record is about: its consumer, else its lead, by name. */
const personOf = async (doc: Doc, req: PayloadRequest): Promise<string> =>
  personName(await related(req, 'consumer', doc.consumer)) ||
  personName(await related(req, 'lead', doc.lead))

/** "Do not contact · María González" (the consumer, else the lead who asked). */
export const doNotContactTitle = async (doc: Doc, req: PayloadRequest): Promise<string> =>
  ['Do not contact', await personOf(doc, req)].filter(Boolean).join(' · ')

/** "Access request · María González", "Deletion request · …". */
export const consumerRequestTitle = async (doc: Doc, req: PayloadRequest): Promise<string> =>
  [doc.kind === 'deletion' ? 'Deletion request' : 'Access request', await personOf(doc, req)]
    .filter(Boolean)
    .join(' · ')

/** "Credit-report authorization · 2026-11": a disclosure by its kind (`kinds` labels it) and version. */
export const disclosureTitle =
  (kinds: Record<string, string>) =>
  (doc: Doc): string =>
    [kinds[String(doc.kind)] ?? textOf(doc.kind), textOf(doc.version)].filter(Boolean).join(' · ')

/**
 * "Calls and texts · María González", "Credit-report authorization · Dana Carter · revoked": a
 * consent by its kind and whose it is (its consumer; else, on a credit app, the applicant or
 * co-applicant the app names; else the number or address it covers).
 */
export const consentTitle =
  (kinds: Record<string, string>) =>
  async (doc: Doc, req: PayloadRequest): Promise<string> => {
    let who = personName(await related(req, 'consumer', doc.consumer))
    if (!who && doc.creditApp) {
      const app = await related(req, 'credit-app', doc.creditApp)
      who =
        doc.role === 'co-applicant'
          ? personName({ firstName: app?.coApplicantFirstName, lastName: app?.coApplicantLastName })
          : personName(app)
    }
    return [
      kinds[String(doc.kind)] ?? textOf(doc.kind),
      who || textOf(doc.phoneNumber) || textOf(doc.email),
      doc.action === 'revoke' ? 'revoked' : '',
    ]
      .filter(Boolean)
      .join(' · ')
  }
