import type { CollectionConfig, Field } from 'payload'

import { adfField } from '@/adf/fields'
import { listTransfer } from '@/admin/transfer'
import { leadConsentEndpoint } from '@/compliance/consents/leadConsent'
import { noSsnInText } from '@/creditData/ssnFields'
import { emailField, phoneField } from '@/fields/formatted'
import { leadEventStatuses } from '@/fields/leadEventValues'
import { phoneSearch } from '@/fields/phoneSearch'
import { personName, titleField } from '@/fields/titles'
import { inheritDoNotContact } from '@/leadDesk/doNotContact'
import { importLeadRow, keepMatchKeys } from '@/leadDesk/duplicates'
import {
  activityEndpoint,
  assignEndpoint,
  deskEndpoint,
  duplicatesEndpoint,
  intakeEndpoint,
  mergeEndpoint,
} from '@/leadDesk/endpoints'
import { assignFromRota } from '@/leadDesk/roundRobin'
import { assigneeWorksAt } from '@/leadDesk/worksAt'
import { fillVehicleOfInterest, vehicleOfInterestField } from '@/lookups/vehicleOfInterest'

import { notDealersFieldLevel, ownCompanyLocations } from '../access/dealer'
import { nobodyFieldLevel } from '../access/nobody'
import { policyAccess } from '../access/policy'
import type { Lead } from '../payload-types'

const transfer = listTransfer('lead', { createRow: importLeadRow })

const dayAndTime = { date: { pickerAppearance: 'dayAndTime' as const } }

/** What only the service writes (src/leadDesk): shown, never sent. */
const serviceOnly = { create: nobodyFieldLevel, update: nobodyFieldLevel }

/** Shown once the service has set it. */
const once =
  (path: (data: Partial<Lead>) => unknown) =>
  (data: Partial<Lead>): boolean =>
    Boolean(path(data))

const serviceTime = (
  name: 'escalatedAt' | 'firstContactedAt' | 'mergedAt',
  description: string,
): Field => ({
  name,
  type: 'date',
  access: serviceOnly,
  admin: {
    ...dayAndTime,
    condition: once((data) => data[name]),
    description,
    position: 'sidebar',
    readOnly: true,
  },
  index: true,
})

const byPhone = phoneSearch(['phoneNumber'])

/** A column of the leads list worked out from the row (src/admin/leadDesk/LeadFlags.tsx). */
const listCell = (name: string, label: string, cell: string): Field => ({
  name,
  type: 'ui',
  admin: { components: { Cell: `/src/admin/leadDesk/LeadFlags#${cell}` } },
  label,
})

/** A sales lead. Numeric ids: lead events and VDP e-mails refer to leads by number. */
export const Leads: CollectionConfig = {
  slug: 'lead',
  trash: true,
  enableQueryPresets: true,
  access: policyAccess('lead'),
  admin: {
    components: { beforeListTable: [transfer.component] },
    // Nine columns that fit a 1,280 px screen (leadDesk.css narrows the cells): no id column, the
    // first name opens the lead.
    defaultColumns: [
      'firstName',
      'lastName',
      'flags',
      'currentStatus',
      'phoneNumber',
      'location',
      'assignee',
      'followUpDue',
      'age',
    ],
    group: 'Leads',
    listSearchableFields: ['title', 'firstName', 'lastName', 'email', 'phoneNumber', 'source'],
    useAsTitle: 'title',
  },
  // POST /api/lead may answer 200 with a lead it merged the submission into (its OpenAPI text).
  custom: {
    dealerScope: { location: 'location', rows: 'dealership' },
    mergesDuplicates: true,
    readableValues: true,
    webhookEvents: { create: 'lead.created', update: 'lead.updated' },
  },
  endpoints: [
    // Before Payload's own create, which it replaces: a duplicate is merged, not created.
    intakeEndpoint,
    ...transfer.endpoints,
    deskEndpoint,
    assignEndpoint,
    activityEndpoint,
    leadConsentEndpoint,
    duplicatesEndpoint,
    mergeEndpoint,
  ],
  fields: [
    titleField(personName, ['firstName', 'lastName']),
    {
      name: 'desk',
      type: 'ui',
      admin: {
        components: { Field: '/src/admin/leadDesk/LeadDesk#LeadDesk' },
        disableListColumn: true,
      },
    },
    listCell('flags', 'Flags', 'LeadFlagsCell'),
    listCell('age', 'Age', 'LeadAgeCell'),
    {
      type: 'row',
      fields: [
        { name: 'firstName', type: 'text', validate: noSsnInText('lead.firstName') },
        {
          name: 'lastName',
          type: 'text',
          index: true,
          validate: noSsnInText('lead.lastName'),
        },
      ],
    },
    {
      type: 'row',
      fields: [emailField('email', { index: true }), phoneField('phoneNumber')],
    },
    byPhone.field,
    {
      name: 'source',
      type: 'text',
      admin: { description: 'Where the lead came from, e.g. "website" or "phone".' },
      validate: noSsnInText('lead.source'),
    },
    vehicleOfInterestField,
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
      filterOptions: ownCompanyLocations,
      index: true,
      relationTo: 'location',
    },
    {
      type: 'row',
      fields: [
        {
          name: 'assignee',
          type: 'relationship',
          admin: {
            components: { Cell: '/src/admin/leadDesk/AssigneeCell#AssigneeCell' },
            description:
              "Who works this lead. New leads get the next staff user on their location's rota.",
          },
          index: true,
          relationTo: 'users',
        },
        {
          name: 'followUpDue',
          type: 'date',
          admin: { ...dayAndTime, description: 'When the next follow-up is due.' },
          index: true,
          label: 'Follow-up due',
        },
      ],
    },
    {
      name: 'currentStatus',
      type: 'select',
      access: serviceOnly,
      admin: {
        description:
          'The status of the lead event that is its current status (kept by the service).',
        position: 'sidebar',
        readOnly: true,
      },
      enumName: 'enum_lead_current_status',
      index: true,
      options: leadEventStatuses.map((value) => ({ label: value, value })),
    },
    serviceTime('firstContactedAt', 'The first outbound or answered lead event.'),
    serviceTime('escalatedAt', 'When the lead was escalated for not being contacted in time.'),
    {
      name: 'doNotContact',
      type: 'group',
      access: serviceOnly,
      admin: {
        condition: once((data) => data.doNotContact?.at),
        description: 'Set by a Customer DNC Request event: outbound contact is refused.',
        position: 'sidebar',
        readOnly: true,
      },
      fields: [
        { name: 'at', type: 'date', admin: dayAndTime, index: true, label: 'Requested at' },
        // An e-mail of house staff or a key's name: not shown to dealers, as on consents.
        { name: 'by', type: 'text', access: { read: notDealersFieldLevel }, label: 'Recorded by' },
        { name: 'event', type: 'relationship', label: 'From event', relationTo: 'leadEvents' },
      ],
      label: 'Do not contact',
    },
    adfField,
    {
      type: 'row',
      fields: [
        {
          name: 'mergedInto',
          type: 'relationship',
          access: serviceOnly,
          admin: {
            condition: once((data) => data.mergedInto),
            description:
              'This lead was merged into that one as a duplicate: its events and e-mails are there now.',
            position: 'sidebar',
            readOnly: true,
          },
          index: true,
          label: 'Merged into',
          relationTo: 'lead',
        },
      ],
    },
    serviceTime('mergedAt', 'When the lead was merged into another as a duplicate.'),
    // What duplicates are looked up by (src/leadDesk/matchKeys.ts): never shown or sent. Top-level
    // fields, not a group: a hidden group still answers as `{}`.
    { name: 'matchEmail', type: 'text', access: serviceOnly, hidden: true, index: true },
    { name: 'matchFirstName', type: 'text', access: serviceOnly, hidden: true },
    { name: 'matchLastName', type: 'text', access: serviceOnly, hidden: true },
    // A JSON list (one column, GIN-indexed) rather than a hasMany text's child table.
    { name: 'matchPhones', type: 'json', access: serviceOnly, hidden: true },
  ],
  hooks: {
    beforeChange: [
      assigneeWorksAt,
      assignFromRota,
      inheritDoNotContact,
      keepMatchKeys,
      fillVehicleOfInterest,
    ],
    beforeOperation: [byPhone.hook],
  },
  labels: { plural: 'Leads', singular: 'Lead' },
}
