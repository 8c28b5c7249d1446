import type { CollectionConfig } from 'payload'

import { listTransfer } from '@/admin/transfer'
import { timeZoneField } from '@/fields/formatted'
import { prefixedId } from '@/fields/prefixedId'

import { companySettingReaders } from '../access/deskReaders'
import { policyAccess } from '../access/policy'
import { retitleLocations } from '../hooks/retitleLocations'

const transfer = listTransfer('company')

/**
 * Companies, facilitators among them: the contract gives both the same shape and the same `com_`
 * ids, so they are one collection and a facilitator is a company with `isFacilitator`. Their
 * locations are listed through a join on `location.companyId` (one source of truth).
 */
export const Companies: CollectionConfig = {
  slug: 'company',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: { dealerScope: { rows: 'companies' }, readableValues: true },
  access: policyAccess('company'),
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['name', 'address', 'isFacilitator', 'updatedAt'],
    group: 'Commerce',
    listSearchableFields: ['name', 'address', 'id'],
    useAsTitle: 'name',
  },
  disableDuplicate: true,
  endpoints: transfer.endpoints,
  fields: [
    prefixedId('com_'),
    {
      type: 'row',
      fields: [
        { name: 'name', type: 'text', index: true, required: true },
        { name: 'address', type: 'text', admin: { description: 'Head-office address, one line.' } },
      ],
    },
    timeZoneField('timeZone', {
      access: { read: companySettingReaders },
      admin: {
        description:
          "The dealership's time zone: its day, when the dashboard's figures for today start and end. Empty: UTC.",
      },
    }),
    {
      name: 'isFacilitator',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'Facilitates deals (served at /api/facilitators).' },
      index: true,
    },
    {
      name: 'locations',
      type: 'join',
      admin: { description: "The company's sites; a location names its company." },
      collection: 'location',
      on: 'companyId',
    },
  ],
  hooks: { afterChange: [retitleLocations] },
  labels: { plural: 'Companies', singular: 'Company' },
}
