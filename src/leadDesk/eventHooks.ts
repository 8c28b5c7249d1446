import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import { refuseWithoutContactConsent } from '@/compliance/consents/contactConsent'
import { isContact } from '@/compliance/consents/outbound'
import { transactionDb } from '@/db/transaction'

import type { LeadEvent } from '../../payload-types'
import { recordDoNotContact, refuseIfDoNotContact } from './doNotContact'
import { idOf } from './ids'

/**
 * beforeChange on lead events: an outbound type or status for a customer who asked not to be
 * contacted, or without the contact consent it needs, is refused (409); a new event that sets a status becomes its lead's current status
 * unless it says otherwise (`currentStatusFor` sent, null included). An event recorded before
 * the request keeps what it recorded: its next steps may be edited and it may be trashed.
 */
export const checkLeadEvent: CollectionBeforeChangeHook<LeadEvent> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const lead = idOf(data.lead ?? originalDoc?.lead)
  const moved = operation === 'create' || lead !== idOf(originalDoc?.lead)
  const recorded = (key: 'status' | 'type') =>
    moved || data[key] !== originalDoc?.[key] ? data[key] : undefined
  const values = [recorded('type'), recorded('status')]
  // Events moved by a merge of duplicate leads were checked when they were recorded.
  if (!req.context.leadMerge) {
    await refuseIfDoNotContact(req, lead, values)
    // Then the contact consents (docs/compliance.md): a do-not-contact request is said first.
    await refuseWithoutContactConsent(req, lead, values)
  }
  if (operation === 'create' && data.status && lead && data.currentStatusFor === undefined)
    return { ...data, currentStatusFor: lead }
  return data
}

const setLeadStatus = (req: PayloadRequest, lead: number, status: LeadEvent['status']) =>
  req.payload.update({
    collection: 'lead',
    data: { currentStatus: status ?? null },
    depth: 0,
    id: lead,
    req,
  })

/**
 * Keeps one current event per lead: an event that becomes current takes the place of the one
 * before (whose `currentStatusFor` is cleared, in its history too), and the lead's
 * `currentStatus` copies the current event's status for its list and filters.
 */
const followCurrentStatus = async (
  req: PayloadRequest,
  doc: LeadEvent,
  previousDoc: LeadEvent | undefined,
) => {
  const current = idOf(doc.currentStatusFor)
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
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const lead = idOf(doc.lead)
  const was = operation === 'create' ? undefined : previousDoc
  if (lead && doc.type === 'Customer DNC Request' && was?.type !== doc.type)
    await recordDoNotContact(req, doc, lead)
  if (lead && isContact(doc.type)) await markContacted(req, lead, doc.createdAt)
  await followCurrentStatus(req, doc, was)
  return doc
}
