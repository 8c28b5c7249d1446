import type { PayloadRequest } from 'payload'

import { ClientError } from '@/errors'

import type { Lead } from '../../payload-types'
import { requireLeadUpdate } from './access'

export const NAME_ASSIGNEE = 'Name the staff user to hand the lead over to (assignee: a user id).'

/**
 * Takes a lead (no `assignee`: the caller, a staff user) or hands it over to another staff user,
 * with the caller's right to change leads (403 without it, before anything else).
 */
export const assignLead = async (
  req: PayloadRequest,
  lead: number,
  assignee: unknown,
): Promise<Lead> => {
  await requireLeadUpdate(req, lead)
  const to = assignee ?? (req.user?.collection === 'users' ? req.user.id : undefined)
  if (typeof to !== 'number' || !Number.isInteger(to)) throw new ClientError(NAME_ASSIGNEE, 400)
  return req.payload.update({
    collection: 'lead',
    data: { assignee: to },
    depth: 0,
    id: lead,
    overrideAccess: false,
    req,
  })
}
