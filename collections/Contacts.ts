import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { withHistory } from '../src/admin/history'
import { personName, titleField } from '../src/admin/titles'
import { emailField, phoneField } from '../src/fields/formatted'
import { prefixedId } from '../src/fields/prefixedId'

/**
 * A person the business deals with (dealer staff, agents). The contract names id, roles,
 * firstName and lastName; the other field names are ours (see the README).
 */
export const Contacts: CollectionConfig = withHistory({
  slug: 'contact',
  access: recordAccess({ integrator: ['read', 'update'] }),
  admin: {
    defaultColumns: ['firstName', 'lastName', 'roles', 'primaryEmail', 'isAutomatedAgent'],
    group: 'Commerce',
    listSearchableFields: ['firstName', 'lastName', 'primaryEmail', 'email'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  fields: [
    titleField(personName),
    prefixedId('cnt_'),
    { name: 'roles', type: 'text', hasMany: true },
    { name: 'firstName', type: 'text' },
    { name: 'lastName', type: 'text', index: true },
    {
      name: 'isAutomatedAgent',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'An automated agent (bot), not a person.' },
    },
    { name: 'address', type: 'relationship', relationTo: 'address' },
    phoneField('primaryPhoneNumber'),
    emailField('primaryEmail', { index: true }),
    emailField('email'),
    phoneField('phoneNumber'),
  ],
  labels: { plural: 'Contacts', singular: 'Contact' },
})
