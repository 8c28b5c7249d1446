import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { prefixedId } from '../src/fields/prefixedId'
import { notBelowField } from '../src/fields/range'

/** A band of credit scores (e.g. "Prime 720-850"). */
export const CreditBands: CollectionConfig = {
  slug: 'credit-band',
  access: recordAccess({ integrator: ['read'], staffDelete: false }),
  admin: {
    defaultColumns: ['name', 'minimumCreditScore', 'maximumCreditScore', 'isPrime'],
    group: 'Credit',
    listSearchableFields: ['name'],
    useAsTitle: 'name',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('crb_'),
    { name: 'name', type: 'text', required: true },
    { name: 'minimumCreditScore', type: 'number' },
    notBelowField('maximumCreditScore', 'minimumCreditScore'),
    { name: 'isUnknown', type: 'checkbox', defaultValue: false, label: 'Unknown score' },
    { name: 'isNS', type: 'checkbox', defaultValue: false, label: 'No score (NS)' },
    { name: 'isPrime', type: 'checkbox', defaultValue: false, label: 'Prime' },
  ],
  labels: { plural: 'Credit bands', singular: 'Credit band' },
}
