import type { Access, FieldAccess } from 'payload'

import { checkRole } from './roles'

const admins = { clients: ['admin'], staff: ['admin'] } as const

/** Staff admins and admin API clients. */
export const isAdmin: Access = ({ req: { user } }) => checkRole(user, admins)

export const isAdminFieldLevel: FieldAccess = ({ req: { user } }) => checkRole(user, admins)
