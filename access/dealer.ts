import { sql } from 'drizzle-orm'
import type { FilterOptions, PayloadRequest } from 'payload'

import { transactionDb } from '@/db/transaction'
import { isRecord } from '@/lib/isRecord'

import { checkRole } from './roles'

type Principal = PayloadRequest['user']

/** A signed-in `dealer`: staff of one company, who see only its records. */
export const isDealer = (user: Principal | null | undefined): boolean =>
  checkRole(user, { staff: ['dealer'] })

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

/**
 * The ids a company's records are reached by: its locations, the consumers its locations' leads
 * name (and the other applicant on those consumers' credit apps), the customers its locations'
 * deals name, and those consumers' and customers' addresses.
 */
export type CompanyRecords = {
  addresses: string[]
  consumers: string[]
  customers: string[]
  locations: string[]
}

const NONE: CompanyRecords = { addresses: [], consumers: [], customers: [], locations: [] }

const statement = (company: string) => sql`
  WITH loc AS (SELECT id FROM location WHERE company_id_id = ${company}),
  lead_consumer AS (
    SELECT consumer_id AS id FROM lead
    WHERE location_id IN (SELECT id FROM loc) AND consumer_id IS NOT NULL
  ),
  consumer_ids AS (
    SELECT id FROM lead_consumer
    UNION
    SELECT a.id FROM credit_app c
      CROSS JOIN LATERAL (VALUES (c.consumer_id), (c.co_applicant_consumer_id)) a(id)
    WHERE a.id IS NOT NULL
      AND (c.consumer_id IN (SELECT id FROM lead_consumer)
        OR c.co_applicant_consumer_id IN (SELECT id FROM lead_consumer))
  ),
  customer_ids AS (
    SELECT c.id FROM deal d
      CROSS JOIN LATERAL (VALUES (d.customer_id), (d.co_buyer_or_co_seller_customer_id)) c(id)
    WHERE d.dealer_location_id IN (SELECT id FROM loc) AND c.id IS NOT NULL
  )
  SELECT
    ARRAY(SELECT id FROM loc) AS locations,
    ARRAY(SELECT id FROM consumer_ids) AS consumers,
    ARRAY(SELECT DISTINCT id FROM customer_ids) AS customers,
    ARRAY(
      SELECT address_id FROM consumer_rels
      WHERE parent_id IN (SELECT id FROM consumer_ids) AND address_id IS NOT NULL
      UNION
      SELECT address_id FROM customer_rels
      WHERE parent_id IN (SELECT id FROM customer_ids) AND address_id IS NOT NULL
    ) AS addresses`

const known = new WeakMap<PayloadRequest, Promise<CompanyRecords>>()

/**
 * The dealer's company's record ids, read in one statement once per request (in its
 * transaction, so a write earlier in it counts). A dealer without a company reaches nothing.
 */
export const companyRecords = (req: PayloadRequest): Promise<CompanyRecords> => {
  const company = companyOf(req.user)
  if (!company) return Promise.resolve(NONE)
  let records = known.get(req)
  if (!records) {
    records = transactionDb(req)
      .then((db) => db.execute(statement(company)))
      .then(({ rows }) => (rows[0] as CompanyRecords | undefined) ?? NONE)
    known.set(req, records)
    // A failed read is not kept: the next access check asks again.
    records.catch(() => known.delete(req))
  }
  return records
}

/** After a write that may link records to the company, the next check reads them again. */
export const forgetCompanyRecords = (req: PayloadRequest): void => {
  known.delete(req)
}
