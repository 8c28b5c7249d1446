import type { CollectionConfig } from 'payload'

import { policyAccess } from '../access/policy'

/**
 * Answers of the upstream vehicle-data vendor, kept until `expiresAt` so a VIN asked about
 * again costs no second vendor call. Written only by the lookups; admins may inspect or purge it.
 */
export const LookupCache: CollectionConfig = {
  slug: 'lookup-cache',
  access: policyAccess('lookup-cache'),
  admin: {
    defaultColumns: ['key', 'expiresAt', 'updatedAt'],
    group: 'Operations',
    listSearchableFields: ['key'],
    useAsTitle: 'key',
  },
  fields: [
    {
      name: 'key',
      type: 'text',
      admin: {
        description: 'What was asked: vendor:<kind>:<VIN>, with :<ZIP> when a ZIP was given.',
      },
      index: true,
      required: true,
      unique: true,
    },
    {
      name: 'value',
      type: 'json',
      admin: {
        components: { Field: '/src/admin/JsonReadout#JsonReadout' },
        description: "The vendor's answer, served again until it expires.",
      },
      required: true,
    },
    {
      name: 'expiresAt',
      type: 'date',
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        description: 'After this, the next lookup of the key asks the vendor again.',
        position: 'sidebar',
      },
      index: true,
      required: true,
    },
  ],
  labels: { plural: 'Lookup cache', singular: 'Cached lookup' },
}
