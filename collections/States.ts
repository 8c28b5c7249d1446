import type { CollectionConfig } from 'payload'

import { naturalIdField } from '@/fields/naturalId'
import { stateCodeField } from '@/fields/stateCode'

import { policyAccess } from '../access/policy'
import { upperTrim } from '../hooks/upperTrim'

/** A US state or territory. Its two-letter code is its id, so relations carry `"CA"`. */
export const States: CollectionConfig = {
  slug: 'state',
  access: policyAccess('state'),
  admin: {
    defaultColumns: ['code', 'name'],
    group: 'Commerce',
    listSearchableFields: ['code', 'name'],
    useAsTitle: 'code',
  },
  disableDuplicate: true,
  fields: [
    naturalIdField('code'),
    {
      type: 'row',
      fields: [
        stateCodeField('code', {
          hooks: { beforeValidate: [upperTrim] },
          required: true,
          unique: true,
        }),
        { name: 'name', type: 'text' },
      ],
    },
  ],
  labels: { plural: 'States', singular: 'State' },
}
