import { type PayloadRequest } from 'payload'

import { withTransaction } from '@/db/transaction'
import { ClientError } from '@/errors'
import { isRecord } from '@/lib/isRecord'

import type { Lead, LeadEvent } from '../../payload-types'

export const ACTIVITY_SHAPE =
  'Send the activity as a JSON object: type, and optionally status, nextSteps and followUpDue.'

/**
 * "Log activity" on a lead: its new lead event and its next follow-up time, saved together or not
 * at all (a refused event, a 409 for a person who asked not to be contacted, leaves the due time
 * as it was), each with the caller's own rights.
 */
export const logActivity = async (
  req: PayloadRequest,
  lead: number,
  body: unknown,
): Promise<{ event: LeadEvent; lead?: Lead }> => {
  if (!isRecord(body)) throw new ClientError(ACTIVITY_SHAPE, 400)
  const { followUpDue, nextSteps, status, type } = body
  // A lead the caller cannot read is not found (404), whatever else they may do.
  await req.payload.findByID({
    collection: 'lead',
    depth: 0,
    id: lead,
    overrideAccess: false,
    req,
    select: { title: true },
  })
  return withTransaction(req, async () => {
    const event = await req.payload.create({
      collection: 'leadEvents',
      data: { lead, nextSteps, status, type } as LeadEvent,
      depth: 0,
      overrideAccess: false,
      req,
    })
    const updated =
      followUpDue === undefined
        ? undefined
        : await req.payload.update({
            collection: 'lead',
            data: { followUpDue } as Partial<Lead>,
            depth: 0,
            id: lead,
            overrideAccess: false,
            req,
          })
    return { event, ...(updated ? { lead: updated } : {}) }
  })
}
