/**
 * A granted credit-report authorization releases the credit apps held for it: each is queued for
 * its provider in the consent's own transaction, or stays held, its message naming who is still
 * missing.
 */
import type { PayloadRequest, Where } from 'payload'

import { recheckHolds } from '@/providers/hooks'

import { AWAITING_AUTHORIZATION } from './kinds'

export const releaseHeldApps = async (
  req: PayloadRequest,
  { consumer, creditApp }: { consumer?: number | string; creditApp?: number | string },
) => {
  const whose: Where[] = []
  if (creditApp) whose.push({ id: { equals: creditApp } })
  if (consumer)
    whose.push({ consumer: { equals: consumer } }, { coApplicantConsumer: { equals: consumer } })
  if (!whose.length) return
  const { docs } = await req.payload.find({
    collection: 'credit-app',
    depth: 0,
    limit: 0,
    overrideAccess: true,
    pagination: false,
    req,
    select: { id: true },
    where: {
      and: [{ 'providerSubmission.status': { equals: AWAITING_AUTHORIZATION } }, { or: whose }],
    },
  })
  for (const app of docs) await recheckHolds(req, String(app.id))
}
