/**
 * A consumer request's status moves forward only: received, then confirmed, then completed or
 * denied. A closed request keeps its answer (reopening it, or turning a denial into a completion,
 * would rewrite what the business answered and when), and a deletion request is completed only by
 * carrying it out (POST /api/consumer-requests/:id/delete-data), which records what was removed.
 */
import type { FieldHook } from 'payload'

import { invalidRequest } from './invalid'

const STEP: Record<string, number> = { completed: 2, confirmed: 1, denied: 2, received: 0 }

/** Set on the update that records a carried-out deletion (./deletion.ts). */
export const CARRYING_OUT_DELETION = 'consumerRequestDeletion'

const refuse = (req: Parameters<FieldHook>[0]['req'], message: string): never =>
  invalidRequest(req, 'status', message)

/** beforeChange of `status`. */
export const statusMovesForward: FieldHook = ({ originalDoc, req, siblingData, value }) => {
  const before: unknown = originalDoc?.status
  if (typeof value !== 'string' || value === before) return value
  if (typeof before === 'string') {
    if (STEP[before] === 2) refuse(req, `the request is ${before}: its status no longer changes`)
    if ((STEP[value] ?? 0) < STEP[before])
      refuse(req, `a ${before} request does not go back to ${value}`)
  }
  const kind: unknown = siblingData.kind ?? originalDoc?.kind
  if (value === 'completed' && kind === 'deletion' && !req.context[CARRYING_OUT_DELETION])
    refuse(req, 'a deletion request is completed by carrying it out (POST …/delete-data)')
  return value
}
