import type { Access } from 'payload'

import { ROLE_SETS } from './policy'
import { checkRole } from './roles'

/**
 * Admins see every account of an auth collection; any other principal only its own record in
 * it (staff their user, an API client itself). Ids are per collection, hence the slug.
 */
export const adminOrSelf =
  (slug: 'api-clients' | 'users'): Access =>
  ({ req: { user } }) => {
    if (checkRole(user, ROLE_SETS.admins)) return true
    if (user?.collection === slug) return { id: { equals: user.id } }
    return false
  }
