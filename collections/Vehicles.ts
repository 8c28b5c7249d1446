import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { upperTrim } from '../hooks/upperTrim'
import { vinField } from '../src/fields/formatted'
import { integerField } from '../src/fields/integer'
import { naturalIdField } from '../src/fields/naturalId'
import { vehicleDescriptionFields } from '../src/fields/vehicle'

/**
 * A vehicle. Its VIN is its id, so every relation to a vehicle is given (and returned) as the VIN.
 * A VIN cannot change: a mistyped one means deleting and re-creating the vehicle.
 */
export const Vehicles: CollectionConfig = {
  slug: 'vehicle',
  access: recordAccess({ integrator: ['read'] }),
  admin: {
    defaultColumns: ['vin', 'year', 'make', 'model', 'trim'],
    group: 'Vehicles',
    listSearchableFields: ['vin', 'make', 'model'],
    useAsTitle: 'vin',
  },
  disableDuplicate: true,
  fields: [
    naturalIdField('vin'),
    {
      ...vinField('vin', { required: true, unique: true }),
      hooks: { beforeValidate: [upperTrim] },
    },
    integerField('year', { min: 1900, required: true }),
    ...vehicleDescriptionFields,
    integerField('seatCount', { min: 0 }),
    integerField('doorCount', { min: 0 }),
    { name: 'interiorColor', type: 'text' },
    { name: 'exteriorColor', type: 'text' },
    { name: 'spec', type: 'relationship', relationTo: 'vehicle-spec' },
  ],
  labels: { plural: 'Vehicles', singular: 'Vehicle' },
}
