import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { dateField, emailField, phoneField, phoneListField } from '../src/fields/formatted'
import { prefixedId } from '../src/fields/prefixedId'

/** A person who applies for credit. */
export const Consumers: CollectionConfig = {
  slug: 'consumer',
  access: recordAccess({ integrator: ['create', 'read'], staffDelete: false }),
  admin: {
    defaultColumns: ['firstName', 'lastName', 'email', 'phoneNumber'],
    group: 'Credit',
    listSearchableFields: ['firstName', 'lastName', 'email', 'phoneNumber'],
    useAsTitle: 'lastName',
  },
  disableDuplicate: true,
  fields: [
    prefixedId('con_'),
    { name: 'firstName', type: 'text', required: true },
    { name: 'lastName', type: 'text', index: true, required: true },
    dateField('birthDate', { required: true }),
    phoneField('phoneNumber', { index: true, required: true }),
    emailField('email', { index: true }),
    { name: 'ssn', type: 'text', label: 'SSN' },
    phoneListField('phoneNumbers'),
    { name: 'addresses', type: 'relationship', hasMany: true, relationTo: 'address' },
  ],
  labels: { plural: 'Consumers', singular: 'Consumer' },
}
