import type { Access } from 'payload'

import { checkRole } from './roles'

/** Admins see every account; a staff user sees only their own. */
export const adminOrSelf: Access = ({ req: { user } }) => {
  if (checkRole(user, { clients: ['admin'], staff: ['admin'] })) return true
  if (user?.collection === 'users') return { id: { equals: user.id } }
  return false
}
