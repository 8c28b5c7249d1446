import type { FieldAccess, FilterOptions, PayloadRequest } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { safeToCompile } from '@/lib/safeToCompile'

import { checkRole } from './roles'

type Principal = PayloadRequest['user']

/** A signed-in `dealer`: staff of one company, who see only its records. */
export const isDealer = (user: Principal | null | undefined): boolean =>
  checkRole(user, { staff: ['dealer'] })

/**
 * Read access of a field that names house staff by e-mail (who recorded, delivered or reviewed a
 * record): everyone's but a dealer's, to whom colleagues of the house are names only. A pure
 * function of the request, so the compiled reads run it once per request.
 */
export const notDealersFieldLevel: FieldAccess = safeToCompile(({ req }) => !isDealer(req.user))

/** The id of the company a dealer works for (`users.company`), if it is set. */
export const companyOf = (user: Principal | null | undefined): string | undefined => {
  const company = user && 'company' in user ? user.company : undefined
  const id = isRecord(company) ? company.id : company
  return typeof id === 'string' && id ? id : undefined
}

/**
 * The locations a relationship offers: a dealer's company's own (a lead or deal at another's
 * would be refused on save), everyone's for other users.
 */
export const ownCompanyLocations: FilterOptions = ({ req }) =>
  isDealer(req.user) ? { companyId: { equals: companyOf(req.user) ?? '' } } : true
