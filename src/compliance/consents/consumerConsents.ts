/** A consumer's consents as connected records: read as the viewer (their access applies). */
import type { Payload, TypedUser } from 'payload'

import { unlessForbidden } from '@/errors'
import { type Linked, recordHref } from '@/lib/adminHref'

import { KIND_LABELS } from './kinds'

const LIMIT = 25

/**
 * The consumer's consents, the last recorded first (the order that decides which stands): kind,
 * action, role or number, and when the person agreed.
 */
export const consumerConsents = async (
  viewer: { adminRoute: string; payload: Payload; user: TypedUser },
  consumer: string,
): Promise<Linked[] | null> => {
  // A viewer who may not read consents sees no list at all; any other failure is an error.
  const found = await unlessForbidden(
    viewer.payload.find({
      collection: 'consents',
      depth: 0,
      limit: LIMIT,
      overrideAccess: false,
      select: { action: true, capturedAt: true, kind: true, phoneNumber: true, role: true },
      sort: ['-createdAt', '-id'],
      user: viewer.user,
      where: { consumer: { equals: consumer } },
    }),
  )
  if (!found) return null
  return found.docs.map((consent) => ({
    detail: [
      consent.action === 'revoke' ? 'revoked' : 'granted',
      consent.role ?? consent.phoneNumber,
      consent.capturedAt && `${consent.capturedAt.slice(0, 16).replace('T', ' ')} UTC`,
    ]
      .filter(Boolean)
      .join(' · '),
    href: recordHref(viewer.adminRoute, 'consents', consent.id),
    id: String(consent.id),
    title: KIND_LABELS[consent.kind],
  }))
}
