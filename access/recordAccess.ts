import type { Access, CollectionConfig, CollectionSlug } from 'payload'

import { dealershipField, dealershipsField, madeAtField } from '../src/fields/dealership'
import { keepInCompany } from '../hooks/keepInCompany'
import { stampDealership } from '../hooks/stampDealership'
import { isDealer } from './dealer'
import {
  companiesSeen,
  type CompanyScope,
  locationsSeen,
  ofDealership,
  ofDealerships,
} from './ofDealerCompany'
import { type AllowedRoles, checkRole, type ClientRole, type StaffRole } from './roles'

export type Operation = 'create' | 'delete' | 'read' | 'update'

type Grants = {
  /** Operations the `integrator` API role may perform (what the commerce API needs). */
  integrator?: Operation[]
  /** Operations the `lead-agent` API role may perform. */
  leadAgent?: Operation[]
  /** Staff may delete records of this collection (not credit data). Default true. */
  staffDelete?: boolean
  /** Operations staff may perform; default all four (delete subject to `staffDelete`). */
  staff?: Operation[]
}

export const allow =
  (roles: AllowedRoles): Access =>
  ({ req: { user } }) =>
    checkRole(user, roles)

/**
 * Access for a record collection. Staff admins and admin API clients may do everything; staff
 * and the machine roles get what `grants` lists.
 */
export const recordAccess = ({
  integrator = [],
  leadAgent = [],
  staff = ['create', 'read', 'update', 'delete'],
  staffDelete = true,
}: Grants): NonNullable<CollectionConfig['access']> => {
  const rolesFor = (op: Operation): AllowedRoles => {
    const staffRoles: StaffRole[] = ['admin']
    if (staff.includes(op) && (op !== 'delete' || staffDelete)) staffRoles.push('staff')
    const clients: ClientRole[] = ['admin']
    if (integrator.includes(op)) clients.push('integrator')
    if (leadAgent.includes(op)) clients.push('lead-agent')
    return { clients, staff: staffRoles }
  }
  return {
    create: allow(rolesFor('create')),
    delete: allow(rolesFor('delete')),
    read: allow(rolesFor('read')),
    update: allow(rolesFor('update')),
  }
}

/**
 * Which of a company's records a dealer reaches: those of one dealership (`dealership` on the
 * row), those dealerships share (`dealerships`; `credit` ones also record the dealership whose
 * dealer made them), or a scope of its own (companies, locations).
 */
type Records = 'credit' | 'dealership' | 'dealerships' | CompanyScope

type DealerGrant = {
  operations: Operation[]
  /** The records the operations apply to; without it, every record (reference data). */
  records?: Records
}

const ALL: Operation[] = ['create', 'read', 'update', 'delete']
const NO_DELETE: Operation[] = ['create', 'read', 'update']

/**
 * What a `dealer` may do, by collection (README, "Roles"): staff's operations on their company's
 * records, reading of reference data, nothing on a collection not listed here beyond what its own
 * access gives any signed-in user (their own account, recording an error).
 */
export const dealerGrants: Partial<Record<CollectionSlug, DealerGrant>> = {
  address: { operations: ALL, records: 'dealerships' },
  city: { operations: ['create', 'read'] },
  company: { operations: ['read'], records: companiesSeen },
  consumer: { operations: NO_DELETE, records: 'dealerships' },
  'credit-app': { operations: NO_DELETE, records: 'credit' },
  'credit-band': { operations: ['read'] },
  'credit-report': { operations: NO_DELETE, records: 'credit' },
  customer: { operations: ALL, records: 'dealerships' },
  deal: { operations: ALL, records: 'dealership' },
  'do-not-contact': { operations: ['read'], records: 'dealership' },
  lead: { operations: ALL, records: 'dealership' },
  leadEvents: { operations: ALL, records: 'dealership' },
  listing: { operations: ['read'] },
  location: { operations: ['read'], records: locationsSeen },
  media: { operations: ['read'] },
  'pre-approval': { operations: NO_DELETE, records: 'credit' },
  state: { operations: ['read'] },
  vdpEmails: { operations: ALL, records: 'dealership' },
  vehicle: { operations: ['read'] },
  'vehicle-spec': { operations: ['read'] },
  vin: { operations: ['create', 'read'] },
}

const scopeOf = (records: Records): CompanyScope =>
  typeof records === 'function' ? records : records === 'dealership' ? ofDealership : ofDealerships

/** The fields that carry a record's dealerships, by kind. */
const fieldsOf = (records: Records | undefined) =>
  records === 'dealership'
    ? [dealershipField]
    : records === 'dealerships'
      ? [dealershipsField]
      : records === 'credit'
        ? [dealershipsField, madeAtField]
        : []

const dealerAccess = (grant: DealerGrant, op: Operation): Access => {
  if (!grant.operations.includes(op)) return () => false
  // A create is checked on what it writes (hooks/keepInCompany.ts): a filter does not apply to it.
  if (op === 'create' || !grant.records) return () => true
  const scope = scopeOf(grant.records)
  return ({ req }) => scope(req)
}

/** `access` for dealers, each operation as given for everyone else. */
const orForDealers =
  (forDealers: Access, others: Access | undefined): Access =>
  (args) =>
    isDealer(args.req.user) ? forDealers(args) : others ? others(args) : Boolean(args.req.user)

/**
 * A collection as dealers see it: the operations of `dealerGrants` on their company's records,
 * no version history (a version is not filtered by company), and, on the collections of company
 * records, the fields that say whose they are, their writes kept within the company
 * (hooks/keepInCompany.ts) and what they make stamped as their company's
 * (hooks/stampDealership.ts). Every other caller's access is the collection's own.
 */
export const withDealerAccess = (collection: CollectionConfig): CollectionConfig => {
  const grant = dealerGrants[collection.slug as CollectionSlug]
  const access = collection.access ?? {}
  const none: Access = () => false
  const writesRecords =
    grant?.records && grant.operations.some((op) => op === 'create' || op === 'update')
  const fields = fieldsOf(grant?.records)
  return {
    ...collection,
    access: {
      ...access,
      ...(grant &&
        Object.fromEntries(
          ALL.map((op) => [op, orForDealers(dealerAccess(grant, op), access[op])]),
        )),
      ...(access.readVersions && { readVersions: orForDealers(none, access.readVersions) }),
    },
    fields: [...collection.fields, ...fields],
    hooks: writesRecords
      ? {
          ...collection.hooks,
          beforeChange: [
            ...(collection.hooks?.beforeChange ?? []),
            ...(fields.some((field) => 'name' in field && field.name === 'dealerships')
              ? [stampDealership]
              : []),
          ],
          beforeValidate: [...(collection.hooks?.beforeValidate ?? []), keepInCompany],
        }
      : collection.hooks,
  }
}
