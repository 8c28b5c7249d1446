/**
 * A reviewer's decision on a possible sanctions match (POST /api/sanctions-match/:id/review;
 * docs/compliance.md, "7. Sanctions screening"). A confirmation is one reviewer's. A clearance
 * of a match scored below SANCTIONS_SECOND_REVIEW_SCORE is one reviewer's too; at or above it,
 * it takes a second person: a staff admin clears it alone, a staff user's clearance is recorded
 * as the first (`firstClearance`; the match stays pending, the app held) and a different staff
 * user (or a staff admin) completes it; the same user twice is a 409, and an API client cannot
 * clear it (403). A match is decided once: a decision on a decided match is a 409.
 */
import { sql } from '@payloadcms/db-postgres'
import { APIError, type PayloadRequest } from 'payload'

import { refusalFor } from '@/api/refusal'
import { transactionDb, withTransaction } from '@/db/transaction'
import { ClientError } from '@/errors'
import { settings } from '@/lib/settings'

import type { SanctionsMatch } from '../../../payload-types'
import { actorOf } from '../endpointParts'
import { MATCHES } from './screen'

export type Decision = 'clear' | 'confirm'
const DECISIONS = { clear: 'cleared', confirm: 'confirmed' } as const

/** What a review did: decided the match, or recorded the first of two clearances. */
export type Reviewed = { doc: SanctionsMatch; outcome: 'decided' | 'first clearance' }

type Locked = {
  first_clearance_by: null | string
  first_clearance_user_id: null | number | string
  reviewed_by: null | string
  score: null | number | string
  status: string
}

/** A match's row, locked for this transaction: of two reviewers at once, the second sees the first. */
const lock = async (req: PayloadRequest, id: number): Promise<Locked | undefined> => {
  const db = await transactionDb(req)
  const { rows } = await db.execute<Locked>(
    sql`SELECT status, reviewed_by, score, first_clearance_by, first_clearance_user_id
        FROM sanctions_match WHERE id = ${id} FOR UPDATE`,
  )
  return rows[0]
}

/**
 * Whether this clearance decides the match or is the first of two: throws when the caller may
 * not clear it (an API client, or the staff user who cleared it first).
 */
const clearanceOf = (req: PayloadRequest, row: Locked): Reviewed['outcome'] => {
  const bar = settings('sanctions').SANCTIONS_SECOND_REVIEW_SCORE
  const score = Number(row.score ?? 0)
  if (score < bar) return 'decided'
  const needs = `a match scored ${score} (SANCTIONS_SECOND_REVIEW_SCORE ${bar} or more) is cleared by a staff admin, or by two different staff users`
  if (req.user?.collection !== 'users')
    throw new APIError(`An API client cannot clear this match: ${needs}.`, 403, null, true)
  if (refusalFor(req, 'staffAdmins') === null) return 'decided'
  if (row.first_clearance_user_id === null) return 'first clearance'
  if (Number(row.first_clearance_user_id) === Number(req.user.id))
    throw new ClientError(
      `You cleared this match first (${row.first_clearance_by}): ${needs}, so another staff user or a staff admin must clear it too.`,
      409,
    )
  return 'decided'
}

export const reviewMatch = (
  req: PayloadRequest,
  id: string,
  decision: Decision,
  reason: string,
): Promise<Reviewed> =>
  withTransaction(req, async () => {
    const match = await req.payload.findByID({
      collection: MATCHES,
      depth: 0,
      id,
      overrideAccess: false,
      req,
    })
    const row = await lock(req, match.id)
    if (row && row.status !== 'pending')
      throw new ClientError(
        `This match was ${row.status} already (by ${row.reviewed_by ?? 'someone'}): a decision is recorded once.`,
        409,
      )
    const outcome = decision === 'clear' && row ? clearanceOf(req, row) : 'decided'
    const now = new Date().toISOString()
    const doc = await req.payload.update({
      collection: MATCHES,
      data:
        outcome === 'first clearance'
          ? { firstClearance: { at: now, by: actorOf(req), reason, userId: Number(req.user!.id) } }
          : {
              reviewedAt: now,
              reviewedBy: actorOf(req),
              reviewReason: reason,
              status: DECISIONS[decision],
            },
      depth: 0,
      id: match.id,
      overrideAccess: true,
      req,
    })
    return { doc, outcome }
  })
