import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { resolveCity } from '../hooks/resolveCity'
import { zipField } from '../src/fields/formatted'
import { prefixedId } from '../src/fields/prefixedId'

/** A postal address. `city` accepts a city id or an inline `{name, state}` (found or created). */
export const Addresses: CollectionConfig = {
  slug: 'address',
  access: recordAccess({ integrator: ['create', 'read'] }),
  admin: {
    defaultColumns: ['line1', 'city', 'zip'],
    group: 'Commerce',
    listSearchableFields: ['line1', 'zip'],
    useAsTitle: 'line1',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('adr_'),
    { name: 'line1', type: 'text', required: true },
    { name: 'line2', type: 'text' },
    zipField('zip', { index: true, required: true }),
    {
      name: 'city',
      type: 'relationship',
      hooks: { beforeValidate: [resolveCity] },
      relationTo: 'city',
      required: true,
    },
  ],
  labels: { plural: 'Addresses', singular: 'Address' },
}
