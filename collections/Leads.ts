import type { CollectionConfig } from 'payload'

import { recordAccess } from '../access/recordAccess'
import { listTransfer } from '../src/admin/transfer'
import { personName, titleField } from '../src/admin/titles'
import { emailField, phoneField } from '../src/fields/formatted'

const transfer = listTransfer('lead')

/** A sales lead. Numeric ids: lead events and VDP e-mails refer to leads by number. */
export const Leads: CollectionConfig = {
  slug: 'lead',
  access: recordAccess({ leadAgent: ['read'] }),
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['id', 'firstName', 'lastName', 'email', 'source'],
    group: 'Leads',
    listSearchableFields: ['firstName', 'lastName', 'email'],
    useAsTitle: 'title',
  },
  endpoints: transfer.endpoints,
  fields: [
    titleField(personName),
    { name: 'firstName', type: 'text' },
    { name: 'lastName', type: 'text', index: true },
    emailField('email', { index: true }),
    phoneField('phoneNumber'),
    {
      name: 'source',
      type: 'text',
      admin: { description: 'Where the lead came from, e.g. "website" or "phone".' },
    },
    { name: 'consumer', type: 'relationship', relationTo: 'consumer' },
  ],
  labels: { plural: 'Leads', singular: 'Lead' },
}
