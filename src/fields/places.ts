import type { RelationshipField } from 'payload'

import { resolveCity } from '../../hooks/resolveCity'

/**
 * Fields that point at places. Through the API a city may be sent inline (`{name, state}`, found
 * or created by `resolveCity`), and addresses too (created by the collection's
 * `resolveAddresses` hook), so their descriptions say so.
 */
export const cityField = (): RelationshipField => ({
  name: 'city',
  type: 'relationship',
  admin: {
    description: 'Pick a city; through the API an inline {name, state} is found or created.',
  },
  // Read by the OpenAPI document: a write may send the inline form.
  custom: { inlineCity: true },
  hooks: { beforeValidate: [resolveCity] },
  relationTo: 'city',
  required: true,
})

/** Addresses of a person or customer; the collection runs `resolveAddresses` before its operations. */
export const addressesField = (): RelationshipField => ({
  name: 'addresses',
  type: 'relationship',
  admin: {
    description: 'Postal addresses; through the API new ones may be sent inline and are created.',
  },
  hasMany: true,
  relationTo: 'address',
})
