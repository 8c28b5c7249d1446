import type { Access, FieldAccess, FieldHook, Where } from 'payload'

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

/**
 * A user's own field, read by that signed-in user alone: their sessions. Payload's own check of
 * that field (payload/dist/auth/baseFields/sessions.js) compares `user.id` with the record's id
 * and not the collection, so an API client whose id is the same number read a user's sessions (no
 * upstream issue was found on record).
 */
export const selfOnlyFieldLevel: FieldAccess = ({ doc, req: { user } }) =>
  user?.collection === 'users' && doc !== undefined && doc?.id === user.id

/** A user's field that only they and admins read: their e-mail, role, company, second factor. */
export const selfOrAdminFieldLevel: FieldAccess = (args) =>
  checkRole(args.req.user, ROLE_SETS.admins) || selfOnlyFieldLevel(args)

/**
 * A user's title as it is read: the stored name; without one, their e-mail address to themselves
 * and admins (and the service's own reads), "Staff user 7" to colleagues, who read no address.
 * Only names are stored, so no filter on the title finds an address either.
 */
export const titleAsRead: FieldHook = ({ req: { user }, siblingData, value }) => {
  if (typeof value === 'string' && value) return value
  const id: unknown = siblingData?.id
  const own =
    !user || checkRole(user, ROLE_SETS.admins) || (user.collection === 'users' && id === user.id)
  const email: unknown = siblingData?.email
  return own && typeof email === 'string' && email ? email : `Staff user ${String(id)}`
}
