import type { CollectionConfig } from 'payload'

import { noSsnInText } from '@/creditData/ssnFields'
import { dateTimeField } from '@/fields/formatted'
import { leadOfField } from '@/fields/leadOf'
import { cell } from '@/fields/readableValues'
import { options } from '@/fields/selectOptions'
import { stampedUserField } from '@/fields/stampedUser'
import { TASK_STATUSES, TASK_WHAT_MAX } from '@/fields/taskValues'
import { leadTaskTitle, titleField } from '@/fields/titles'
import { recordClosing } from '@/leadDesk/tasks'

import { policyAccess } from '../access/policy'

/**
 * A task on a lead, beside its one follow-up time: what someone at the store must do and by
 * when ("Send the trade-in figures", "Call the bank about the payoff"). Set and ticked off at the
 * lead desk, listed on the dashboard once due. It belongs to the lead's dealership as a note does,
 * moves with the lead on a merge and goes with the person's data.
 */
export const LeadTasks: CollectionConfig = {
  slug: 'lead-task',
  trash: true,
  enableQueryPresets: true,
  versions: true,
  custom: { dealerScope: { lead: 'lead', rows: 'dealership' }, readableValues: true },
  access: policyAccess('lead-task'),
  admin: {
    defaultColumns: ['title', 'dueAt', 'status', 'createdBy'],
    group: 'Leads',
    listSearchableFields: ['title', 'what'],
    useAsTitle: 'title',
  },
  defaultSort: 'dueAt',
  fields: [
    titleField(leadTaskTitle, ['lead', 'what']),
    leadOfField('The lead the task is for.'),
    {
      name: 'what',
      type: 'text',
      admin: { description: 'What to do, in a line. No social security numbers.' },
      label: 'What to do',
      maxLength: TASK_WHAT_MAX,
      required: true,
      validate: noSsnInText('lead-task.what'),
    },
    {
      type: 'row',
      fields: [
        {
          ...dateTimeField('dueAt', { required: true }),
          admin: {
            components: { Cell: cell.dateTime },
            date: { pickerAppearance: 'dayAndTime' },
            description: 'When it must be done by, in your time zone.',
          },
          index: true,
          label: 'Due',
        },
        {
          name: 'status',
          type: 'select',
          defaultValue: 'open',
          index: true,
          options: options(TASK_STATUSES),
          required: true,
        },
      ],
    },
    {
      ...dateTimeField('closedAt'),
      admin: {
        components: { Cell: cell.dateTime },
        description: 'When it was marked done or cancelled. Set by the service.',
        position: 'sidebar',
        readOnly: true,
      },
      label: 'Closed at',
    },
    {
      name: 'closedBy',
      type: 'relationship',
      admin: {
        components: { Field: '/src/admin/values/StampedUser#StampedUser' },
        description: 'The staff user who marked it done or cancelled. Set by the service.',
        position: 'sidebar',
        readOnly: true,
      },
      label: 'Closed by',
      relationTo: 'users',
    },
    stampedUserField('createdBy', 'create'),
    stampedUserField('lastModifiedBy', 'change'),
  ],
  hooks: { beforeChange: [recordClosing] },
  labels: { plural: 'Tasks', singular: 'Task' },
}
