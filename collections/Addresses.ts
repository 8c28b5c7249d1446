import type { CollectionConfig } from 'payload'

import { zipField } from '@/fields/formatted'
import { cityField } from '@/fields/places'
import { prefixedId } from '@/fields/prefixedId'

import { policyAccess } from '../access/policy'

/** A postal address. `city` accepts a city id or an inline `{name, state}` (found or created). */
export const Addresses: CollectionConfig = {
  custom: { dealerScope: { rows: 'dealerships' } },
  slug: 'address',
  access: policyAccess('address'),
  admin: {
    defaultColumns: ['line1', 'city', 'zip', 'updatedAt'],
    group: 'Commerce',
    listSearchableFields: ['line1', 'line2', 'zip'],
    useAsTitle: 'line1',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('adr_'),
    {
      type: 'row',
      fields: [
        {
          name: 'line1',
          type: 'text',
          admin: { description: 'Street and number.' },
          required: true,
        },
        {
          name: 'line2',
          type: 'text',
          admin: { description: 'Apartment, suite or unit, if any.' },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        zipField('zip', {
          admin: { description: 'US ZIP code: 12345 or 12345-6789.' },
          index: true,
          required: true,
        }),
        cityField(),
      ],
    },
  ],
  labels: { plural: 'Addresses', singular: 'Address' },
}
