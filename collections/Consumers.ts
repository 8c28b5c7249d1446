import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { resolveAddresses } from '../hooks/resolveAddresses'
import { creditDataHooks, encrypted, ssnField } from '../src/creditData'
import { dateField, emailField, phoneField, phoneListField } from '../src/fields/formatted'
import { withHistory } from '../src/fields/history'
import { addressesField } from '../src/fields/places'
import { prefixedId } from '../src/fields/prefixedId'
import { personName, titleField } from '../src/fields/titles'

/** A person who applies for credit. */
export const Consumers: CollectionConfig = withHistory({
  slug: 'consumer',
  access: recordAccess({ integrator: ['create', 'read'], staffDelete: false }),
  admin: {
    defaultColumns: ['firstName', 'lastName', 'email', 'phoneNumber', 'updatedAt'],
    group: 'Credit',
    listSearchableFields: ['firstName', 'lastName', 'email', 'phoneNumber', 'id'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  hooks: { ...creditDataHooks(), beforeOperation: [resolveAddresses] },
  fields: [
    titleField(personName),
    prefixedId('con_'),
    {
      type: 'row',
      fields: [
        { name: 'firstName', type: 'text', required: true },
        { name: 'lastName', type: 'text', index: true, required: true },
      ],
    },
    encrypted(
      dateField('birthDate', {
        admin: { description: 'Date of birth, YYYY-MM-DD; stored encrypted.' },
        required: true,
      }),
    ),
    {
      type: 'row',
      fields: [
        phoneField('phoneNumber', {
          admin: { description: 'Main phone number.' },
          index: true,
          required: true,
        }),
        emailField('email', { index: true }),
      ],
    },
    ssnField('ssn', 'SSN'),
    phoneListField('phoneNumbers'),
    addressesField(),
  ],
  labels: { plural: 'Consumers', singular: 'Consumer' },
})
