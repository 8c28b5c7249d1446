import {
  Forbidden,
  type PayloadRequest,
  type RequiredDataFromCollectionSlug,
  UnauthorizedError,
  ValidationError,
} from 'payload'

import { withTransaction } from '@/db/transaction'
import {
  absorbSubmission,
  type Candidate,
  findDuplicate,
  holdDuplicateLocks,
} from '@/leadDesk/duplicates'
import { isRecord } from '@/lib/isRecord'
import { settings } from '@/lib/settings'
import { isPhone } from '@/validation/formats'

import { readsNothing } from '../../hooks/writeOnlyAnswers'
import type { Lead } from '../../payload-types'
import { AdfError } from './errors'
import { type AdfPhone, type Interest, type Prospect, readAdf } from './prospect'
import { type AdfWarning, documentWithoutSsns, leadWithoutSsns, warning } from './redact'
import { parseXml } from './xml'

export { AdfError } from './errors'
export type { AdfWarning } from './redact'

/** A new lead as Payload's create takes it (no id or timestamps yet). */
type LeadData = RequiredDataFromCollectionSlug<'lead'>

/** Where a document came in: `POST /api/leads/adf`, or the mailbox of lead e-mails. */
export type AdfOrigin = 'http' | 'mailbox'

/**
 * One lead made from one prospect; `mergedInto` when it was found to be a lead already kept;
 * `receipt`: the `Lead Created` event the prospect was recorded as, in both cases.
 */
export type IngestedLead = { id: number; mergedInto?: number; receipt: number }

/**
 * The intake's result as its caller may see it. A caller that reads nothing is told each
 * prospect's receipt alone: a lead's id, or `mergedInto`, would tell a lead source whether a
 * person is a lead of the dealership already, whoever sent them.
 */
export const answerFor = (req: PayloadRequest, { leads, warnings }: IngestResult) =>
  readsNothing(req.user)
    ? {
        leads: leads.map(({ receipt }) => ({ receipt })),
        ...(warnings && { warnings: warnings.map(({ lead: _lead, ...rest }) => rest) }),
      }
    : { leads, ...(warnings && { warnings }) }

/** `warnings`, only when there are some: values kept without the SSN they held (./redact.ts). */
export type IngestResult = { leads: IngestedLead[]; warnings?: AdfWarning[] }

/** What every prospect of a document shares once it has been read and checked. */
type DocumentFacts = {
  document: string
  origin: AdfOrigin
  /** Vehicle ids (VINs) the service knows, among the document's VINs. */
  knownVins: Set<string>
  /** Write as the service rather than as `req.user` (see ingestAdf). */
  overrideAccess: boolean
}

/**
 * Takes an ADF document: checks it whole (well-formed, within ADF_MAX_BYTES and ADF_MAX_DEPTH,
 * ADF, every vendor known), then makes a lead of each prospect, all in one transaction: a
 * document with one bad prospect saves nothing. What reads as an SSN, in any text of a prospect or
 * in the document, is kept as `[SSN removed]` and listed in `warnings`. Runs as `req.user`, who must be allowed to
 * create leads (the mailbox runs as its own API client, see ./mailbox/principal.ts), unless
 * `overrideAccess`, for a caller of the service's own that has no user. Throws AdfError (400 or
 * 413, naming line and element) for a bad document.
 */
export const ingestAdf = async ({
  origin,
  overrideAccess = false,
  req,
  xml,
}: {
  origin: AdfOrigin
  overrideAccess?: boolean
  req: PayloadRequest
  xml: Buffer | string
}): Promise<IngestResult> => {
  if (!overrideAccess) {
    if (!req.user) throw new UnauthorizedError(req.t)
    const mayCreate = await req.payload.collections.lead.config.access.create?.({ req })
    if (!mayCreate) throw new Forbidden(req.t)
  }
  const { ADF_MAX_BYTES, ADF_MAX_DEPTH, ADF_MAX_PROSPECTS } = settings('adf')
  const root = parseXml(xml, { maxBytes: ADF_MAX_BYTES, maxDepth: ADF_MAX_DEPTH })
  const prospects = readAdf(root)
  // One transaction holds each dealership's rota row until the last prospect is saved.
  if (prospects.length > ADF_MAX_PROSPECTS)
    throw new AdfError(
      413,
      `the document has ${prospects.length} prospects, more than the ${ADF_MAX_PROSPECTS} accepted in one (ADF_MAX_PROSPECTS): send them in several`,
    )
  const { document, redacted } = documentWithoutSsns(
    typeof xml === 'string' ? xml : xml.toString('utf8'),
  )
  // A lead-source key may create leads and read nothing: once that is checked, the intake routes,
  // links and merges its prospects as the service's own (it is told receipts alone: answerFor).
  const asService = overrideAccess || readsNothing(req.user)
  const locations = await resolveVendors(req, prospects, asService)
  const facts: DocumentFacts = {
    document,
    knownVins: await knownVins(req, prospects, asService),
    origin,
    overrideAccess: asService,
  }
  return withTransaction(req, async () => {
    // Every prospect's duplicate locks first, in one order: two documents naming the same people
    // in other orders then queue rather than deadlock.
    await holdDuplicateLocks(
      req,
      prospects.map((prospect) => {
        const location = locations.get(vendorKey(prospect.vendor))
        return candidateOf(prospect, leadData(prospect, location, facts).lead)
      }),
    )
    const leads: IngestedLead[] = []
    const warnings: AdfWarning[] = redacted ? [warning('adf.document')] : []
    for (const prospect of prospects) {
      const location = locations.get(vendorKey(prospect.vendor))
      const lead = await createLeadFromProspect(req, prospect, location, facts)
      leads.push(lead)
      for (const field of leadData(prospect, location, facts).redacted)
        warnings.push(
          warning(field, { lead: lead.id, prospect: prospect.index, receipt: lead.receipt }),
        )
    }
    if (warnings.length)
      req.payload.logger.warn(
        { fields: warnings.map((item) => item.field) },
        'ADF: SSN-like text removed before storing',
      )
    return warnings.length ? { leads, warnings } : { leads }
  })
}

/**
 * One prospect as a lead, with its `Lead Created` event, in the caller's transaction.
 */
export const createLeadFromProspect = async (
  req: PayloadRequest,
  prospect: Prospect,
  location: string | undefined,
  facts: DocumentFacts,
): Promise<IngestedLead> => {
  const data = leadData(prospect, location, facts).lead
  req.context.adfIngest = true
  try {
    // A prospect repeating a lead of its location (src/leadDesk/duplicates.ts; an earlier prospect
    // of the same document too) is added to that lead as a `Lead Created` event. Its values were
    // checked when the document was read, so no trial create is needed before merging.
    const candidate = candidateOf(prospect, data)
    const match = await findDuplicate(req, candidate)
    // As over REST: a lead the caller may not read is never merged into (a new lead is made).
    const readable =
      match &&
      (facts.overrideAccess ||
        (await req.payload.findByID({
          collection: 'lead',
          depth: 0,
          disableErrors: true,
          id: match.lead,
          overrideAccess: false,
          req,
          select: { title: true },
        })))
    if (match && readable) {
      const event = await absorbSubmission(req, match.lead, candidate, `adf-${facts.origin}`)
      return { id: match.lead, mergedInto: match.lead, receipt: event.id }
    }
    const lead = await req.payload.create({
      collection: 'lead',
      data,
      depth: 0,
      overrideAccess: facts.overrideAccess,
      req,
      select: { title: true },
    })
    const event = await req.payload.create({
      collection: 'leadEvents',
      data: { lead: lead.id, type: 'Lead Created' },
      depth: 0,
      overrideAccess: facts.overrideAccess,
      req,
      select: { type: true },
    })
    return { id: lead.id, receipt: event.id }
  } catch (error) {
    throw asProspectError(error, prospect)
  } finally {
    req.context.adfIngest = false
  }
}

/** What duplicates are looked for by: the lead's values and every phone of the prospect (as kept). */
const candidateOf = (prospect: Prospect, data: LeadData): Candidate => ({
  ...data,
  phoneNumbers: (data.adf?.phones ?? []).map((phone) => phone.number),
})

/** A value Payload refused, as the prospect's 400 naming its line; anything else as it is. */
const asProspectError = (error: unknown, prospect: Prospect): unknown => {
  if (!(error instanceof ValidationError)) return error
  const first = error.data.errors[0]
  return new AdfError(
    400,
    first ? `${first.path} ${first.message}` : 'a value was refused',
    prospect.place,
    first?.path,
  )
}

/** A phone as the lead's `phoneNumber` takes it (the contract's pattern), or undefined. */
const leadPhone = (phones: AdfPhone[]): string | undefined => {
  const ordered = [...phones.filter((phone) => phone.preferred), ...phones]
  for (const { number } of ordered) {
    if (isPhone(number)) return number
    const digits = number.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')
    if (digits.length === 10)
      return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
  }
  return undefined
}

type LeadInterest = NonNullable<
  NonNullable<NonNullable<Lead['adf']>['vehicles']>[number]['interest']
>

/** The lead's option for each ADF interest (the option values spell `-` as `_`). */
const INTEREST_OPTIONS: Record<Interest, LeadInterest> = {
  buy: 'buy',
  lease: 'lease',
  sell: 'sell',
  'test-drive': 'test_drive',
  'trade-in': 'trade_in',
}

/** The lead a prospect makes, every text without SSNs, and the fields that held one. */
const leadData = (
  prospect: Prospect,
  location: string | undefined,
  facts: DocumentFacts,
): { lead: LeadData; redacted: string[] } => leadWithoutSsns(rawLeadData(prospect, location, facts))

const rawLeadData = (
  prospect: Prospect,
  location: string | undefined,
  { document, knownVins, origin }: DocumentFacts,
) =>
  ({
    adf: {
      address: prospect.address && { ...prospect.address, type: prospect.address.type },
      comments: prospect.comments,
      document,
      middleName: prospect.middleName,
      origin,
      phones: prospect.phones,
      prospectId: prospect.prospectId?.value,
      prospectIdSource: prospect.prospectId?.source,
      providerEmail: prospect.provider?.email,
      providerId: prospect.provider?.id,
      providerName: prospect.provider?.name,
      providerPhone: prospect.provider?.phone,
      providerService: prospect.provider?.service,
      providerUrl: prospect.provider?.url,
      requestDate: prospect.requestDate,
      status: prospect.status,
      suffix: prospect.suffix,
      timeframe: prospect.timeframe,
      vehicles: prospect.vehicles.map(({ interest, place: _place, vin, ...vehicle }) => ({
        ...vehicle,
        interest: INTEREST_OPTIONS[interest],
        vehicle: vin && knownVins.has(vin) ? vin : undefined,
        vin,
      })),
      vendorId: prospect.vendor.id,
      vendorName: prospect.vendor.name,
    },
    email: prospect.email,
    firstName: prospect.firstName,
    lastName: prospect.lastName,
    location,
    phoneNumber: leadPhone(prospect.phones),
    source: prospect.provider?.name ?? prospect.provider?.service ?? 'ADF',
  }) satisfies LeadData

const vendorKey = ({ id, name }: Prospect['vendor']): string =>
  JSON.stringify([id?.toLowerCase() ?? '', name?.toLowerCase() ?? ''])

/**
 * The location each vendor names, read as the caller: a location id (`loc_…`), a company id
 * (`com_…`), or a company's name (any letter case); a company stands for its first location.
 * A vendor none of these finds is a 400 naming it.
 */
const resolveVendors = async (
  req: PayloadRequest,
  prospects: Prospect[],
  overrideAccess: boolean,
): Promise<Map<string, string | undefined>> => {
  const found = new Map<string, string | undefined>()
  for (const { vendor } of prospects) {
    const key = vendorKey(vendor)
    if (found.has(key)) continue
    const location = await findVendor(req, vendor, overrideAccess)
    if (location === null) {
      const named = [vendor.id && `id "${vendor.id}"`, vendor.name && `name "${vendor.name}"`]
        .filter(Boolean)
        .join(' or ')
      throw new AdfError(
        400,
        `unknown vendor: no dealership has the ${named}`,
        vendor.place,
        'vendor',
      )
    }
    found.set(key, location)
  }
  return found
}

/** The vendor's location id; undefined for a company without locations; null when unknown. */
const findVendor = async (
  req: PayloadRequest,
  { id, name }: Prospect['vendor'],
  overrideAccess: boolean,
): Promise<null | string | undefined> => {
  const read = { depth: 0, overrideAccess, req }
  if (id && /^loc_[\w-]+$/.test(id)) {
    const { docs } = await req.payload.find({
      ...read,
      collection: 'location',
      limit: 1,
      select: { id: true },
      where: { id: { equals: id } },
    })
    if (docs[0]) return docs[0].id
  }
  let companyId: string | undefined
  if (id && /^com_[\w-]+$/.test(id)) {
    const { docs } = await req.payload.find({
      ...read,
      collection: 'company',
      limit: 1,
      select: { id: true },
      where: { id: { equals: id } },
    })
    companyId = docs[0]?.id
  }
  if (!companyId && name) {
    const { docs } = await req.payload.find({
      ...read,
      collection: 'company',
      limit: 20,
      select: { id: true, name: true },
      where: { name: { like: name } },
    })
    companyId = docs.find((company) => company.name.toLowerCase() === name.toLowerCase())?.id
  }
  if (!companyId) return null
  const { docs } = await req.payload.find({
    ...read,
    collection: 'location',
    limit: 1,
    select: { id: true },
    sort: 'createdAt',
    where: { companyId: { equals: companyId } },
  })
  return docs[0]?.id
}

/** The document's VINs the service has a vehicle of (as the caller may read them). */
const knownVins = async (
  req: PayloadRequest,
  prospects: Prospect[],
  overrideAccess: boolean,
): Promise<Set<string>> => {
  const vins = [
    ...new Set(prospects.flatMap((p) => p.vehicles.flatMap((v) => (v.vin ? [v.vin] : [])))),
  ]
  if (!vins.length) return new Set()
  try {
    const { docs } = await req.payload.find({
      collection: 'vehicle',
      depth: 0,
      limit: vins.length,
      overrideAccess,
      pagination: false,
      req,
      select: { vin: true },
      where: { vin: { in: vins } },
    })
    return new Set(docs.map((vehicle) => vehicle.vin))
  } catch (error) {
    // A caller who may not read vehicles links none.
    if (isRecord(error) && error.status === 403) return new Set()
    throw error
  }
}
