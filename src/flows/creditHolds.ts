/**
 * A credit app's way to its provider, across features: compliance decides what holds it (a
 * missing credit-report authorization, a sanctions match; src/providers/holds.ts reads them), and
 * when one of those is recorded or decided here, the app's holds are asked again
 * (src/providers, recheckHolds): queued for its provider when none is left, held otherwise. Each
 * runs in the transaction of the write that caused it.
 */
import type { CollectionAfterChangeHook, PayloadRequest, TaskConfig, Where } from 'payload'

import { AWAITING_AUTHORIZATION } from '@/compliance/consents/kinds'
import { matchReviewEndpoint } from '@/compliance/sanctions/endpoints'
import { rescreenEveryone, SCREEN_TASK } from '@/compliance/sanctions/rescreen'
import { type Decision, reviewMatch } from '@/compliance/sanctions/review'
import { withTransaction } from '@/db/transaction'
import { relationId } from '@/lib/relationId'
import { recheckHolds } from '@/providers'

import type { Consent } from '../../payload-types'

/**
 * A granted credit-report authorization releases the credit apps held for it: each is queued
 * for its provider in the consent's own transaction, or stays held, its message naming who is
 * still missing.
 */
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

/** afterChange on consents: a granted credit-report authorization releases the apps it was waiting for. */
export const releaseOnConsent: CollectionAfterChangeHook<Consent> = async ({
  doc,
  operation,
  req,
}) => {
  if (
    operation === 'create' &&
    doc.kind === 'credit-report-authorization' &&
    doc.action === 'grant'
  )
    await releaseHeldApps(req, {
      consumer: relationId(doc.consumer),
      creditApp: relationId(doc.creditApp),
    })
  return doc
}

/**
 * A reviewer's decision on a sanctions match, then, in the same transaction, the holds of the
 * credit app it was found on (an app deleted since, or not held, is left alone). A first
 * clearance leaves the match pending: nothing to ask.
 */
export const decideMatch = (req: PayloadRequest, id: string, decision: Decision, reason: string) =>
  withTransaction(req, async () => {
    const reviewed = await reviewMatch(req, id, decision, reason)
    const { subjectCollection, subjectId } = reviewed.doc
    if (reviewed.outcome === 'decided' && subjectCollection === 'credit-app')
      await recheckHolds(req, subjectId)
    return reviewed
  })

/** POST /api/sanctions-match/:id/review. */
export const reviewMatchEndpoint = matchReviewEndpoint(decideMatch)

/** Everyone screened again against a list just loaded; an app waiting to be sent that gets a new match is held. */
export const screenSanctionsTask: TaskConfig<typeof SCREEN_TASK> = {
  slug: SCREEN_TASK,
  inputSchema: [{ name: 'list', type: 'number', required: true }],
  label: 'Screen every applicant and buyer against a sanctions list',
  retries: { attempts: 3, backoff: { delay: 10_000, type: 'exponential' } },
  handler: async ({ input, req }) => ({
    output: { result: await rescreenEveryone(req, input.list, recheckHolds) },
  }),
  outputSchema: [{ name: 'result', type: 'text' }],
}
