import type { CollectionConfig } from 'payload'

import { loadListEndpoint } from '@/compliance/sanctions/endpoints'
import { sanctionsListTitle, titleField } from '@/fields/titles'

import { nobodyFieldLevel } from '../../access/nobody'
import { policyAccess } from '../../access/policy'

/**
 * A load of OFAC's SDN list (POST /api/sanctions-list/load; the admin UI's form above the list):
 * its counts, who loaded it, and the progress of screening everyone against it. The parsed
 * entries are kept on the record (hidden from every answer); the newest list is the one screened
 * against (src/compliance/sanctions). Kept: nobody changes or deletes one over the API.
 */
export const SanctionsLists: CollectionConfig = {
  slug: 'sanctions-list',
  access: policyAccess('sanctions-list'),
  admin: {
    components: {
      beforeListTable: ['/src/compliance/sanctions/LoadList#LoadList'],
    },
    defaultColumns: ['id', 'createdAt', 'entryCount', 'loadedBy', 'screening.status'],
    description: "OFAC's SDN list as loaded; the newest is screened against.",
    group: 'Compliance',
    useAsTitle: 'title',
  },
  endpoints: [loadListEndpoint],
  fields: [
    titleField(sanctionsListTitle, ['entryCount']),
    {
      type: 'row',
      fields: [
        { name: 'entryCount', type: 'number', access: { update: nobodyFieldLevel } },
        { name: 'aliasCount', type: 'number', access: { update: nobodyFieldLevel } },
        { name: 'addressCount', type: 'number', access: { update: nobodyFieldLevel } },
      ],
    },
    {
      name: 'loadedBy',
      type: 'text',
      admin: { description: 'The staff admin or API client who loaded it.', readOnly: true },
    },
    {
      name: 'screening',
      type: 'group',
      admin: {
        description: 'Screening every applicant and buyer against this list.',
        readOnly: true,
      },
      fields: [
        {
          name: 'status',
          type: 'select',
          enumName: 'enum_sanctions_screening_status',
          options: ['queued', 'running', 'done', 'superseded'].map((value) => ({
            label: value[0].toUpperCase() + value.slice(1),
            value,
          })),
        },
        {
          type: 'row',
          fields: [
            { name: 'screened', type: 'number' },
            { name: 'total', type: 'number' },
            { name: 'matches', type: 'number', admin: { description: 'New possible matches.' } },
          ],
        },
        { name: 'startedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'finishedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
    { name: 'entries', type: 'json', hidden: true },
  ],
  labels: { plural: 'Sanctions lists', singular: 'Sanctions list' },
}
