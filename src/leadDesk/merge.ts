/**
 * Merging two leads of one person (`POST /api/lead/:id/merge {other, dryRun?}`): the lead named
 * in the path is kept, the other's lead events, VDP e-mails and do-not-contact requests move to
 * it, its values fill the kept lead's empty ones, and it stays readable, marked `mergedInto` the
 * kept lead (merged leads leave the desk's lists and to-dos). One transaction, both leads' rows
 * locked first, so two merges of the same leads take turns and the second is refused.
 * `dryRun` answers the same preview and changes nothing.
 */
import { sql } from '@payloadcms/db-postgres'
import { type CollectionSlug, type PayloadRequest, ValidationError, type Where } from 'payload'

import { transactionDb, withTransaction } from '@/db/transaction'
import { ClientError } from '@/errors'
import { isRecord } from '@/lib/isRecord'

import type { Lead } from '../../payload-types'
import { requireLeadUpdate } from './access'
import { idOf } from './ids'

/** The lead values a merge settles: the kept lead's wins, the other's fills a gap. */
const MERGED_FIELDS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'E-mail'],
  ['phoneNumber', 'Phone number'],
  ['source', 'Source'],
  ['vehicleOfInterest', 'Vehicle of interest'],
  ['consumer', 'Consumer'],
  ['location', 'Location'],
  ['assignee', 'Assignee'],
  ['followUpDue', 'Follow-up due'],
  ['firstContactedAt', 'First contacted at'],
  ['doNotContact', 'Do not contact'],
] as const

type MergedField = (typeof MERGED_FIELDS)[number][0]

export type MergedValue = {
  field: MergedField
  /** Which lead's value the kept lead has after the merge. */
  from: 'kept' | 'other'
  kept: unknown
  label: string
  other: unknown
  result: unknown
}

/** The records staff keep on a lead at its desk: they move with it. */
const DESK_RECORDS = ['lead-note', 'lead-appointment', 'lead-task'] as const

/** What moves to the kept lead, by collection. */
export const MOVED = {
  doNotContact: 'do-not-contact',
  leadEvents: 'leadEvents',
  appointments: 'lead-appointment',
  notes: 'lead-note',
  tasks: 'lead-task',
  vdpEmails: 'vdpEmails',
} as const satisfies Record<string, CollectionSlug>

export type MergePreview = {
  kept: { id: number; title: null | string }
  message: string
  moves: Record<keyof typeof MOVED, number>
  other: { id: number; title: null | string }
  values: MergedValue[]
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (isRecord(value) && Object.values(value).every(isEmpty))

/** A relation as its id; a group as it is. */
const plain = (value: unknown) => (isRecord(value) && 'id' in value ? value.id : (value ?? null))

const settle = (field: MergedField, kept: unknown, other: unknown): MergedValue['from'] => {
  // The earlier first contact is the lead's first contact.
  if (field === 'firstContactedAt' && !isEmpty(kept) && !isEmpty(other))
    return String(other) < String(kept) ? 'other' : 'kept'
  return isEmpty(kept) && !isEmpty(other) ? 'other' : 'kept'
}

const valuesOf = (kept: Lead, other: Lead): MergedValue[] =>
  MERGED_FIELDS.map(([field, label]) => {
    const [a, b] = [plain(kept[field]), plain(other[field])]
    const from = settle(field, a, b)
    return { field, from, kept: a, label, other: b, result: from === 'kept' ? a : b }
  })

export const MERGE_SHAPE =
  'Send {"other": <the id of the lead to merge into this one>, "dryRun": true|false}.'

const bodyOf = (body: unknown): { dryRun: boolean; other: number } => {
  if (!isRecord(body)) throw new ClientError(MERGE_SHAPE, 400)
  const { dryRun = false, other } = body
  if (typeof other !== 'number' || !Number.isInteger(other) || other < 1)
    throw new ValidationError({
      errors: [{ message: 'must be the id of a lead (a whole number)', path: 'other' }],
    })
  if (typeof dryRun !== 'boolean')
    throw new ValidationError({ errors: [{ message: 'must be true or false', path: 'dryRun' }] })
  return { dryRun, other }
}

const counts = async (req: PayloadRequest, lead: number) =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(MOVED).map(async ([name, collection]) => {
        const { totalDocs } = await req.payload.count({
          collection,
          req,
          trash: collection !== 'do-not-contact',
          where: { lead: { equals: lead } },
        })
        return [name, totalDocs] as const
      }),
    ),
  ) as MergePreview['moves']

const describe = (lead: Lead) => ({ id: lead.id, title: lead.title ?? null })

/**
 * Merges lead `other` into lead `kept` (or, with `dryRun`, says what it would do), as the caller:
 * both must be leads they may read (404) and change (403); a lead into itself is a 400, and a
 * lead already merged, on either side, a 409 saying into which.
 */
export const mergeLeads = async (
  req: PayloadRequest,
  keptId: number,
  body: unknown,
): Promise<MergePreview & { doc?: Lead }> => {
  const { dryRun, other: otherId } = bodyOf(body)
  if (otherId === keptId)
    throw new ClientError(`Lead ${keptId} cannot be merged into itself: name another lead.`, 400)
  const { payload } = req
  return withTransaction(req, async () => {
    const db = await transactionDb(req)
    // Both rows, in id order: a concurrent merge of either waits here and then sees this one.
    await db.execute(
      sql`SELECT id FROM lead WHERE id IN (${keptId}, ${otherId}) ORDER BY id FOR UPDATE`,
    )
    const asCaller = { collection: 'lead', depth: 0, overrideAccess: false, req } as const
    const kept = await payload.findByID({ ...asCaller, id: keptId })
    const other = await payload.findByID({ ...asCaller, id: otherId })
    await requireLeadUpdate(req, keptId)
    await requireLeadUpdate(req, otherId)
    if (other.mergedInto)
      throw new ClientError(
        `Lead ${otherId} is already merged into lead ${idOf(other.mergedInto)}.`,
        409,
      )
    if (kept.mergedInto)
      throw new ClientError(
        `Lead ${keptId} is merged into lead ${idOf(kept.mergedInto)}: merge into that lead instead.`,
        409,
      )
    const values = valuesOf(kept, other)
    const preview: MergePreview = {
      kept: describe(kept),
      message: dryRun
        ? `Lead ${otherId} would be merged into lead ${keptId}.`
        : `Merged lead ${otherId} into lead ${keptId}.`,
      moves: await counts(req, otherId),
      other: describe(other),
      values,
    }
    if (dryRun) {
      return preview
    }
    await moveRecords(req, kept, other)
    const filled = Object.fromEntries(
      values.filter((value) => value.from === 'other').map((value) => [value.field, value.result]),
    )
    const doc = await payload.update({
      collection: 'lead',
      data: filled,
      depth: 0,
      id: keptId,
      req,
    })
    await payload.update({
      collection: 'lead',
      data: { mergedAt: new Date().toISOString(), mergedInto: keptId },
      depth: 0,
      id: otherId,
      req,
    })
    return { ...preview, doc }
  })
}

/** A collection whose records follow a lead into the one it is merged into. */
type Moved = (typeof MOVED)[keyof typeof MOVED]

/** A bulk update through Payload; a record it could not change fails the merge (Payload returns it). */
const updateAll = async (
  req: PayloadRequest,
  collection: Moved,
  where: Where,
  data: Record<string, unknown>,
) => {
  const { errors } = await req.payload.update({
    collection,
    data: data as never,
    depth: 0,
    req,
    trash: collection !== 'do-not-contact',
    where,
  })
  if (errors.length)
    throw new ClientError(
      `The merge stopped at ${collection} ${errors[0].id}: ${errors[0].message}`,
      409,
    )
}

/**
 * The other lead's records move to the kept one through Payload (versions, webhooks, titles, as
 * any change); its current event stays current only when the kept lead has none.
 */
const moveRecords = async (req: PayloadRequest, kept: Lead, other: Lead) => {
  const fromOther = { lead: { equals: other.id } }
  const { totalDocs: keptCurrent } = await req.payload.count({
    collection: 'leadEvents',
    req,
    where: { currentStatusFor: { equals: kept.id } },
  })
  // The moved events may be outbound ones of a person who asked not to be contacted: history.
  req.context.leadMerge = true
  try {
    await updateAll(req, 'leadEvents', fromOther, { lead: kept.id })
  } finally {
    req.context.leadMerge = undefined
  }
  await updateAll(
    req,
    'leadEvents',
    { currentStatusFor: { equals: other.id } },
    { currentStatusFor: keptCurrent ? null : kept.id },
  )
  for (const collection of ['vdpEmails', 'do-not-contact', ...DESK_RECORDS] as const)
    await updateAll(req, collection, fromOther, { lead: kept.id })
  // Consents need no move: they belong to a consumer and a phone or e-mail, not to a lead; a kept
  // lead without a consumer takes the other's (the values merge), and with it their consents.
}
