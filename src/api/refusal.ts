import type { PayloadRequest } from 'payload'

import { messages, NOT_ALLOWED, payloadError } from '@/errors'

import { ROLE_SETS, type RoleSet } from '../../access/policy'
import { checkRole } from '../../access/roles'

/**
 * The refusal for a caller outside the named role set (access/policy.ts), or null when the caller
 * is in it: 401 without a caller, 403 for any other.
 */
export const refusalFor = (req: PayloadRequest, roles: RoleSet): null | Response => {
  if (!req.user) return payloadError(401, messages.unauthorized)
  if (!checkRole(req.user, ROLE_SETS[roles])) return payloadError(403, NOT_ALLOWED)
  return null
}
