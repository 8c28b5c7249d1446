import type { CollectionConfig } from 'payload'

import { phoneListField } from '@/fields/formatted'
import { addressesField } from '@/fields/places'
import { prefixedId } from '@/fields/prefixedId'

import { policyAccess } from '../access/policy'
import { resolveAddresses } from '../hooks/resolveAddresses'

/**
 * A buyer or seller in a deal. `name` is ours, so staff can tell customers apart. `addresses`
 * takes ids or inline addresses, as a consumer's does.
 */
export const Customers: CollectionConfig = {
  slug: 'customer',
  trash: true,
  enableQueryPresets: true,
  custom: { dealerScope: { rows: 'dealerships' }, readableValues: true },
  access: policyAccess('customer'),
  admin: {
    defaultColumns: ['name', 'phoneNumbers', 'updatedAt'],
    group: 'Commerce',
    listSearchableFields: ['name', 'id'],
    useAsTitle: 'name',
  },
  disableDuplicate: true,
  hooks: { beforeOperation: [resolveAddresses] },
  fields: [
    prefixedId('cus_'),
    {
      name: 'name',
      type: 'text',
      admin: { description: 'Our name for the customer, so staff can tell customers apart.' },
      index: true,
    },
    addressesField(),
    phoneListField('phoneNumbers'),
  ],
  labels: { plural: 'Customers', singular: 'Customer' },
}
