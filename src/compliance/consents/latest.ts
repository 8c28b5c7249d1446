import type { PayloadRequest, Where } from 'payload'

/**
 * The consent that stands among those `conditions` pick: the one captured last, up to now (a
 * revocation is a later record, so it stands over the grant it revokes).
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
    sort: ['-capturedAt', '-id'],
    where: { and: [...conditions, { capturedAt: { less_than_equal: new Date().toISOString() } }] },
  })
  return docs[0]
}
