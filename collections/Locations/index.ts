import type { CollectionConfig } from 'payload'

import { phoneField, zipField } from '@/fields/formatted'
import { cityField } from '@/fields/places'
import { prefixedId } from '@/fields/prefixedId'
import { locationTitle, titleField } from '@/fields/titles'
import { rotaWorksAt } from '@/leadDesk/worksAt'

import { policyAccess } from '../../access/policy'
import { deskField } from './desk'
import { composeAddress } from './hooks/composeAddress'

const coordinate = (name: string, limit: number, description: string) => ({
  name,
  type: 'number' as const,
  admin: { description },
  max: limit,
  min: -limit,
})

/**
 * A site of a company. The one-line `address` is derived from the structured parts; the title
 * ("Sunset Motors · dealership · 1200 Sunset Blvd, …") tells a dealership's site from an auction's.
 */
export const Locations: CollectionConfig = {
  custom: { dealerScope: { rows: 'locations' } },
  slug: 'location',
  access: policyAccess('location'),
  admin: {
    defaultColumns: ['address', 'companyId', 'phone', 'updatedAt'],
    group: 'Commerce',
    listSearchableFields: ['title', 'zip', 'phone', 'id'],
    useAsTitle: 'title',
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
    {
      type: 'row',
      fields: [
        { name: 'line1', type: 'text', required: true },
        { name: 'line2', type: 'text', admin: { description: 'Suite or unit, if any.' } },
      ],
    },
    {
      type: 'row',
      fields: [
        cityField(),
        zipField('zip', {
          admin: { description: 'US ZIP code: 12345 or 12345-6789.' },
          index: true,
          required: true,
        }),
      ],
    },
    {
      name: 'address',
      type: 'text',
      admin: {
        description: 'Composed from line 1, line 2, city, state and ZIP.',
        position: 'sidebar',
        readOnly: true,
      },
    },
    phoneField('phone'),
    {
      type: 'row',
      fields: [
        coordinate('latitude', 90, 'Decimal degrees, -90 to 90 (north is positive).'),
        coordinate('longitude', 180, 'Decimal degrees, -180 to 180 (east is positive).'),
      ],
    },
    deskField,
    titleField(locationTitle, ['companyId', 'address']),
  ],
  hooks: { beforeChange: [composeAddress, rotaWorksAt] },
  labels: { plural: 'Locations', singular: 'Location' },
}
