import type { CollectionConfig } from 'payload'

import { recordAccess } from '../../access/recordAccess'
import { stampUser } from '../../hooks/stampUser'
import { countVins } from './hooks/countVins'

/** A vehicle-detail-page e-mail sent to a lead. Served at /api/vdpEmails. */
export const VdpEmails: CollectionConfig = {
  slug: 'vdpEmails',
  access: recordAccess({ leadAgent: ['read', 'update'] }),
  admin: { defaultColumns: ['id', 'lead', 'vinCount', 'createdAt'], group: 'Leads', useAsTitle: 'id' },
  fields: [
    { name: 'lead', type: 'relationship', index: true, relationTo: 'lead' },
    { name: 'vins', type: 'relationship', hasMany: true, relationTo: 'vin' },
    {
      name: 'createdBy',
      type: 'relationship',
      admin: { position: 'sidebar', readOnly: true },
      hooks: { beforeChange: [stampUser('create')] },
      relationTo: 'users',
    },
    {
      name: 'lastModifiedBy',
      type: 'relationship',
      admin: { position: 'sidebar', readOnly: true },
      hooks: { beforeChange: [stampUser('change')] },
      relationTo: 'users',
    },
    { name: 'vinCount', type: 'text', admin: { description: 'Number of VINs, kept in step with the list.', readOnly: true } },
  ],
  hooks: { beforeChange: [countVins] },
  labels: { plural: 'VDP e-mails', singular: 'VDP e-mail' },
}
