import type { CollectionConfig } from 'payload'

import { stampedUserField } from '@/fields/stampedUser'
import { titleField, vdpEmailTitle } from '@/fields/titles'

import { policyAccess } from '../../access/policy'
import { countVins } from './hooks/countVins'

/** A vehicle-detail-page e-mail sent to a lead. Served at /api/vdpEmails. */
export const VdpEmails: CollectionConfig = {
  slug: 'vdpEmails',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: {
    dealerScope: { lead: 'lead', rows: 'dealership' },
    readableValues: true,
    webhookEvents: { update: 'vdp_email.updated' },
  },
  access: policyAccess('vdpEmails'),
  admin: {
    defaultColumns: ['id', 'lead', 'vinCount', 'createdBy', 'createdAt', 'updatedAt'],
    group: 'Leads',
    useAsTitle: 'title',
  },
  fields: [
    titleField(vdpEmailTitle, ['lead', 'vins']),
    {
      name: 'lead',
      type: 'relationship',
      admin: { description: 'The lead the e-mail was sent to.' },
      index: true,
      relationTo: 'lead',
    },
    {
      name: 'vins',
      type: 'relationship',
      admin: { description: 'The vehicles (by VIN) the e-mail showed.' },
      hasMany: true,
      relationTo: 'vin',
    },
    stampedUserField('createdBy', 'create'),
    stampedUserField('lastModifiedBy', 'change'),
    {
      name: 'vinCount',
      type: 'text',
      admin: {
        description: 'Number of VINs, kept in step with the list.',
        position: 'sidebar',
        readOnly: true,
      },
    },
  ],
  hooks: { beforeChange: [countVins] },
  labels: { plural: 'VDP e-mails', singular: 'VDP e-mail' },
}
