import type { CollectionConfig } from 'payload'

import { vinField } from '@/fields/formatted'
import { integerField } from '@/fields/integer'
import { naturalIdField } from '@/fields/naturalId'
import { vehicleDescriptionFields } from '@/fields/vehicle'

import { policyAccess } from '../access/policy'
import { upperTrim } from '../hooks/upperTrim'

/**
 * A vehicle. Its VIN is its id, so every relation to a vehicle is given (and returned) as the VIN.
 * A VIN cannot change: a mistyped one means deleting and re-creating the vehicle.
 */
export const Vehicles: CollectionConfig = {
  custom: { readableValues: true },
  slug: 'vehicle',
  access: policyAccess('vehicle'),
  admin: {
    defaultColumns: ['vin', 'year', 'make', 'model', 'trim', 'updatedAt'],
    group: 'Vehicles',
    listSearchableFields: ['vin', 'make', 'model', 'trim'],
    useAsTitle: 'vin',
  },
  disableDuplicate: true,
  fields: [
    naturalIdField('vin'),
    {
      ...vinField('vin', {
        admin: { description: "The 17-character VIN: the vehicle's id, so it cannot be changed." },
        required: true,
        unique: true,
      }),
      hooks: { beforeValidate: [upperTrim] },
    },
    integerField('year', { min: 1900, required: true }),
    ...vehicleDescriptionFields,
    {
      type: 'row',
      fields: [integerField('seatCount', { min: 0 }), integerField('doorCount', { min: 0 })],
    },
    {
      type: 'row',
      fields: [
        { name: 'interiorColor', type: 'text' },
        { name: 'exteriorColor', type: 'text' },
      ],
    },
    {
      name: 'spec',
      type: 'relationship',
      admin: { description: 'The make/model/year specification this vehicle matches, if known.' },
      relationTo: 'vehicle-spec',
    },
  ],
  labels: { plural: 'Vehicles', singular: 'Vehicle' },
}
