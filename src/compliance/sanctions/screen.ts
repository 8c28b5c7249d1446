/**
 * Who is screened and what a hit leaves behind: every credit app's applicant and co-applicant
 * and every deal's buyer and co-buyer, by name (birth date and city where known), against the
 * latest loaded SDN list; each possible match not seen before becomes a `sanctions-match`
 * record awaiting review. A match is remembered by subject, role, list entry and the name
 * screened, so a cleared match stays cleared until the name changes.
 */
import type { PayloadRequest, Where } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { relationId } from '@/lib/relationId'
import { settings } from '@/lib/settings'

import type { Deal } from '../../../payload-types'
import { indexList, type ListIndex, type Person, screenPerson } from './match'
import type { SanctionsEntry } from './parse'

export const LISTS = 'sanctions-list'
export const MATCHES = 'sanctions-match'

export type Subject = 'credit-app' | 'deal'
export type Role = 'applicant' | 'buyer' | 'co_applicant' | 'co_buyer'
type Screened = Person & { role: Role }

type Doc = Record<string, unknown>
const text = (value: unknown): null | string =>
  typeof value === 'string' && value.trim() ? value.trim() : null
const record = (value: unknown): Doc | null => (isRecord(value) ? value : null)
/** A stored ciphertext is no birth date to compare. */
const birthDate = (value: unknown): null | string => {
  const date = text(value)
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null
}

/** The list's entries, parsed and indexed once per process and list. */
let cached: { id: number; index: ListIndex } | null = null

/** The id of the latest list loaded, or null when none has been. */
const latestListId = async (req: PayloadRequest): Promise<null | number> =>
  (
    await req.payload.find({
      collection: LISTS,
      depth: 0,
      limit: 1,
      overrideAccess: true,
      pagination: false,
      req,
      select: { createdAt: true },
      sort: '-createdAt',
    })
  ).docs[0]?.id ?? null

/** List `id` with its index (null: no list), read and indexed once per process and list. */
export const listIndexOf = async (
  req: PayloadRequest,
  id: null | number,
): Promise<{ id: number; index: ListIndex } | null> => {
  if (id === null) return null
  if (cached?.id === id) return cached
  const list = await req.payload.findByID({
    collection: LISTS,
    depth: 0,
    id,
    overrideAccess: true,
    req,
    showHiddenFields: true,
  })
  cached = { id, index: indexList((list.entries ?? []) as SanctionsEntry[]) }
  return cached
}

/** The latest list loaded, or null when none has been. */
export const currentList = async (req: PayloadRequest) => listIndexOf(req, await latestListId(req))

/** The city of a record's first address (read at depth 2). */
const cityOf = (holder: Doc | null): null | string => {
  const addresses = holder?.addresses
  const first = Array.isArray(addresses) ? record(addresses[0]) : null
  return text(record(first?.city)?.name)
}

/** A relation's record, with its addresses: as populated already (it has `field`), or read. */
const recordOf = async (
  req: PayloadRequest,
  collection: 'consumer' | 'customer',
  field: string,
  value: unknown,
): Promise<Doc | null> => {
  const populated = record(value)
  if (populated && field in populated) return populated
  const id = relationId(value)
  if (!id) return null
  return record(
    await req.payload.findByID({
      collection,
      depth: 2,
      disableErrors: true,
      id,
      overrideAccess: true,
      req,
    }),
  )
}

/** The people of a credit app: each value as the app gives it, else its consumer's. */
export const peopleOfCreditApp = async (req: PayloadRequest, app: Doc): Promise<Screened[]> => {
  const people: Screened[] = []
  for (const [role, prefix, relation] of [
    ['applicant', '', app.consumer],
    ['co_applicant', 'coApplicant', app.coApplicantConsumer],
  ] as const) {
    const own = app
    const key = (name: string) =>
      prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name
    const consumer = await recordOf(req, 'consumer', 'firstName', relation)
    const name = [
      text(own[key('firstName')]) ?? text(consumer?.firstName),
      text(own[key('lastName')]) ?? text(consumer?.lastName),
    ]
      .filter(Boolean)
      .join(' ')
    if (!name) continue
    people.push({
      birthDate: birthDate(own[key('birthDate')]) ?? birthDate(consumer?.birthDate),
      city: cityOf(consumer),
      name,
      role,
    })
  }
  return people
}

/** The people of a deal: its buyer and co-buyer customers, by name. */
export const peopleOfDeal = async (
  req: PayloadRequest,
  deal: Partial<Deal>,
): Promise<Screened[]> => {
  const people: Screened[] = []
  for (const [role, relation] of [
    ['buyer', deal.customer],
    ['co_buyer', deal.coBuyerOrCoSellerCustomer],
  ] as const) {
    const customer = await recordOf(req, 'customer', 'name', relation)
    const name = text(customer?.name)
    if (name) people.push({ city: cityOf(customer), name, role })
  }
  return people
}

/**
 * Screens the people of one subject against the current list and records each possible match
 * not recorded before (pending review). Returns how many new matches it recorded. `people` may be
 * a function reading them: it is called only when a list is loaded (reading a subject's people
 * reads its records at depth).
 */
export const screenSubject = async (
  req: PayloadRequest,
  subject: Subject,
  id: string,
  of: (() => Promise<Screened[]>) | Screened[],
  list?: { id: number; index: ListIndex } | null,
): Promise<number> => {
  const current = list === undefined ? await currentList(req) : list
  if (!current) return 0
  const people = typeof of === 'function' ? await of() : of
  if (!people.length) return 0
  const threshold = settings('sanctions').SANCTIONS_MATCH_THRESHOLD
  let recorded = 0
  for (const person of people) {
    for (const candidate of screenPerson(person, current.index, threshold)) {
      const where: Where = {
        and: [
          { subjectCollection: { equals: subject } },
          { subjectId: { equals: id } },
          { role: { equals: person.role } },
          { entNum: { equals: candidate.entNum } },
          { screenedName: { equals: person.name } },
        ],
      }
      const { totalDocs } = await req.payload.count({
        collection: MATCHES,
        overrideAccess: true,
        req,
        where,
      })
      if (totalDocs) continue
      const entry = current.index.entries.find(({ entNum }) => entNum === candidate.entNum)!
      await req.payload.create({
        collection: MATCHES,
        data: {
          entNum: candidate.entNum,
          list: current.id,
          listedName: entry.names[0],
          matchedName: candidate.matchedName,
          nameScore: candidate.nameScore,
          programs: entry.programs,
          remarks: entry.remarks,
          role: person.role,
          score: candidate.score,
          screenedName: person.name,
          signals: candidate.signals.join('; ') || null,
          status: 'pending',
          subjectCollection: subject,
          subjectId: id,
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      recorded += 1
    }
  }
  return recorded
}

/**
 * The sanctions hold of a credit app as it would be sent now: its people, as the app names them
 * now (a consumer renamed since the app was saved included), are screened first, so nothing leaves
 * under a name that was not screened. Screening records only matches not recorded before.
 */
export const screenedSanctionsHold = async (
  req: PayloadRequest,
  app: Doc & { id: number | string },
): ReturnType<typeof sanctionsHold> => {
  const id = String(app.id)
  await screenSubject(req, 'credit-app', id, () => peopleOfCreditApp(req, app))
  return sanctionsHold(req, id)
}

/**
 * A credit app's hold from its matches: any confirmed one blocks it; any pending one keeps it
 * waiting for review; null when none (or all are cleared). One of the hold checks made before an
 * app is queued for its provider (src/providers/holds.ts).
 */
export const sanctionsHold = async (
  req: PayloadRequest,
  creditApp: string,
): Promise<null | { message: string; status: 'awaiting sanctions review' | 'blocked' }> => {
  const open = await req.payload.find({
    collection: MATCHES,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    req,
    select: { status: true },
    sort: 'status',
    where: {
      and: [
        { subjectCollection: { equals: 'credit-app' } },
        { subjectId: { equals: creditApp } },
        { status: { in: ['pending', 'confirmed'] } },
      ],
    },
  })
  const statuses = open.docs.map((doc) => doc.status)
  if (!statuses.length) return null
  // 'confirmed' sorts before 'pending': one confirmed match is enough to block.
  if (statuses.includes('confirmed'))
    return { message: 'a possible sanctions match was confirmed', status: 'blocked' }
  return {
    message: 'a possible sanctions match awaits review',
    status: 'awaiting sanctions review',
  }
}
