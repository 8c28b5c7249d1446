import type { PayloadRequest, Where } from 'payload'

import { companyOf, type CompanyRecords, companyRecords } from './dealer'

/**
 * The records of a dealer's company, one predicate per collection: a `Where` that Payload adds to
 * every list, count and by-id read (a record outside it is not found) and to updates and deletes.
 */
export type CompanyScope = (req: PayloadRequest) => Promise<Where> | Where

/** Matches no record: an empty list, which the database adapter makes `false`. */
const NOTHING: Where = { id: { in: [] } }

const within = (path: string, ids: readonly string[]): Where => ({ [path]: { in: [...ids] } })

/** Records whose `path` is one of the company's `records` (its locations, consumers, …). */
const onCompany =
  (path: string, records: keyof CompanyRecords): CompanyScope =>
  async (req) =>
    within(path, (await companyRecords(req))[records])

/**
 * `scope` of the dealer's company; without one, `none`. (A company's `locations` join reads
 * locations through their access, and a filter on a location's `id` there fails in Payload's
 * SQL: locations are never filtered by id.)
 */
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

/** Their company's locations, and the facilitators' (read only). */
export const locationsSeen = withCompany(
  (company): Where => ({
    or: [{ companyId: { equals: company } }, { 'companyId.isFacilitator': { equals: true } }],
  }),
  { companyId: { in: [] } },
)

/** Leads worked at one of the company's locations. */
export const leadsOfCompany = onCompany('location', 'locations')

/** Lead events, VDP e-mails and do-not-contact requests of those leads. */
export const onLeadsOfCompany = onCompany('lead.location', 'locations')

/** Deals made at one of the company's locations. */
export const dealsOfCompany = onCompany('dealer.location', 'locations')

/** Customers a deal of the company names (buyer, or co-buyer or co-seller). */
export const customersOfCompany = onCompany('id', 'customers')

/** Consumers a lead of the company names, and the other applicant on their credit apps. */
export const consumersOfCompany = onCompany('id', 'consumers')

/** Credit apps whose applicant or co-applicant is one of those consumers. */
export const creditAppsOfCompany: CompanyScope = async (req) => {
  const { consumers } = await companyRecords(req)
  return { or: [within('consumer', consumers), within('coApplicantConsumer', consumers)] }
}

/** Pre-approvals of those consumers. */
export const preApprovalsOfCompany = onCompany('consumer', 'consumers')

/** Credit reports under those pre-approvals. */
export const creditReportsOfCompany = onCompany('preApproval.consumer', 'consumers')

/** Addresses of those consumers and customers. */
export const addressesOfCompany = onCompany('id', 'addresses')
