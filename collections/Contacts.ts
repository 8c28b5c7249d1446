import type { CollectionConfig } from 'payload'

import { emailField, phoneField } from '@/fields/formatted'
import { phoneSearch } from '@/fields/phoneSearch'
import { prefixedId } from '@/fields/prefixedId'
import { personName, titleField } from '@/fields/titles'

import { policyAccess } from '../access/policy'

const byPhone = phoneSearch(['primaryPhoneNumber', 'phoneNumber'])

/**
 * A person the business deals with (dealer staff, agents). The contract names id, roles,
 * firstName and lastName; the other field names are ours (see docs/collections.md).
 */
export const Contacts: CollectionConfig = {
  slug: 'contact',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: { readableValues: true },
  access: policyAccess('contact'),
  admin: {
    defaultColumns: [
      'firstName',
      'lastName',
      'roles',
      'primaryEmail',
      'isAutomatedAgent',
      'updatedAt',
    ],
    group: 'Commerce',
    listSearchableFields: [
      'title',
      'firstName',
      'lastName',
      'primaryEmail',
      'email',
      'primaryPhoneNumber',
      'phoneNumber',
    ],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  hooks: { beforeOperation: [byPhone.hook] },
  fields: [
    titleField(personName, ['firstName', 'lastName']),
    byPhone.field,
    prefixedId('cnt_'),
    {
      name: 'roles',
      type: 'text',
      admin: { description: 'What the person does for us, one role per entry, in free text.' },
      hasMany: true,
    },
    {
      type: 'row',
      fields: [
        { name: 'firstName', type: 'text' },
        { name: 'lastName', type: 'text', index: true },
      ],
    },
    {
      name: 'isAutomatedAgent',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'An automated agent (bot), not a person.' },
    },
    { name: 'address', type: 'relationship', relationTo: 'address' },
    {
      type: 'row',
      fields: [
        phoneField('primaryPhoneNumber', { admin: { description: 'The number to call first.' } }),
        emailField('primaryEmail', {
          admin: { description: 'The address to write to first.' },
          index: true,
        }),
      ],
    },
    {
      type: 'row',
      fields: [
        emailField('email', { admin: { description: 'Another e-mail address, if any.' } }),
        phoneField('phoneNumber', { admin: { description: 'Another phone number, if any.' } }),
      ],
    },
  ],
  labels: { plural: 'Contacts', singular: 'Contact' },
}
