import type { Access, CollectionConfig, CollectionSlug } from 'payload'

import { dealerAccess, type Operation, orForDealers } from '../../access/dealerScope'
import type { DealerScope } from '../../access/ofDealerCompany'
import { COLLECTION_POLICY, dealerCell } from '../../access/policy'
import { keepInCompany } from '../../hooks/keepInCompany'
import { stampDealership } from '../../hooks/stampDealership'
import { writeOnlyAnswers } from '../../hooks/writeOnlyAnswers'
import { dealershipField, dealershipsField, madeAtField } from '../../src/fields/dealership'

export type { Operation }

type Rows = DealerScope['rows']

/** The records a dealer's small letters (access/policy.ts) apply to: the collection's declaration. */
const rowsOf = (collection: CollectionConfig): Rows | undefined =>
  collection.custom?.dealerScope?.rows

const ALL: Operation[] = ['create', 'read', 'update', 'delete']

/** The fields that carry a record's dealerships, by kind. */
const fieldsOf = (records: Rows | undefined) =>
  records === 'dealership'
    ? [dealershipField]
    : records === 'dealerships'
      ? [dealershipsField]
      : records === 'credit'
        ? [dealershipsField, madeAtField]
        : []

/**
 * A collection as dealers see it: the operations of the policy's dealer column, small letters on
 * their company's records,
 * no version history (a version is not filtered by company), and, on the collections of company
 * records, the fields that say whose they are, their writes kept within the company
 * (hooks/keepInCompany.ts) and what they make stamped as their company's
 * (hooks/stampDealership.ts). Which records are their company's is the collection's
 * `custom.dealerScope`. Every other caller's access is the collection's own.
 */
export const withDealerAccess = (collection: CollectionConfig): CollectionConfig => {
  const slug = collection.slug as CollectionSlug
  const { all, scoped } = dealerCell(slug)
  const records = rowsOf(collection)
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
          ALL.map((op) => [op, orForDealers(dealerAccess(slug, records, op), access[op])]),
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
