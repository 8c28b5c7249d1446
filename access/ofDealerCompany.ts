import type { PayloadRequest, Where } from 'payload'

import { companyOf } from './dealer'

/**
 * The records of a dealer's company, one predicate per collection: a `Where` that Payload adds to
 * every list, count and by-id read (a record outside it is not found) and to updates and deletes.
 * Each is a plain condition on a column of the row (or its `dealerships` list), which the
 * database keeps (src/fields/dealership.ts): no ids are gathered per request.
 */
export type CompanyScope = (req: PayloadRequest) => Where

/** Matches no record (an empty list, which the database adapter makes `false`). */
const NOTHING: Where = { id: { in: [] } }

/** `scope` of the dealer's company; without one, `none`: what a dealer without a company reaches. */
const withCompany =
  (scope: (company: string) => Where, none: Where = NOTHING): CompanyScope =>
  ({ user }) => {
    const company = companyOf(user)
    return company ? scope(company) : none
  }

/** Their own company, and the facilitators that handle deals (read only). */
export const companiesSeen = withCompany((company): Where => ({
  or: [{ id: { equals: company } }, { isFacilitator: { equals: true } }],
}))

/**
 * Their company's locations, and the facilitators' (read only). (A company's `locations` join
 * reads locations through this access, and a filter on a location's `id` there fails in
 * Payload's SQL: locations are never filtered by id.)
 */
export const locationsSeen = withCompany(
  (company): Where => ({
    or: [{ companyId: { equals: company } }, { 'companyId.isFacilitator': { equals: true } }],
  }),
  { companyId: { in: [] } },
)

/** Records of one dealership (`dealership`): leads, deals, and what belongs to a lead. */
export const ofDealership = withCompany((company): Where => ({ dealership: { equals: company } }))

/** Records dealerships share (`dealerships`): consumers, customers, addresses, credit records. */
export const ofDealerships = withCompany((company): Where => ({ dealerships: { equals: company } }))

/**
 * How a dealer reaches a collection's rows, declared on the collection as `custom.dealerScope`
 * (plugins/commerce/dealerAccess.ts reads it with the dealer column of access/policy.ts):
 *
 * - `rows`: those of one dealership (`dealership` on the row), those dealerships share
 *   (`dealerships`), credit records (`credit`: shared, and also the dealership whose dealer made
 *   them), or a scope of the collection's own: `companies` (their own and the facilitators),
 *   `locations` (their company's and the facilitators');
 * - `location`: where a record names its company's location: a dealer must name theirs;
 * - `lead`: where a record names the lead it belongs to: a dealer must name one
 *   (both hooks/keepInCompany.ts).
 *
 * A collection with a scope is company data: a dealer names its records in a relation only when
 * they can read them.
 */
export type DealerScope = {
  rows: 'companies' | 'credit' | 'dealership' | 'dealerships' | 'locations'
  location?: string
  lead?: string
}
