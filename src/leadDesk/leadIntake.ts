/** A new lead from a caller (REST, import): merged into the lead it duplicates, or created. */
import { createLocalReq, Forbidden, type PayloadRequest, type SelectType } from 'payload'

import { withTransaction } from '@/db/transaction'
import { markTrial } from '@/db/trialIds'

import type { Lead } from '../../payload-types'
import type { Candidate } from './duplicateKeys'
import { type DuplicateMatch, findDuplicate } from './duplicateLookup'
import { absorbSubmission } from './duplicateSubmission'
import { ruleWords } from './matchKeys'

/**
 * Whether `data` would be accepted as a new lead from this caller (every check and hook of a
 * create), tried in a transaction of its own that is rolled back: a duplicate is merged only when
 * the submission is valid, so a bad value is the same 400 whether or not it matches a lead.
 */
const tryCreate = async (req: PayloadRequest, data: Record<string, unknown>) => {
  const { payload } = req
  const trial = await createLocalReq({ user: req.user ?? undefined }, payload)
  const transactionID = await payload.db.beginTransaction()
  if (transactionID) {
    markTrial(payload, transactionID)
    trial.transactionID = transactionID
  }
  try {
    await payload.create({ collection: 'lead', data, depth: 0, overrideAccess: false, req: trial })
  } finally {
    if (trial.transactionID) await payload.db.rollbackTransaction(trial.transactionID)
  }
}

export type Intake = {
  doc: Lead
  /** Set when the submission was merged into an existing lead. */
  duplicate?: DuplicateMatch & { event: number }
}

type IntakeOptions = {
  depth?: number
  draft?: boolean
  populate?: Parameters<PayloadRequest['payload']['create']>[0]['populate']
  select?: SelectType
  /** How the submission came (`api`, `import`), named on the event of a merged one. */
  source: string
  /** Already checked as a create (an import's trial run): no trial before merging. */
  validated?: boolean
}

/**
 * A new lead from a caller (REST, import): merged into the lead it duplicates, or created, in
 * one transaction (`req`'s, or one of its own), with the caller's access. A duplicate the caller
 * may not read is not merged into (the create then answers as it would).
 */
export const intakeLead = async (
  req: PayloadRequest,
  data: Record<string, unknown>,
  { depth, draft, populate, select, source, validated = false }: IntakeOptions,
): Promise<Intake> => {
  const { payload } = req
  if (!(await payload.collections.lead.config.access.create({ data, req })))
    throw new Forbidden(req.t)
  const readable = async (id: number) =>
    payload.findByID({
      collection: 'lead',
      depth,
      disableErrors: true,
      id,
      overrideAccess: false,
      populate,
      req,
      select,
    })
  // The trial runs before the transaction when a match is likely, so it never waits for a second
  // connection while this one holds locks; a twin committed meanwhile is tried below instead.
  let checked = validated
  if (!checked && (await findDuplicate(req, data as Candidate, { hold: false }))) {
    await tryCreate(req, data)
    checked = true
  }
  return withTransaction(req, async () => {
    const match = await findDuplicate(req, data as Candidate)
    const existing = match ? await readable(match.lead) : null
    let answer: Intake
    if (match && existing) {
      if (!checked) await tryCreate(req, data)
      const event = await absorbSubmission(req, match.lead, data, source)
      answer = { doc: existing as Lead, duplicate: { ...match, event: event.id } }
    } else {
      const doc = await payload.create({
        collection: 'lead',
        data: data as unknown as Lead,
        depth,
        draft,
        overrideAccess: false,
        populate,
        req,
        select,
      })
      answer = { doc: doc as Lead }
    }
    return answer
  })
}

/** How an import creates a lead row (src/admin/transfer): merged into its duplicate, or created. */
export const importLeadRow = async (
  req: PayloadRequest,
  data: Record<string, unknown>,
  validated: boolean,
) => {
  const { doc, duplicate } = await intakeLead(req, data, { depth: 0, source: 'import', validated })
  return {
    doc,
    ...(duplicate
      ? {
          merged: {
            into: duplicate.lead,
            reason: ruleWords[duplicate.rule],
            ...(doc.title ? { title: doc.title } : {}),
          },
        }
      : {}),
  }
}
