import type { CollectionConfig } from 'payload'

import { prefixedId } from '@/fields/prefixedId'
import { notBelowField } from '@/fields/range'

import { policyAccess } from '../access/policy'

/** A band of credit scores (e.g. "Prime 720-850"). */
export const CreditBands: CollectionConfig = {
  custom: { readableValues: true },
  slug: 'credit-band',
  access: policyAccess('credit-band'),
  admin: {
    defaultColumns: ['name', 'minimumCreditScore', 'maximumCreditScore', 'isPrime', 'updatedAt'],
    group: 'Credit',
    listSearchableFields: ['name'],
    useAsTitle: 'name',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('crb_'),
    { name: 'name', type: 'text', required: true },
    {
      type: 'row',
      fields: [
        {
          name: 'minimumCreditScore',
          type: 'number',
          admin: { description: 'Lowest credit score in the band.' },
        },
        notBelowField('maximumCreditScore', 'minimumCreditScore'),
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'isUnknown',
          type: 'checkbox',
          admin: { description: 'The band for applicants whose score is unknown.' },
          defaultValue: false,
          label: 'Unknown score',
        },
        {
          name: 'isNS',
          type: 'checkbox',
          admin: { description: 'The band for applicants with no credit score.' },
          defaultValue: false,
          label: 'No score (NS)',
        },
        {
          name: 'isPrime',
          type: 'checkbox',
          admin: { description: 'A prime band: applicants with good credit.' },
          defaultValue: false,
          label: 'Prime',
        },
      ],
    },
  ],
  labels: { plural: 'Credit bands', singular: 'Credit band' },
}
