/**
 * Holds: reasons a credit app marked for its provider is not sent yet. Each hold names the
 * statuses a submission may wait in and one check answering why the app must wait (a status and
 * a message), or null; the first that holds wins. A held app is checked again when it is marked,
 * on every other write while it waits (markForProvider, ./hooks.ts), by each attempt of the send
 * job, and when what it waits for is recorded (recheckHolds, ./hooks.ts). Another hold is one more
 * line in HOLDS.
 */
import type { PayloadRequest } from 'payload'

import { type AppToHold, missingAuthorization } from '@/compliance/consents/authorization'
import { AWAITING_AUTHORIZATION } from '@/compliance/consents/kinds'
import { screenedSanctionsHold } from '@/compliance/sanctions/screen'

type Found = { message: string; status: string }

type Hold = {
  check: (req: PayloadRequest, app: AppToHold) => Promise<Found | null>
  statuses: readonly string[]
}

/** In order: sanctions screening (a confirmed match blocks), then credit-report authorization. */
export const HOLDS: Hold[] = [
  {
    check: (req, { id, ...app }) =>
      id === undefined ? Promise.resolve(null) : screenedSanctionsHold(req, { ...app, id }),
    statuses: ['awaiting sanctions review', 'blocked'],
  },
  {
    check: async (req, app) => {
      const message = await missingAuthorization(req, app)
      return message ? { message, status: AWAITING_AUTHORIZATION } : null
    },
    statuses: [AWAITING_AUTHORIZATION],
  },
]

/** The submission statuses of held apps (options of `providerSubmission.status`). */
export const HOLD_STATUSES: string[] = HOLDS.flatMap((hold) => hold.statuses)

export const isHeld = (status: null | string | undefined): boolean =>
  Boolean(status && HOLD_STATUSES.includes(status))

/** The first hold the app is subject to, with its reason; null when it may be sent. */
export const firstHold = async (req: PayloadRequest, app: AppToHold): Promise<Found | null> => {
  for (const hold of HOLDS) {
    const found = await hold.check(req, app)
    if (found) return found
  }
  return null
}
