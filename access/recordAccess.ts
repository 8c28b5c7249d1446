import type { Access, CollectionConfig } from 'payload'

import { type AllowedRoles, checkRole, type ClientRole, type StaffRole } from './roles'

export type Operation = 'create' | 'delete' | 'read' | 'update'

type Grants = {
  /** Operations the `integrator` API role may perform (what the commerce API needs). */
  integrator?: Operation[]
  /** Operations the `lead-agent` API role may perform. */
  leadAgent?: Operation[]
  /** Staff may delete records of this collection (not credit data). Default true. */
  staffDelete?: boolean
  /** Operations staff may perform; default all four (delete subject to `staffDelete`). */
  staff?: Operation[]
}

export const allow =
  (roles: AllowedRoles): Access =>
  ({ req: { user } }) =>
    checkRole(user, roles)

/**
 * Access for a record collection. Staff admins and admin API clients may do everything; staff
 * and the machine roles get what `grants` lists.
 */
export const recordAccess = ({
  integrator = [],
  leadAgent = [],
  staff = ['create', 'read', 'update', 'delete'],
  staffDelete = true,
}: Grants): NonNullable<CollectionConfig['access']> => {
  const rolesFor = (op: Operation): AllowedRoles => {
    const staffRoles: StaffRole[] = ['admin']
    if (staff.includes(op) && (op !== 'delete' || staffDelete)) staffRoles.push('staff')
    const clients: ClientRole[] = ['admin']
    if (integrator.includes(op)) clients.push('integrator')
    if (leadAgent.includes(op)) clients.push('lead-agent')
    return { clients, staff: staffRoles }
  }
  return {
    create: allow(rolesFor('create')),
    delete: allow(rolesFor('delete')),
    read: allow(rolesFor('read')),
    update: allow(rolesFor('update')),
  }
}
