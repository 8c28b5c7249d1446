import type { CollectionConfig } from 'payload'

import { prefixedId } from '@/fields/prefixedId'
import { accountTitle, titleField } from '@/fields/titles'
import { textMatching } from '@/validation/textMatching'

import { policyAccess } from '../access/policy'

/** The visitor account web events are tracked against. */
export const Accounts: CollectionConfig = {
  slug: 'account',
  access: policyAccess('account'),
  admin: {
    defaultColumns: ['id', 'consumer', 'lead', 'updatedAt'],
    group: 'Commerce',
    listSearchableFields: ['id', 'lead'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  fields: [
    titleField(accountTitle, ['consumer', 'lead']),
    prefixedId('acc_'),
    {
      type: 'row',
      fields: [
        {
          name: 'lead',
          type: 'text',
          admin: { description: 'Id of the lead, as a string.' },
          index: true,
          validate: textMatching((value) => /^\d{1,18}$/.test(value), 'must be a lead id'),
        },
        {
          name: 'consumer',
          type: 'relationship',
          admin: { description: 'The consumer this visitor turned out to be, once known.' },
          relationTo: 'consumer',
        },
      ],
    },
    {
      name: 'anonymousIds',
      type: 'text',
      admin: {
        description: "The web tracker's anonymous visitor ids seen for this account.",
        position: 'sidebar',
      },
      hasMany: true,
    },
  ],
  labels: { plural: 'Accounts', singular: 'Account' },
}
