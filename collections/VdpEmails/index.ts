import type { CollectionConfig } from 'payload'

import { recordAccess } from '../../access/recordAccess'
import { withHistory } from '../../src/admin/history'
import { stampedUserField } from '../../src/fields/stampedUser'
import { countVins } from './hooks/countVins'

/** A vehicle-detail-page e-mail sent to a lead. Served at /api/vdpEmails. */
export const VdpEmails: CollectionConfig = withHistory({
  slug: 'vdpEmails',
  access: recordAccess({ leadAgent: ['read', 'update'] }),
  admin: {
    defaultColumns: ['id', 'lead', 'vinCount', 'createdAt'],
    group: 'Leads',
    useAsTitle: 'id',
  },
  fields: [
    { name: 'lead', type: 'relationship', index: true, relationTo: 'lead' },
    { name: 'vins', type: 'relationship', hasMany: true, relationTo: 'vin' },
    stampedUserField('createdBy', 'create'),
    stampedUserField('lastModifiedBy', 'change'),
    {
      name: 'vinCount',
      type: 'text',
      admin: { description: 'Number of VINs, kept in step with the list.', readOnly: true },
    },
  ],
  hooks: { beforeChange: [countVins] },
  labels: { plural: 'VDP e-mails', singular: 'VDP e-mail' },
})
