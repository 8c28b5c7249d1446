/**
 * When a consumer data request must be confirmed and answered: CONSUMER_REQUEST_CONFIRM_DAYS
 * business days (Monday to Friday, in UTC; public holidays are not known to the service, so the
 * date errs early) and CONSUMER_REQUEST_ANSWER_DAYS calendar days after it was received.
 */
import type { FieldHook } from 'payload'

import { settings } from '@/lib/settings'

const DAY = 86_400_000

export const addBusinessDays = (from: Date, days: number): Date => {
  const at = new Date(from)
  let left = days
  while (left > 0) {
    at.setTime(at.getTime() + DAY)
    const weekday = at.getUTCDay()
    if (weekday !== 0 && weekday !== 6) left -= 1
  }
  return at
}

export const dueDates = (receivedAt: Date) => {
  const { CONSUMER_REQUEST_ANSWER_DAYS, CONSUMER_REQUEST_CONFIRM_DAYS } = settings('compliance')
  return {
    answerBy: new Date(receivedAt.getTime() + CONSUMER_REQUEST_ANSWER_DAYS * DAY),
    confirmBy: addBusinessDays(receivedAt, CONSUMER_REQUEST_CONFIRM_DAYS),
  }
}

/** beforeChange of `confirmBy` and `answerBy`: worked out from `receivedAt`, never sent. */
export const dueFromReceived =
  (which: 'answerBy' | 'confirmBy'): FieldHook =>
  ({ originalDoc, siblingData }) => {
    const received = siblingData.receivedAt ?? originalDoc?.receivedAt
    if (!received) return undefined
    const at = new Date(received)
    return Number.isNaN(at.getTime()) ? undefined : dueDates(at)[which].toISOString()
  }

/** beforeChange of `confirmedAt` / `closedAt`: stamped when the status first reaches one of `statuses`. */
export const stampWhenStatus =
  (statuses: string[]): FieldHook =>
  ({ field, originalDoc, siblingData }) => {
    const name = 'name' in field ? field.name : undefined
    const before = name ? originalDoc?.[name] : undefined
    if (before) return before
    const status = siblingData.status ?? originalDoc?.status
    return statuses.includes(status) ? new Date().toISOString() : undefined
  }
