import type { CollectionConfig } from 'payload'

import { dateTimeField } from '@/fields/formatted'
import { prefixedId } from '@/fields/prefixedId'
import { creditReportTitle, titleField } from '@/fields/titles'

import { policyAccess } from '../access/policy'

/** Keeps the helper's date-and-time picker beside the description added here. */
const pulledAt = dateTimeField('time')

export const CreditReports: CollectionConfig = {
  custom: { creditData: true, dealerScope: { rows: 'credit' }, readableValues: true },
  slug: 'credit-report',
  access: policyAccess('credit-report'),
  admin: {
    defaultColumns: ['id', 'creditScore', 'creditBand', 'time', 'updatedAt'],
    group: 'Credit',
    listSearchableFields: ['id'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  fields: [
    titleField(creditReportTitle, ['creditScore', 'preApproval']),
    prefixedId('crp_'),
    {
      type: 'row',
      fields: [
        {
          name: 'creditScore',
          type: 'number',
          admin: { description: 'The score the report gave, if it gave one.' },
        },
        {
          ...pulledAt,
          admin: { ...pulledAt.admin, description: 'When the report was pulled.' },
          index: true,
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'creditBand',
          type: 'relationship',
          admin: { description: 'The band the score falls in.' },
          relationTo: 'credit-band',
        },
        {
          name: 'preApproval',
          type: 'relationship',
          admin: { description: 'The pre-approval this report was pulled for.' },
          index: true,
          relationTo: 'pre-approval',
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'hasUnknownScore',
          type: 'checkbox',
          admin: { description: 'The report could not tell the score.' },
          defaultValue: false,
        },
        {
          name: 'hasNS',
          type: 'checkbox',
          admin: { description: 'The applicant has no credit score.' },
          defaultValue: false,
          label: 'Has no score (NS)',
        },
      ],
    },
  ],
  labels: { plural: 'Credit reports', singular: 'Credit report' },
}
