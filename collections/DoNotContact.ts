import type { CollectionConfig } from 'payload'

import { doNotContactTitle, titleField } from '@/fields/titles'
import { withdrawDoNotContactEndpoint } from '@/leadDesk/endpoints'

import { notDealersFieldLevel } from '../access/dealer'
import { policyAccess } from '../access/policy'

// Who recorded or withdrew it: an e-mail of house staff or a key's name, not shown to dealers.
const notDealers = { read: notDealersFieldLevel }

/**
 * Do-not-contact requests, one per `Customer DNC Request` lead event, written only by the service
 * (src/leadDesk/doNotContact.ts). Outbound lead events for the lead, or any lead of its consumer,
 * are refused while one exists. Kept apart from consumers, whose API answers the contract fixes.
 * It reads as it happened (hooks/appendOnly.ts): whose request, from which event, when and by
 * whom never change (a merge of leads moves it to the kept lead, nothing else). A withdrawal (the
 * customer asks to hear from the store again) is recorded on it once, and it then refuses nothing.
 */
export const DoNotContact: CollectionConfig = {
  slug: 'do-not-contact',
  access: policyAccess('do-not-contact'),
  custom: {
    appendOnly: {
      fields: [
        'consumer',
        'event',
        'recordedAt',
        'recordedBy',
        'withdrawnAt',
        'withdrawnBy',
        'withdrawnReason',
      ],
      times: ['recordedAt'],
    },
    dealerScope: { rows: 'dealership' },
    readableValues: true,
  },
  admin: {
    defaultColumns: ['title', 'lead', 'recordedAt', 'recordedBy', 'withdrawnAt'],
    description: 'Customers who asked not to be contacted. Recorded from lead events; kept.',
    group: 'Leads',
    // Not `recordedBy`: dealers do not read it, and a search naming it would be refused to them.
    listSearchableFields: ['title'],
    useAsTitle: 'title',
  },
  disableDuplicate: true,
  endpoints: [withdrawDoNotContactEndpoint],
  fields: [
    titleField(doNotContactTitle, ['consumer', 'lead']),
    {
      type: 'row',
      fields: [
        { name: 'lead', type: 'relationship', index: true, relationTo: 'lead', required: true },
        { name: 'consumer', type: 'relationship', index: true, relationTo: 'consumer' },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'recordedAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
        {
          name: 'recordedBy',
          type: 'text',
          access: notDealers,
          admin: { description: 'Who recorded the request: a staff user or an API client.' },
        },
      ],
    },
    { name: 'event', type: 'relationship', relationTo: 'leadEvents' },
    {
      type: 'row',
      fields: [
        {
          name: 'withdrawnAt',
          type: 'date',
          admin: {
            date: { pickerAppearance: 'dayAndTime' },
            description: 'When the customer asked to hear from the store again.',
          },
          index: true,
          label: 'Withdrawn at',
        },
        { name: 'withdrawnBy', type: 'text', access: notDealers, label: 'Withdrawal recorded by' },
      ],
    },
    { name: 'withdrawnReason', type: 'textarea', label: 'Why it was withdrawn' },
  ],
  labels: { plural: 'Do-not-contact requests', singular: 'Do-not-contact request' },
}
