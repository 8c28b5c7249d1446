import type { CollectionConfig } from 'payload'

import { integerField } from '@/fields/integer'
import { prefixedId } from '@/fields/prefixedId'
import { moneyField } from '@/fields/readableValues'
import { vehicleDescriptionFields } from '@/fields/vehicle'
import { textMatching } from '@/validation/textMatching'

import { policyAccess } from '../access/policy'

/** A make/model/year/trim specification that vehicles can point at. */
export const VehicleSpecs: CollectionConfig = {
  custom: { readableValues: true },
  slug: 'vehicle-spec',
  access: policyAccess('vehicle-spec'),
  admin: {
    defaultColumns: ['year', 'make', 'model', 'trim', 'msrp', 'updatedAt'],
    group: 'Vehicles',
    listSearchableFields: ['make', 'model', 'trim', 'squishVin'],
    useAsTitle: 'model',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('vs_'),
    integerField('year', { min: 1900, required: true }),
    ...vehicleDescriptionFields,
    {
      name: 'squishVin',
      type: 'text',
      admin: {
        description:
          'VIN positions 1-8 and 10-11: identifies the make, model, body, engine and year.',
      },
      index: true,
      validate: textMatching(
        (value) => /^[A-HJ-NPR-Z0-9]{10}$/.test(value),
        'must be exactly 10 characters of the VIN alphabet',
      ),
    },
    {
      type: 'row',
      fields: [
        {
          name: 'exteriorColors',
          type: 'text',
          admin: { description: 'Exterior color names offered for this spec.' },
          hasMany: true,
        },
        {
          name: 'interiorColors',
          type: 'text',
          admin: { description: 'Interior color names offered for this spec.' },
          hasMany: true,
        },
      ],
    },
    {
      type: 'row',
      fields: [
        moneyField(
          'msrp',
          'Manufacturer suggested retail price; the TCO model uses it when no listing gives a price.',
        ),
        moneyField('invoice', 'Dealer invoice price, in US dollars.'),
      ],
    },
  ],
  labels: { plural: 'Vehicle specs', singular: 'Vehicle spec' },
}
