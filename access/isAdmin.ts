import type { Access, FieldAccess } from 'payload'

import { ROLE_SETS } from './policy'
import { checkRole } from './roles'

const admins = ROLE_SETS.admins

/** Staff admins and admin API clients. */
export const isAdmin: Access = ({ req: { user } }) => checkRole(user, admins)

export const isAdminFieldLevel: FieldAccess = ({ req: { user } }) => checkRole(user, admins)
