import type { CollectionConfig, DateField, Field } from 'payload'

import { dueFromReceived, stampWhenStatus } from '@/compliance/requests/dueDates'
import { deletionEndpoint, exportEndpoint } from '@/compliance/requests/endpoints'
import { noSsnInText, noSsnInTextarea } from '@/compliance/requests/noSsn'
import { statusMovesForward } from '@/compliance/requests/status'
import { stampedUserField } from '@/fields/stampedUser'
import { consumerRequestTitle, titleField } from '@/fields/titles'

import { nobodyFieldLevel } from '../../access/nobody'
import { policyAccess } from '../../access/policy'

const dayAndTime = { date: { pickerAppearance: 'dayAndTime' as const } }

/** What only the service writes: shown, never sent. */
const serviceOnly = { create: nobodyFieldLevel, update: nobodyFieldLevel }

export const requestStatuses = ['received', 'confirmed', 'completed', 'denied'] as const

const serviceDate = (name: string, description: string, hooks: DateField['hooks']): Field => ({
  name,
  type: 'date',
  access: serviceOnly,
  admin: { ...dayAndTime, description, position: 'sidebar', readOnly: true },
  hooks,
  index: true,
})

/**
 * A consumer's request to know (access) or to delete (CCPA/CPRA, Cal. Civ. Code 1798.100–
 * 1798.130), recorded by staff; the service works out its due dates, produces the access
 * request's export and carries out the deletion (src/compliance/requests). Kept, once closed,
 * CONSUMER_REQUEST_KEEP_MONTHS after it was recorded and closed (11 CCR 7101), then deleted by the
 * job runner (src/compliance/requests/purge.ts). Staff may not delete one.
 *
 * It reads as it happened (hooks/appendOnly.ts): whose it is, its kind, when it was confirmed and
 * closed and the deletion's outcome never change; `receivedAt`, which fixes its deadlines, is not
 * in the future and changes only through a recorded correction (who, when, why, the old value).
 */
export const ConsumerRequests: CollectionConfig = {
  slug: 'consumer-requests',
  access: policyAccess('consumer-requests'),
  custom: {
    appendOnly: {
      corrections: ['receivedAt'],
      fields: ['consumer', 'kind', 'confirmedAt', 'closedAt', 'outcome', 'createdBy'],
      times: ['receivedAt'],
    },
    readableValues: true,
  },
  admin: {
    defaultColumns: ['consumer', 'kind', 'status', 'receivedAt', 'confirmBy', 'answerBy'],
    description:
      'Requests to know or delete personal data (CCPA). Confirm receipt within 10 business days and answer within 45 days; the due dates are worked out from when it was received.',
    group: 'Compliance',
    listSearchableFields: ['title'],
    useAsTitle: 'title',
  },
  defaultSort: 'answerBy',
  endpoints: [exportEndpoint, deletionEndpoint],
  fields: [
    titleField(consumerRequestTitle, ['consumer', 'kind']),
    {
      name: 'actions',
      type: 'ui',
      admin: {
        components: { Field: '/src/compliance/requests/RequestActions#RequestActions' },
        disableListColumn: true,
      },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'consumer',
          type: 'relationship',
          index: true,
          relationTo: 'consumer',
          required: true,
        },
        {
          name: 'kind',
          type: 'select',
          admin: { description: 'Access: a copy of their data. Deletion: erase what may go.' },
          enumName: 'enum_consumer_request_kind',
          index: true,
          options: [
            { label: 'Access', value: 'access' },
            { label: 'Deletion', value: 'deletion' },
          ],
          required: true,
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'receivedAt',
          type: 'date',
          admin: {
            ...dayAndTime,
            description:
              'When the request reached the business: its deadlines run from it. Not in the future; once recorded, changed only with a reason for the correction.',
          },
          index: true,
          label: 'Received at',
          required: true,
        },
        {
          name: 'status',
          type: 'select',
          defaultValue: 'received',
          enumName: 'enum_consumer_request_status',
          hooks: { beforeChange: [statusMovesForward] },
          index: true,
          options: requestStatuses.map((value) => ({
            label: value[0].toUpperCase() + value.slice(1),
            value,
          })),
          required: true,
        },
      ],
    },
    {
      name: 'identityVerification',
      type: 'text',
      admin: {
        description:
          'How the identity was verified (e.g. "two data points matched: e-mail and last four of SSN"); never an SSN.',
      },
      label: 'Identity verified by',
      required: true,
      validate: noSsnInText,
    },
    {
      name: 'notes',
      type: 'textarea',
      validate: noSsnInTextarea,
    },
    serviceDate('confirmBy', 'Receipt to be confirmed by (business days).', {
      beforeChange: [dueFromReceived('confirmBy')],
    }),
    serviceDate('answerBy', 'Request to be answered by.', {
      beforeChange: [dueFromReceived('answerBy')],
    }),
    serviceDate('confirmedAt', 'When its status first became confirmed.', {
      beforeChange: [stampWhenStatus(['confirmed', 'completed', 'denied'])],
    }),
    serviceDate('closedAt', 'When it was completed or denied.', {
      beforeChange: [stampWhenStatus(['completed', 'denied'])],
    }),
    {
      name: 'outcome',
      type: 'json',
      access: serviceOnly,
      admin: {
        components: { Field: '/src/admin/JsonReadout#JsonReadout' },
        description:
          'Set by the service: for a deletion, what was de-identified and what was kept, and why.',
        readOnly: true,
      },
    },
    stampedUserField('createdBy', 'create'),
  ],
  labels: { plural: 'Consumer requests', singular: 'Consumer request' },
}
