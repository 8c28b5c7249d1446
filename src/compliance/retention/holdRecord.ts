/**
 * A legal hold is a record of what was kept and why: it stays on the consumer it was set on, and
 * once released it stays released, at a time between its setting and now. A new hold is set for
 * anything else, so the history of holds reads as it happened.
 */
import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { relationId } from '@/lib/relationId'

import type { LegalHold } from '../../../payload-types'

/** A capturing clock a little ahead is not "the future". */
const SLACK_MS = 5 * 60_000

const timeOf = (value: unknown): number =>
  typeof value === 'string' || value instanceof Date ? new Date(value).getTime() : Number.NaN

export const keepHoldRecord: CollectionBeforeChangeHook<LegalHold> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const problems: { message: string; path: string }[] = []
  if (operation === 'update' && originalDoc) {
    if ('consumer' in data && relationId(data.consumer) !== relationId(originalDoc.consumer))
      problems.push({
        message: 'a hold stays on its consumer: release it and set a new one',
        path: 'consumer',
      })
    if (originalDoc.releasedAt && 'releasedAt' in data) {
      if (timeOf(data.releasedAt) !== timeOf(originalDoc.releasedAt))
        problems.push({
          message: 'a released hold stays released as it was: set a new hold',
          path: 'releasedAt',
        })
    }
  }
  const released = timeOf(data.releasedAt)
  // The time of a release being recorded now (a released hold's own is checked above).
  if (data.releasedAt && Number.isFinite(released) && !originalDoc?.releasedAt) {
    const set = timeOf(originalDoc?.createdAt ?? new Date())
    if (released > Date.now() + SLACK_MS)
      problems.push({ message: 'must not be in the future', path: 'releasedAt' })
    else if (released < set)
      problems.push({ message: 'must not be before the hold was set', path: 'releasedAt' })
  }
  if (problems.length)
    throw new ValidationError({ collection: 'legal-holds', errors: problems, req })
  return data
}
