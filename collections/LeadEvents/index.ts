import type { CollectionConfig } from 'payload'

import { listTransfer } from '@/admin/transfer'
import { noSsnInTextarea } from '@/creditData/ssnFields'
import { leadEventStatuses, leadEventTypes } from '@/fields/leadEventValues'
import { stampedUserField } from '@/fields/stampedUser'
import { checkLeadEvent } from '@/flows/leadContact'
import { followLeadEvent } from '@/leadDesk/eventHooks'

import { staffOnlyField } from '../../access/isStaff'
import { nobodyFieldLevel } from '../../access/nobody'
import { policyAccess } from '../../access/policy'

const options = (values: readonly string[]) => values.map((value) => ({ label: value, value }))

const transfer = listTransfer('leadEvents')

/** Something that happened on a lead. Served by Payload's REST API at /api/leadEvents. */
export const LeadEvents: CollectionConfig = {
  slug: 'leadEvents',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: {
    dealerScope: { lead: 'lead', rows: 'dealership' },
    readableValues: true,
    webhookEvents: { create: 'lead_event.created', update: 'lead_event.updated' },
  },
  access: policyAccess('leadEvents'),
  admin: {
    components: { beforeListTable: [transfer.component] },
    defaultColumns: ['id', 'lead', 'type', 'status', 'createdAt', 'updatedAt'],
    group: 'Leads',
    listSearchableFields: ['nextSteps'],
    useAsTitle: 'type',
  },
  endpoints: transfer.endpoints,
  fields: [
    {
      name: 'lead',
      type: 'relationship',
      admin: { description: 'The lead this happened on.' },
      index: true,
      relationTo: 'lead',
    },
    {
      type: 'row',
      fields: [
        {
          name: 'type',
          type: 'select',
          admin: { description: 'What happened.' },
          enumName: 'enum_lead_event_type',
          index: true,
          options: options(leadEventTypes),
        },
        {
          name: 'status',
          type: 'select',
          admin: { description: 'Where the lead stands after this event.' },
          enumName: 'enum_lead_event_status',
          index: true,
          options: options(leadEventStatuses),
        },
      ],
    },
    {
      name: 'nextSteps',
      type: 'textarea',
      admin: { description: 'What the agent is to do next on this lead. Never an SSN.' },
      validate: noSsnInTextarea('leadEvents.nextSteps'),
    },
    stampedUserField('createdBy', 'create'),
    {
      name: 'currentStatusFor',
      type: 'relationship',
      admin: {
        description:
          'The lead whose current status this event is. A new event that sets a status becomes current; the previous current event no longer is.',
      },
      index: true,
      relationTo: 'lead',
    },
    {
      name: 'submission',
      type: 'group',
      access: { create: nobodyFieldLevel, read: staffOnlyField, update: nobodyFieldLevel },
      admin: {
        condition: (data) => Boolean(data.submission?.source),
        description:
          'A new lead that duplicated this one: added here as this event instead of as a lead of its own, with the values it carried.',
        readOnly: true,
      },
      fields: [
        { name: 'source', type: 'text', admin: { description: 'How it came: api, import, adf.' } },
        {
          name: 'values',
          type: 'json',
          admin: {
            components: { Field: '/src/admin/JsonReadout#JsonReadout' },
            description: 'The values it carried, as sent.',
          },
        },
      ],
      label: 'Duplicate submission',
    },
  ],
  hooks: { afterChange: [followLeadEvent], beforeChange: [checkLeadEvent] },
  labels: { plural: 'Lead events', singular: 'Lead event' },
}
