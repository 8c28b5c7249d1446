/**
 * Holds: reasons a credit app marked for its provider is not sent yet. Each hold is a status the
 * submission waits in and one function answering why the app must wait, or null. A held app is
 * checked again when it is marked, by each attempt of the send job, and when what it waits for
 * is recorded (releaseHeld, ./hooks.ts). Another hold is one more line in HOLDS.
 */
import type { PayloadRequest } from 'payload'

import { type AppToHold, missingAuthorization } from '@/compliance/consents/authorization'
import { AWAITING_AUTHORIZATION } from '@/compliance/consents/kinds'

type Hold = {
  reason: (req: PayloadRequest, app: AppToHold) => Promise<null | string>
  status: string
}

export const HOLDS: Hold[] = [{ reason: missingAuthorization, status: AWAITING_AUTHORIZATION }]

/** The submission statuses of held apps (options of `providerSubmission.status`). */
export const HOLD_STATUSES: string[] = HOLDS.map((hold) => hold.status)

export const isHeld = (status: null | string | undefined): boolean =>
  Boolean(status && HOLD_STATUSES.includes(status))

/** The first hold the app is subject to, with its reason; null when it may be sent. */
export const firstHold = async (
  req: PayloadRequest,
  app: AppToHold,
): Promise<null | { message: string; status: string }> => {
  for (const hold of HOLDS) {
    const message = await hold.reason(req, app)
    if (message) return { message, status: hold.status }
  }
  return null
}
