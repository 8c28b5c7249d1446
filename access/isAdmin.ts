import type { Access, FieldAccess } from 'payload'

import { safeToCompile } from '@/lib/safeToCompile'

import { ROLE_SETS } from './policy'
import { checkRole } from './roles'

const admins = ROLE_SETS.admins

/** Staff admins and admin API clients. */
export const isAdmin: Access = ({ req: { user } }) => checkRole(user, admins)

/** Depends on the caller alone, so compiled reads may run it (src/lib/safeToCompile.ts). */
export const isAdminFieldLevel: FieldAccess = safeToCompile(({ req: { user } }) =>
  checkRole(user, admins),
)
