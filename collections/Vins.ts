import type { CollectionConfig } from 'payload'

import { vinField } from '@/fields/formatted'

import { policyAccess } from '../access/policy'
import { upperTrim } from '../hooks/upperTrim'

/** A VIN mentioned on the lead side (VDP e-mails list these by numeric id). */
export const Vins: CollectionConfig = {
  slug: 'vin',
  access: policyAccess('vin'),
  admin: {
    defaultColumns: ['vin', 'vehicle', 'updatedAt'],
    group: 'Leads',
    listSearchableFields: ['vin'],
    useAsTitle: 'vin',
  },
  // The VIN is unique, and a copy could only repeat it: no Duplicate action, no /duplicate route.
  disableDuplicate: true,
  fields: [
    {
      ...vinField('vin', {
        admin: {
          description: "The 17-character VIN; VDP e-mails list VINs by this record's number.",
        },
        required: true,
        unique: true,
      }),
      hooks: { beforeValidate: [upperTrim] },
    },
    {
      name: 'vehicle',
      type: 'relationship',
      admin: { description: 'The vehicle record, when we hold one.' },
      relationTo: 'vehicle',
    },
  ],
  labels: { plural: 'VINs', singular: 'VIN' },
}
