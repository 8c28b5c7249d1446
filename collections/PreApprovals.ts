import type { CollectionConfig } from 'payload'

import { dateTimeField } from '@/fields/formatted'
import { prefixedId } from '@/fields/prefixedId'
import { preApprovalTitle, titleField } from '@/fields/titles'

import { policyAccess } from '../access/policy'

export const PreApprovals: CollectionConfig = {
  slug: 'pre-approval',
  trash: true,
  custom: { dealerScope: { rows: 'credit' }, readableValues: true },
  access: policyAccess('pre-approval'),
  admin: {
    defaultColumns: ['id', 'consumer', 'creditBand', 'validUntilTime', 'updatedAt'],
    group: 'Credit',
    listSearchableFields: ['id'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  fields: [
    titleField(preApprovalTitle, ['consumer', 'creditBand']),
    prefixedId('pre_'),
    { ...dateTimeField('validUntilTime', { required: true }), index: true },
    {
      type: 'row',
      fields: [
        {
          name: 'creditBand',
          type: 'relationship',
          admin: { description: 'The credit band the consumer is pre-approved in.' },
          relationTo: 'credit-band',
          required: true,
        },
        { name: 'consumer', type: 'relationship', index: true, relationTo: 'consumer' },
      ],
    },
  ],
  labels: { plural: 'Pre-approvals', singular: 'Pre-approval' },
}
