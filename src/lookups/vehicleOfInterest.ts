/**
 * The car a lead's customer asked about, on the lead itself: what a lead made by hand (a call, a
 * walk-in) has in place of an ADF document's vehicles. A VIN fills the year, make, model and trim
 * left empty, from a listing of it, the vehicle records or else the VIN decoder
 * (src/lookups/facts.ts): what anyone may learn from the VIN itself, no listing's price.
 */
import type { CollectionBeforeChangeHook, GroupField } from 'payload'

import { vinField } from '@/fields/formatted'
import { integerField } from '@/fields/integer'
import { identityOf, vehicleFacts } from '@/lookups/facts'
import { isVinFormat } from '@/validation/formats'

import type { Lead } from '../../payload-types'

export const vehicleOfInterestField: GroupField = {
  name: 'vehicleOfInterest',
  type: 'group',
  admin: {
    description:
      'The car the customer asked about. A VIN fills the year, make, model and trim left empty (from the listing, else the decoder).',
  },
  fields: [
    {
      type: 'row',
      fields: [
        vinField('vin', { admin: { description: '17 characters; optional.' } }),
        {
          name: 'condition',
          type: 'select',
          options: [
            { label: 'New', value: 'new' },
            { label: 'Used', value: 'used' },
            { label: 'Certified pre-owned', value: 'certified' },
          ],
        },
      ],
    },
    {
      type: 'row',
      fields: [
        integerField('year', { min: 1900 }),
        { name: 'make', type: 'text', maxLength: 100 },
        { name: 'model', type: 'text', maxLength: 100 },
        { name: 'trim', type: 'text', maxLength: 100 },
      ],
    },
  ],
  label: 'Vehicle of interest',
}

type Wanted = NonNullable<Lead['vehicleOfInterest']>

/** Year, make, model and trim a new or changed VIN fills where they are empty. */
export const fillVehicleOfInterest: CollectionBeforeChangeHook<Lead> = async ({
  data,
  originalDoc,
  req,
}) => {
  const wanted: Wanted = { ...originalDoc?.vehicleOfInterest, ...data.vehicleOfInterest }
  const { vin } = wanted
  const changed = vin && vin !== originalDoc?.vehicleOfInterest?.vin
  // Collection hooks run before field validation: a VIN that is not one looks nothing up (its
  // field's check answers 400 after this).
  if (!changed || !isVinFormat(vin.toUpperCase()) || (wanted.year && wanted.make && wanted.model))
    return data
  const facts = await vehicleFacts(req.payload, vin.toUpperCase())
  const known = identityOf(facts)
  if (!known) return data
  return {
    ...data,
    vehicleOfInterest: {
      ...wanted,
      make: wanted.make || known.make,
      model: wanted.model || known.model,
      trim:
        wanted.trim ||
        facts.listing?.trim ||
        facts.vehicle?.trim ||
        facts.spec?.trim ||
        facts.decoded?.trim ||
        null,
      year: wanted.year || known.year,
    },
  }
}
