/**
 * A do-not-contact request withdrawn: the customer asks to hear from the store again. The request
 * is kept (who asked, when, and now who recorded the withdrawal, when and why); its person's leads
 * are unmarked unless another request of theirs still stands, and outbound events are allowed
 * again. Only house staff record it (access/policy.ts): a lead vendor's key or a dealer cannot
 * lift a customer's refusal.
 */
import type { PayloadRequest } from 'payload'

import { withTransaction } from '@/db/transaction'
import { ClientError, invalid } from '@/errors'
import { isRecord } from '@/lib/isRecord'
import { visibleLength } from '@/lib/visibleLength'

import { firstStanding, holdPerson, readableTime, whoRecords } from './doNotContact'
import { idOf } from './ids'

const REASON_MAX = 500

export const withdrawDoNotContact = async (req: PayloadRequest, id: number, body: unknown) => {
  const reason = isRecord(body) && typeof body.reason === 'string' ? body.reason.trim() : ''
  if (!reason)
    throw invalid(
      'reason',
      'say why: the customer asked to hear from the store again, how and when',
    )
  if (visibleLength(reason) > REASON_MAX)
    throw invalid('reason', `at most ${REASON_MAX} characters`)
  return withTransaction(req, async () => {
    // The caller's own read: 404 for a request they may not read.
    const found = await req.payload.findByID({
      collection: 'do-not-contact',
      depth: 0,
      id,
      overrideAccess: false,
      req,
    })
    const lead = idOf(found.lead) as number
    const consumer = idOf(found.consumer)
    // Withdrawals and new requests of one person take turns: read again once it is our turn.
    await holdPerson(req, lead, consumer)
    const current = await req.payload.findByID({ collection: 'do-not-contact', depth: 0, id, req })
    if (current.withdrawnAt)
      throw new ClientError(
        `This request was withdrawn already (${readableTime(current.withdrawnAt)} by ${current.withdrawnBy}).`,
        409,
      )
    const doc = await req.payload.update({
      collection: 'do-not-contact',
      data: {
        withdrawnAt: new Date().toISOString(),
        withdrawnBy: whoRecords(req.user),
        withdrawnReason: reason,
      },
      depth: 0,
      id: found.id,
      req,
    })
    const still = await firstStanding(req, lead, consumer)
    // The person's leads, and any lead still showing this request (one moved to another consumer
    // since), show the first request that still stands, or none.
    const event = idOf(found.event)
    const { errors } = await req.payload.update({
      collection: 'lead',
      data: {
        doNotContact: still
          ? { at: still.recordedAt, by: still.recordedBy, event: idOf(still.event) }
          : { at: null, by: null, event: null },
      },
      depth: 0,
      req,
      trash: true,
      where: {
        or: [
          { id: { equals: lead } },
          // Only with an event: `equals: null` would match every lead that shows none.
          ...(event ? [{ 'doNotContact.event': { equals: event } }] : []),
          ...(consumer ? [{ consumer: { equals: consumer } }] : []),
        ],
      },
    })
    // A lead left marked would refuse nothing it shows: all of them or the withdrawal fails.
    if (errors.length) throw new Error(`leads not unmarked: ${JSON.stringify(errors)}`)
    return doc
  })
}
