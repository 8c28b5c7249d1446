import type { CollectionConfig } from 'payload'

import { noSsnInText } from '@/creditData/ssnFields'
import { APPOINTMENT_KINDS, APPOINTMENT_STATUSES } from '@/fields/appointmentValues'
import { dateTimeField } from '@/fields/formatted'
import { leadOfField } from '@/fields/leadOf'
import { cell } from '@/fields/readableValues'
import { options } from '@/fields/selectOptions'
import { stampedUserField } from '@/fields/stampedUser'
import { leadAppointmentTitle, titleField } from '@/fields/titles'

import { policyAccess } from '../access/policy'

/**
 * An appointment with a lead's customer (a showroom visit, a test drive, a call, a delivery),
 * set at the lead desk and marked shown, no-show or cancelled there. It belongs to the lead's
 * dealership as a note does, moves with the lead on a merge and goes with the person's data.
 */
export const LeadAppointments: CollectionConfig = {
  slug: 'lead-appointment',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: { dealerScope: { lead: 'lead', rows: 'dealership' }, readableValues: true },
  access: policyAccess('lead-appointment'),
  admin: {
    defaultColumns: ['title', 'startsAt', 'status', 'createdBy'],
    group: 'Leads',
    listSearchableFields: ['title', 'note'],
    useAsTitle: 'title',
  },
  defaultSort: 'startsAt',
  fields: [
    titleField(leadAppointmentTitle, ['lead', 'kind']),
    leadOfField('The lead whose customer comes or is called.'),
    {
      type: 'row',
      fields: [
        {
          ...dateTimeField('startsAt', { required: true }),
          admin: {
            components: { Cell: cell.dateTime },
            date: { pickerAppearance: 'dayAndTime' },
            description: 'When it starts, in your time zone.',
          },
          index: true,
          label: 'Starts at',
        },
        {
          name: 'kind',
          type: 'select',
          defaultValue: 'showroom-visit',
          options: options(APPOINTMENT_KINDS),
          required: true,
        },
        {
          name: 'status',
          type: 'select',
          defaultValue: 'set',
          index: true,
          options: options(APPOINTMENT_STATUSES),
          required: true,
        },
      ],
    },
    {
      name: 'note',
      type: 'text',
      admin: { description: 'What it is for, or what to have ready. No social security numbers.' },
      maxLength: 500,
      validate: noSsnInText('lead-appointment.note'),
    },
    stampedUserField('createdBy', 'create'),
    stampedUserField('lastModifiedBy', 'change'),
  ],
  labels: { plural: 'Appointments', singular: 'Appointment' },
}
