/**
 * The access functions a dealer's collections get (plugins/commerce/dealerAccess.ts puts them
 * on each collection): per operation, all of it, none of it, or the rows of the dealer's company
 * (the policy's small letters), which rows being the collection's `custom.dealerScope`.
 */
import type { Access, CollectionSlug } from 'payload'

import { isDealer } from './dealer'
import {
  companiesSeen,
  type CompanyScope,
  type DealerScope,
  locationsSeen,
  ofDealership,
  ofDealerships,
} from './ofDealerCompany'
import { dealerCell } from './policy'

export type Operation = 'create' | 'delete' | 'read' | 'update'

type Rows = DealerScope['rows']

const SCOPES: Record<Rows, CompanyScope> = {
  companies: companiesSeen,
  credit: ofDealerships,
  dealership: ofDealership,
  dealerships: ofDealerships,
  locations: locationsSeen,
}

export const dealerAccess = (
  slug: CollectionSlug,
  records: Rows | undefined,
  op: Operation,
): Access => {
  const { all, scoped } = dealerCell(slug)
  // A create is checked on what it writes (hooks/keepInCompany.ts): a filter does not apply to it.
  if (all.includes(op)) return () => true
  if (!scoped.includes(op)) return () => false
  if (!records) throw new Error(`${slug}: the dealer's small letters need custom.dealerScope`)
  const scope = SCOPES[records]
  return ({ req }) => scope(req)
}

/** `access` for dealers, each operation as given for everyone else. */
export const orForDealers =
  (forDealers: Access, others: Access | undefined): Access =>
  (args) =>
    isDealer(args.req.user) ? forDealers(args) : others ? others(args) : Boolean(args.req.user)
