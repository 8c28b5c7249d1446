import type { CollectionConfig } from 'payload'

import { encrypted, ssnField } from '@/creditData'
import { dateField, emailField, phoneField, phoneListField } from '@/fields/formatted'
import { phoneSearch } from '@/fields/phoneSearch'
import { addressesField } from '@/fields/places'
import { prefixedId } from '@/fields/prefixedId'
import { personName, titleField } from '@/fields/titles'

import { policyAccess } from '../access/policy'
import { resolveAddresses } from '../hooks/resolveAddresses'

const byPhone = phoneSearch(['phoneNumber', 'phoneNumbers'])

/** A person who applies for credit. */
export const Consumers: CollectionConfig = {
  slug: 'consumer',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: {
    creditData: true,
    dealerScope: { rows: 'dealerships' },
    readableValues: true,
    webhookEvents: { create: 'consumer.created' },
  },
  access: policyAccess('consumer'),
  admin: {
    defaultColumns: ['firstName', 'lastName', 'email', 'phoneNumber', 'updatedAt'],
    group: 'Credit',
    listSearchableFields: ['title', 'firstName', 'lastName', 'email', 'phoneNumber', 'id'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  hooks: { beforeOperation: [resolveAddresses, byPhone.hook] },
  fields: [
    titleField(personName, ['firstName', 'lastName']),
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
    byPhone.field,
    addressesField(),
    {
      name: 'connected',
      type: 'ui',
      admin: {
        components: { Field: '/src/admin/values/ConsumerRecords#ConsumerRecords' },
        disableListColumn: true,
      },
      label: 'Leads, credit apps and deals',
    },
    {
      name: 'consents',
      type: 'ui',
      admin: {
        components: { Field: '/src/admin/values/ConsumerConsents#ConsumerConsents' },
        disableListColumn: true,
      },
      label: 'Consents',
    },
  ],
  labels: { plural: 'Consumers', singular: 'Consumer' },
}
