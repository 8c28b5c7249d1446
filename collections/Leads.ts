import type { CollectionConfig } from 'payload'

import { listTransfer } from '@/admin/transfer'
import { emailField, phoneField } from '@/fields/formatted'
import { personName, titleField } from '@/fields/titles'

import { recordAccess } from '../access/recordAccess'

const transfer = listTransfer('lead')

/** A sales lead. Numeric ids: lead events and VDP e-mails refer to leads by number. */
export const Leads: CollectionConfig = {
  slug: 'lead',
  access: recordAccess({ leadAgent: ['read'] }),
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['id', 'firstName', 'lastName', 'email', 'source', 'createdAt'],
    group: 'Leads',
    listSearchableFields: ['firstName', 'lastName', 'email', 'phoneNumber', 'source'],
    useAsTitle: 'title',
  },
  endpoints: transfer.endpoints,
  fields: [
    titleField(personName, ['firstName', 'lastName']),
    {
      type: 'row',
      fields: [
        { name: 'firstName', type: 'text' },
        { name: 'lastName', type: 'text', index: true },
      ],
    },
    {
      type: 'row',
      fields: [emailField('email', { index: true }), phoneField('phoneNumber')],
    },
    {
      name: 'source',
      type: 'text',
      admin: { description: 'Where the lead came from, e.g. "website" or "phone".' },
    },
    {
      name: 'consumer',
      type: 'relationship',
      admin: { description: 'The consumer record of this person, when there is one.' },
      relationTo: 'consumer',
    },
    {
      name: 'location',
      type: 'relationship',
      admin: {
        description:
          'The dealership location that works this lead: its rota, business hours and manager.',
      },
      index: true,
      relationTo: 'location',
    },
  ],
  labels: { plural: 'Leads', singular: 'Lead' },
}
