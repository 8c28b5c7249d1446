import type { CollectionConfig } from 'payload'

import { prefixedId } from '@/fields/prefixedId'

import { policyAccess } from '../../access/policy'
import { trimName } from './hooks/trimName'

/** A city is identified by its state plus its name (unique together). */
export const Cities: CollectionConfig = {
  slug: 'city',
  access: policyAccess('city'),
  admin: {
    defaultColumns: ['name', 'state', 'updatedAt'],
    group: 'Commerce',
    listSearchableFields: ['name'],
    useAsTitle: 'name',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('cty_'),
    {
      type: 'row',
      fields: [
        {
          name: 'name',
          type: 'text',
          hooks: { beforeValidate: [trimName] },
          index: true,
          required: true,
        },
        {
          name: 'state',
          type: 'relationship',
          admin: { description: 'A state holds one city of each name.' },
          relationTo: 'state',
          required: true,
        },
      ],
    },
  ],
  indexes: [{ fields: ['state', 'name'], unique: true }],
  labels: { plural: 'Cities', singular: 'City' },
}
