import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { upperTrim } from '../hooks/upperTrim'

/** A US state or territory. Its two-letter code is its id, so relations carry `"CA"`. */
export const States: CollectionConfig = {
  slug: 'state',
  access: recordAccess({ integrator: ['read'] }),
  admin: {
    defaultColumns: ['code', 'name'],
    group: 'Commerce',
    listSearchableFields: ['code', 'name'],
    useAsTitle: 'code',
  },
  disableDuplicate: true,
  fields: [
    {
      name: 'id',
      type: 'text',
      admin: { hidden: true },
      hooks: {
        beforeValidate: [
          ({ siblingData, value }) =>
            value ??
            (typeof siblingData?.code === 'string' ? siblingData.code.trim().toUpperCase() : value),
        ],
      },
    },
    {
      name: 'code',
      type: 'text',
      hooks: { beforeValidate: [upperTrim] },
      required: true,
      unique: true,
      validate: (value: null | string | undefined) =>
        (typeof value === 'string' && /^[A-Z]{2}$/.test(value)) ||
        'must be a two-letter state code',
    },
    { name: 'name', type: 'text' },
  ],
  labels: { plural: 'States', singular: 'State' },
}
