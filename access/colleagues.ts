import type { Access, FieldAccess, Where } from 'payload'

import { companyOf, isDealer } from './dealer'
import { ROLE_SETS } from './policy'
import { checkRole } from './roles'

/**
 * Which staff users a caller reads: admins every account; a staff user the people whose names
 * the lead desk shows them (assignees, rotas, pickers): house staff every user, since they work
 * every dealership's leads; a dealer their own company's users and the house's (who may be on
 * its rota), never another dealership's. Of anyone but themselves they read the name and title
 * only (`selfOrAdminFieldLevel` on every other field). API clients other than admin keys: none.
 */
export const colleagues: Access = ({ req: { user } }) => {
  if (checkRole(user, ROLE_SETS.admins)) return true
  if (user?.collection !== 'users') return false
  if (!isDealer(user)) return true
  const company = companyOf(user)
  const or: Where[] = [{ id: { equals: user.id } }, { company: { exists: false } }]
  if (company) or.push({ company: { equals: company } })
  return { or }
}

/** A user's field that only they and admins read: their e-mail, role, company, second factor. */
export const selfOrAdminFieldLevel: FieldAccess = ({ doc, req: { user } }) =>
  checkRole(user, ROLE_SETS.admins) ||
  (user?.collection === 'users' && doc !== undefined && doc?.id === user.id)
