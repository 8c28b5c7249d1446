import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { creditDataHooks } from '../src/creditData'
import { dateTimeField } from '../src/fields/formatted'
import { prefixedId } from '../src/fields/prefixedId'

export const CreditReports: CollectionConfig = {
  slug: 'credit-report',
  access: recordAccess({ integrator: ['read', 'update'], staffDelete: false }),
  admin: {
    defaultColumns: ['id', 'creditScore', 'creditBand', 'time'],
    group: 'Credit',
    useAsTitle: 'id',
  },
  disableDuplicate: true,
  hooks: creditDataHooks(),
  fields: [
    prefixedId('crp_'),
    { name: 'creditScore', type: 'number' },
    {
      ...dateTimeField('time'),
      admin: { description: 'When the report was pulled.' },
      index: true,
    },
    { name: 'creditBand', type: 'relationship', relationTo: 'credit-band' },
    { name: 'preApproval', type: 'relationship', index: true, relationTo: 'pre-approval' },
    { name: 'hasUnknownScore', type: 'checkbox', defaultValue: false },
    { name: 'hasNS', type: 'checkbox', defaultValue: false, label: 'Has no score (NS)' },
  ],
  labels: { plural: 'Credit reports', singular: 'Credit report' },
}
