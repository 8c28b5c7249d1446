import type { PayloadRequest } from 'payload'

/**
 * Roles of people who sign in to the admin UI (the `users` collection). A `dealer` is staff of
 * one company (`users.company`): they see and edit only that company's records (access/dealer.ts).
 * A `compliance` officer reads the compliance records and the breach report, and changes nothing.
 */
export const staffRoles = ['admin', 'staff', 'dealer', 'compliance'] as const
export type StaffRole = (typeof staffRoles)[number]

/**
 * Roles of machine clients that call the API with a key (the `api-clients` collection). A
 * `lead-source` key submits leads (ADF and JSON) and reads nothing.
 */
export const clientRoles = ['integrator', 'lead-agent', 'lead-source', 'admin'] as const
export type ClientRole = (typeof clientRoles)[number]

type Principal = PayloadRequest['user']

export type AllowedRoles = { clients?: readonly ClientRole[]; staff?: readonly StaffRole[] }

/**
 * True when the authenticated principal holds one of the allowed roles. Staff users and API
 * clients share the `admin` role name, so each collection's roles are checked separately.
 * A disabled API client holds no role at all, even if a request got past the HTTP gate.
 */
export const checkRole = (user: Principal | null | undefined, allowed: AllowedRoles): boolean => {
  if (!user) return false
  if (user.collection === 'users') {
    return Boolean(allowed.staff?.includes(user.role))
  }
  if (user.collection === 'api-clients') {
    if (user.enabled === false) return false
    return Boolean(allowed.clients?.includes(user.role))
  }
  return false
}
