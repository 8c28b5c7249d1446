/**
 * Holds: checks that keep a credit app from its provider until someone acts. Each is a small
 * function of the app's id answering null (no hold) or the status to give the submission; the
 * first that holds wins. markForProvider (./hooks.ts) asks them whenever it would queue an app,
 * and on every other write of an app still waiting to be sent, so a hold lifted (a match
 * cleared) queues the app and a hold found later stops it before it is sent.
 */
import type { PayloadRequest } from 'payload'

import { sanctionsHold } from '@/compliance/sanctions/screen'

export type Hold = { message: string; status: HoldStatus }
export type SubmissionHold = (req: PayloadRequest, creditApp: string) => Promise<Hold | null>

/** Statuses of an app held back; `blocked` is final while what blocks it stands. */
export const holdStatuses = ['awaiting sanctions review', 'blocked'] as const
export type HoldStatus = (typeof holdStatuses)[number]

/** In order: sanctions screening (src/compliance/sanctions). */
const holds: SubmissionHold[] = [sanctionsHold]

export const firstHold = async (req: PayloadRequest, creditApp: string): Promise<Hold | null> => {
  for (const hold of holds) {
    const found = await hold(req, creditApp)
    if (found) return found
  }
  return null
}

export const isHeld = (status: null | string | undefined): boolean =>
  holdStatuses.includes(status as HoldStatus)
