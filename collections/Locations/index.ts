import type { CollectionConfig } from 'payload'

import { recordAccess } from '../../access/recordAccess'
import { resolveCity } from '../../hooks/resolveCity'
import { phoneField, zipField } from '../../src/fields/formatted'
import { prefixedId } from '../../src/fields/prefixedId'
import { composeAddress } from './hooks/composeAddress'

const coordinate = (name: string, limit: number) => ({
  name,
  type: 'number' as const,
  max: limit,
  min: -limit,
})

/** A site of a company. The one-line `address` is derived from the structured parts. */
export const Locations: CollectionConfig = {
  slug: 'location',
  access: recordAccess({ integrator: ['read'] }),
  admin: {
    defaultColumns: ['address', 'companyId', 'phone'],
    group: 'Commerce',
    listSearchableFields: ['address', 'zip'],
    useAsTitle: 'address',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('loc_'),
    {
      name: 'companyId',
      type: 'relationship',
      index: true,
      label: 'Company',
      relationTo: 'company',
      required: true,
    },
    { name: 'line1', type: 'text', required: true },
    { name: 'line2', type: 'text' },
    {
      name: 'city',
      type: 'relationship',
      hooks: { beforeValidate: [resolveCity] },
      relationTo: 'city',
      required: true,
    },
    zipField('zip', { index: true, required: true }),
    {
      name: 'address',
      type: 'text',
      admin: { description: 'Composed from line 1, line 2, city, state and ZIP.', readOnly: true },
    },
    phoneField('phone'),
    coordinate('latitude', 90),
    coordinate('longitude', 180),
  ],
  hooks: { beforeChange: [composeAddress] },
  labels: { plural: 'Locations', singular: 'Location' },
}
