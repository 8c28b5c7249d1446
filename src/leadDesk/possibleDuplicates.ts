/** `GET /api/lead/:id/duplicates`: a stored lead's possible duplicates, as the caller may read them. */
import type { PayloadRequest } from 'payload'

import { mayUpdateLead } from './access'
import { duplicatesOf } from './duplicateLookup'
import { idOf } from './ids'
import { type DuplicateRule, ruleWords } from './matchKeys'

export type PossibleDuplicate = {
  assignee: null | number
  createdAt: string
  currentStatus: null | string
  email: null | string
  id: number
  phoneNumber: null | string
  /** Why it is one, in words. */
  reason: string
  rule: DuplicateRule
  title: null | string
}

/**
 * The lead's possible duplicates the caller may read (a lead they may not read is 404), best
 * first, and whether the caller may merge them (change leads).
 */
export const possibleDuplicates = async (
  req: PayloadRequest,
  id: number,
): Promise<{ canMerge: boolean; docs: PossibleDuplicate[]; lead: number }> => {
  const { payload } = req
  const lead = await payload.findByID({
    collection: 'lead',
    depth: 0,
    id,
    overrideAccess: false,
    req,
  })
  const matches = await duplicatesOf(req, lead)
  if (!matches.length) return { canMerge: false, docs: [], lead: id }
  const { docs } = await payload.find({
    collection: 'lead',
    depth: 0,
    limit: matches.length,
    overrideAccess: false,
    pagination: false,
    req,
    where: { id: { in: matches.map((match) => match.lead) } },
  })
  const byId = new Map(docs.map((doc) => [doc.id, doc]))
  const found = matches.flatMap((match): PossibleDuplicate[] => {
    const doc = byId.get(match.lead)
    if (!doc) return []
    return [
      {
        assignee: idOf(doc.assignee) ?? null,
        createdAt: doc.createdAt,
        currentStatus: doc.currentStatus ?? null,
        email: doc.email ?? null,
        id: doc.id,
        phoneNumber: doc.phoneNumber ?? null,
        reason: ruleWords[match.rule],
        rule: match.rule,
        title: doc.title ?? null,
      },
    ]
  })
  return { canMerge: found.length > 0 && (await mayUpdateLead(req, id)), docs: found, lead: id }
}
