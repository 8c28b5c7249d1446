/**
 * Screening everyone again against a list just loaded: a job (task `screenSanctionsList`, queue
 * `compliance`) that pages through credit apps and deals and writes its progress on the list
 * (`screening`: status, screened of total, matches found). A credit app still waiting to be sent
 * that gets a new match has its holds asked again (src/flows/creditHolds.ts).
 */
import type { PayloadRequest } from 'payload'

import {
  currentList,
  LISTS,
  peopleOfCreditApp,
  peopleOfDeal,
  screenSubject,
  type Subject,
} from './screen'

export const SCREEN_TASK = 'screenSanctionsList'
export const COMPLIANCE_QUEUE = 'compliance'

const PAGE = 100

const progress = (req: PayloadRequest, list: number, screening: Record<string, unknown>) =>
  req.payload.update({
    collection: LISTS,
    data: { screening },
    depth: 0,
    id: list,
    overrideAccess: true,
    req,
  })

/** What a new match on a credit app still waiting to be sent leads to (its holds asked again). */
export type OnWaitingMatch = (req: PayloadRequest, creditApp: string) => Promise<void>

export const rescreenEveryone = async (
  req: PayloadRequest,
  listId: number,
  onWaitingMatch: OnWaitingMatch,
): Promise<string> => {
  const list = await currentList(req)
  // A newer list was loaded since: its own job screens everyone, and this one says so.
  if (!list || list.id !== listId) {
    await progress(req, listId, { status: 'superseded' })
    return 'superseded'
  }
  const subjects: Subject[] = ['credit-app', 'deal']
  const totals = await Promise.all(
    subjects.map((collection) => req.payload.count({ collection, overrideAccess: true, req })),
  )
  const total = totals.reduce((sum, { totalDocs }) => sum + totalDocs, 0)
  const startedAt = new Date().toISOString()
  let screened = 0
  let matches = 0
  await progress(req, listId, { matches, screened, startedAt, status: 'running', total })
  for (const collection of subjects) {
    for (let page = 1; ; page += 1) {
      const { docs, hasNextPage } = await req.payload.find({
        collection,
        depth: 2,
        limit: PAGE,
        overrideAccess: true,
        page,
        req,
        sort: 'createdAt',
      })
      for (const doc of docs) {
        const people =
          collection === 'credit-app'
            ? await peopleOfCreditApp(req, { ...doc })
            : await peopleOfDeal(req, doc as never)
        const found = await screenSubject(req, collection, String(doc.id), people, list)
        matches += found
        const status = (doc as { providerSubmission?: { status?: string } }).providerSubmission
          ?.status
        // An app queued but not yet sent is held by its new match.
        if (found && collection === 'credit-app' && (status === 'queued' || status === 'retrying'))
          await onWaitingMatch(req, String(doc.id))
      }
      screened += docs.length
      await progress(req, listId, { matches, screened, startedAt, status: 'running', total })
      if (!hasNextPage) break
    }
  }
  await progress(req, listId, {
    finishedAt: new Date().toISOString(),
    matches,
    screened,
    startedAt,
    status: 'done',
    total,
  })
  return `screened ${screened}, ${matches} new possible matches`
}
