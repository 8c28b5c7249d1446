import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { transactionDb } from '@/db/transaction'
import { isContact } from '@/fields/leadEventValues'

import type { LeadEvent } from '../../payload-types'
import { recordDoNotContact } from './doNotContact'
import { idOf } from './ids'

/**
 * The lead a relation names after the write. `doc` is populated at the request's depth, where a
 * lead the read leaves out (one in the trash) is null. Such a lead still counts when the event
 * already named it (its lead was moved to the trash): its status and do-not-contact requests
 * follow the event. A write that newly names a lead out of reach changes nothing on it, as
 * before, since no caller may reach the trash through an event.
 */
const storedId = (
  key: 'currentStatusFor' | 'lead',
  doc: LeadEvent,
  data: Partial<LeadEvent>,
  previousDoc: LeadEvent | undefined,
) => {
  const shown = idOf(doc[key])
  if (shown !== undefined) return shown
  const kept = idOf(previousDoc?.[key])
  return kept !== undefined && (!(key in data) || idOf(data[key]) === kept) ? kept : undefined
}

/** A lead in the trash follows its events too, so that it is right when restored. */
const setLeadStatus = (req: PayloadRequest, lead: number, status: LeadEvent['status']) =>
  req.payload.update({
    collection: 'lead',
    data: { currentStatus: status ?? null },
    depth: 0,
    id: lead,
    req,
    trash: true,
  })

/**
 * Keeps one current event per lead: an event that becomes current takes the place of the one
 * before (whose `currentStatusFor` is cleared, in its history too), and the lead's
 * `currentStatus` copies the current event's status for its list and filters.
 */
const followCurrentStatus = async (
  req: PayloadRequest,
  doc: LeadEvent,
  current: number | undefined,
  previousDoc: LeadEvent | undefined,
) => {
  const before = idOf(previousDoc?.currentStatusFor)
  if (before && before !== current && req.context.leadStatusMoving !== before)
    await setLeadStatus(req, before, null)
  if (!current) return
  if (current !== before) {
    // Two events made current at once: the second waits here for the first to commit, then
    // sees it and clears it.
    const db = await transactionDb(req)
    await db.execute(sql`SELECT id FROM lead WHERE id = ${current} FOR NO KEY UPDATE`)
    req.context.leadStatusMoving = current
    try {
      await req.payload.update({
        collection: 'leadEvents',
        data: { currentStatusFor: null },
        depth: 0,
        req,
        where: { and: [{ currentStatusFor: { equals: current } }, { id: { not_equals: doc.id } }] },
      })
    } finally {
      req.context.leadStatusMoving = undefined
    }
  }
  if (current !== before || doc.status !== previousDoc?.status)
    await setLeadStatus(req, current, doc.status)
}

/** The lead's first contact: the time of its first outbound or answered event. */
const markContacted = async (req: PayloadRequest, lead: number, at: string) => {
  const db = await transactionDb(req)
  await db.execute(
    sql`UPDATE lead SET first_contacted_at = ${at}
        WHERE id = ${lead} AND (first_contacted_at IS NULL OR first_contacted_at > ${at})`,
  )
}

/** afterChange on lead events: do-not-contact requests, first contact and the current status. */
export const followLeadEvent: CollectionAfterChangeHook<LeadEvent> = async ({
  data,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const was = operation === 'create' ? undefined : previousDoc
  const lead = storedId('lead', doc, data, was)
  if (lead && doc.type === 'Customer DNC Request' && was?.type !== doc.type)
    await recordDoNotContact(req, doc, lead)
  if (lead && isContact(doc.type)) await markContacted(req, lead, doc.createdAt)
  await followCurrentStatus(req, doc, storedId('currentStatusFor', doc, data, was), was)
  return doc
}
