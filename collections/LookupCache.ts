import type { CollectionConfig } from 'payload'

import { isAdmin } from '../access/isAdmin'

/**
 * Answers of the upstream vehicle-data vendor, kept until `expiresAt` so a VIN asked about
 * again costs no second vendor call. Written only by the lookups; admins may inspect or purge it.
 */
export const LookupCache: CollectionConfig = {
  slug: 'lookup-cache',
  access: { create: () => false, delete: isAdmin, read: isAdmin, update: () => false },
  admin: { defaultColumns: ['key', 'expiresAt'], group: 'Operations', useAsTitle: 'key' },
  fields: [
    { name: 'key', type: 'text', index: true, required: true, unique: true },
    {
      name: 'value',
      type: 'json',
      admin: { components: { Field: '/src/admin/JsonReadout#JsonReadout' } },
      required: true,
    },
    {
      name: 'expiresAt',
      type: 'date',
      admin: { date: { pickerAppearance: 'dayAndTime' } },
      index: true,
      required: true,
    },
  ],
  labels: { plural: 'Lookup cache', singular: 'Cached lookup' },
}
