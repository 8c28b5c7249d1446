import type { PayloadRequest, Where } from 'payload'

/**
 * The consent that stands among those `conditions` pick: the one the service recorded last
 * (`createdAt`, then the higher id), so a revocation stands over every grant recorded before it.
 * Never ordered by `capturedAt`: that is the caller's word, and a grant dated ahead of a
 * revocation would otherwise come to stand over it once its time came.
 */
export const latestConsent = async (req: PayloadRequest, conditions: Where[]) => {
  const { docs } = await req.payload.find({
    collection: 'consents',
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    req,
    select: { action: true, capturedAt: true, createdAt: true, recordedBy: true },
    sort: ['-createdAt', '-id'],
    where: { and: conditions },
  })
  return docs[0]
}
