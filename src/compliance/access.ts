/**
 * Who may use the compliance paths: signed-in staff users (staff, admin) and admin API clients
 * read adverse-action notices and review sanctions matches; staff admins and admin API clients
 * load sanctions lists and read the breach report. 401 without a caller, 403 for any other.
 */
import type { PayloadRequest } from 'payload'

import { messages, payloadError } from '@/errors'

import { type AllowedRoles, checkRole } from '../../access/roles'

export const STAFF_AND_ADMINS: AllowedRoles = { clients: ['admin'], staff: ['admin', 'staff'] }
export const ADMINS: AllowedRoles = { clients: ['admin'], staff: ['admin'] }

/** The refusal for a caller outside `roles`, or null when the caller is one of them. */
export const refusalFor = (req: PayloadRequest, roles: AllowedRoles): null | Response => {
  if (!req.user) return payloadError(401, messages.unauthorized)
  if (!checkRole(req.user, roles))
    return payloadError(403, 'You are not allowed to perform this action.')
  return null
}
