import type { Access, CollectionConfig, CollectionSlug } from 'payload'

import { keepInCompany } from '../hooks/keepInCompany'
import { stampDealership } from '../hooks/stampDealership'
import { writeOnlyAnswers } from '../hooks/writeOnlyAnswers'
import { dealershipField, dealershipsField, madeAtField } from '../src/fields/dealership'
import { isDealer } from './dealer'
import {
  companiesSeen,
  type CompanyScope,
  locationsSeen,
  ofDealership,
  ofDealerships,
} from './ofDealerCompany'
import { COLLECTION_POLICY, dealerCell } from './policy'

export type Operation = 'create' | 'delete' | 'read' | 'update'

/**
 * Which of a company's records a dealer reaches: those of one dealership (`dealership` on the
 * row), those dealerships share (`dealerships`; `credit` ones also record the dealership whose
 * dealer made them), or a scope of its own (companies, locations).
 */
type Records = 'credit' | 'dealership' | 'dealerships' | CompanyScope

/**
 * The records a dealer's small letters (access/policy.ts) apply to, by collection: those of one
 * dealership (`dealership` on the row), those dealerships share (`dealerships`; `credit` ones also
 * record the dealership whose dealer made them), or a scope of their own.
 */
const DEALER_RECORDS: Partial<Record<CollectionSlug, Records>> = {
  address: 'dealerships',
  company: companiesSeen,
  consumer: 'dealerships',
  'credit-app': 'credit',
  'credit-report': 'credit',
  customer: 'dealerships',
  deal: 'dealership',
  'do-not-contact': 'dealership',
  lead: 'dealership',
  leadEvents: 'dealership',
  location: locationsSeen,
  'pre-approval': 'credit',
  vdpEmails: 'dealership',
}

const ALL: Operation[] = ['create', 'read', 'update', 'delete']

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

const dealerAccess = (slug: CollectionSlug, op: Operation): Access => {
  const { all, scoped } = dealerCell(slug)
  // A create is checked on what it writes (hooks/keepInCompany.ts): a filter does not apply to it.
  if (all.includes(op)) return () => true
  const records = DEALER_RECORDS[slug]
  if (!scoped.includes(op)) return () => false
  if (!records) throw new Error(`${slug}: the dealer's small letters need DEALER_RECORDS`)
  const scope = scopeOf(records)
  return ({ req }) => scope(req)
}

/** `access` for dealers, each operation as given for everyone else. */
const orForDealers =
  (forDealers: Access, others: Access | undefined): Access =>
  (args) =>
    isDealer(args.req.user) ? forDealers(args) : others ? others(args) : Boolean(args.req.user)

/**
 * A collection as dealers see it: the operations of the policy's dealer column, small letters on
 * their company's records,
 * no version history (a version is not filtered by company), and, on the collections of company
 * records, the fields that say whose they are, their writes kept within the company
 * (hooks/keepInCompany.ts) and what they make stamped as their company's
 * (hooks/stampDealership.ts). Every other caller's access is the collection's own.
 */
export const withDealerAccess = (collection: CollectionConfig): CollectionConfig => {
  const slug = collection.slug as CollectionSlug
  const { all, scoped } = dealerCell(slug)
  const records = DEALER_RECORDS[slug]
  // Small letters without records here are the collection's own rule (a user's own account).
  const granted = Boolean(records) || (all.length > 0 && scoped.length === 0)
  const access = collection.access ?? {}
  const none: Access = () => false
  const writesRecords = records && [...all, ...scoped].some((op) => op !== 'read')
  const fields = fieldsOf(records)
  // A lead-source key creates and reads nothing back but the id.
  const leadSource = COLLECTION_POLICY[slug]?.leadSource ?? ''
  const writeOnly = leadSource.includes('C') && !leadSource.toUpperCase().includes('R')
  const hooks = writeOnly
    ? {
        ...collection.hooks,
        beforeOperation: [...(collection.hooks?.beforeOperation ?? []), writeOnlyAnswers],
      }
    : collection.hooks
  return {
    ...collection,
    access: {
      ...access,
      ...(granted &&
        Object.fromEntries(
          ALL.map((op) => [op, orForDealers(dealerAccess(slug, op), access[op])]),
        )),
      ...(access.readVersions && { readVersions: orForDealers(none, access.readVersions) }),
    },
    fields: [...collection.fields, ...fields],
    hooks: writesRecords
      ? {
          ...hooks,
          beforeChange: [
            ...(collection.hooks?.beforeChange ?? []),
            ...(fields.some((field) => 'name' in field && field.name === 'dealerships')
              ? [stampDealership]
              : []),
          ],
          beforeValidate: [...(collection.hooks?.beforeValidate ?? []), keepInCompany],
        }
      : hooks,
  }
}
