import type { CollectionConfig, Field } from 'payload'

import { EVENT_TYPES } from '@/webhooks/events'
import { resendEndpoint } from '@/webhooks/resend'

import { policyAccess } from '../../access/policy'

/** How the delivery went: beside the form, where staff look first. */
const outcome = (field: Field): Field =>
  // A cast: TypeScript cannot tell that a field spread with its own admin options is still that
  // field (it checks the copy against every field type's admin options at once).
  ({ ...field, admin: { ...field.admin, position: 'sidebar' } }) as Field

const dateTime = (name: string, description?: string): Field =>
  outcome({
    name,
    type: 'date',
    admin: { date: { pickerAppearance: 'dayAndTime' }, description },
  })

/**
 * The outbox and delivery log of webhooks: one row per event and endpoint, written in the same
 * transaction as the change it announces, then delivered by the job runner (src/webhooks/deliver.ts).
 * Read by staff admins and admin API clients; written only by the service; resent with Resend.
 */
export const WebhookDeliveries: CollectionConfig = {
  slug: 'webhook-deliveries',
  access: policyAccess('webhook-deliveries'),
  admin: {
    defaultColumns: [
      'event',
      'endpoint',
      'status',
      'attempts',
      'lastStatusCode',
      'lastLatencyMs',
      'nextAttemptAt',
      'createdAt',
    ],
    group: 'Operations',
    listSearchableFields: ['messageId', 'recordKey', 'lastError'],
    useAsTitle: 'messageId',
  },
  defaultSort: '-createdAt',
  disableDuplicate: true,
  endpoints: [resendEndpoint],
  fields: [
    {
      name: 'resend',
      type: 'ui',
      admin: { components: { Field: '/src/webhooks/admin/ResendDelivery#ResendDelivery' } },
    },
    {
      name: 'messageId',
      type: 'text',
      admin: {
        description: 'Sent as webhook-id: the same on every attempt and resend.',
        position: 'sidebar',
        readOnly: true,
      },
      required: true,
      unique: true,
    },
    {
      type: 'row',
      fields: [
        {
          name: 'event',
          type: 'select',
          admin: { description: 'The change announced, e.g. deal.updated.' },
          enumName: 'enum_webhook_delivery_event',
          index: true,
          options: [...EVENT_TYPES],
          required: true,
        },
        {
          name: 'endpoint',
          type: 'relationship',
          admin: { description: 'The receiver it is sent to.' },
          index: true,
          relationTo: 'webhook-endpoints',
          required: true,
        },
      ],
    },
    {
      name: 'recordKey',
      type: 'text',
      admin: { description: '<collection>:<id> of the record the event is about.' },
      index: true,
      required: true,
    },
    outcome({
      name: 'status',
      type: 'select',
      admin: {
        description: 'Pending until delivered (succeeded), or failed after the last retry.',
      },
      defaultValue: 'pending',
      enumName: 'enum_webhook_delivery_status',
      index: true,
      options: ['pending', 'succeeded', 'failed'],
      required: true,
    }),
    outcome({
      name: 'attempts',
      type: 'number',
      admin: { description: 'Attempts made so far; a resend starts again from 0.' },
      defaultValue: 0,
    }),
    outcome({
      name: 'lastStatusCode',
      type: 'number',
      admin: { description: "The receiver's HTTP status on the last attempt." },
      label: 'Last status code',
    }),
    outcome({
      name: 'lastLatencyMs',
      type: 'number',
      admin: { description: 'How long the last attempt took, in milliseconds.' },
      label: 'Last latency (ms)',
    }),
    outcome({
      name: 'lastError',
      type: 'text',
      admin: {
        description:
          'Why the last attempt failed: a timeout, a refused address or a non-2xx answer.',
      },
    }),
    dateTime('nextAttemptAt', 'When the next attempt is due (pending deliveries).'),
    dateTime('lastAttemptAt', 'When the last attempt was made.'),
    dateTime('deliveredAt', 'When the receiver accepted it with a 2xx answer.'),
    {
      name: 'payload',
      type: 'json',
      admin: {
        components: { Field: '/src/admin/JsonReadout#JsonReadout' },
        description: "The JSON body sent, signed with the endpoint's secret.",
      },
      required: true,
    },
  ],
  indexes: [{ fields: ['status', 'nextAttemptAt'] }, { fields: ['endpoint', 'recordKey'] }],
  labels: { plural: 'Webhook deliveries', singular: 'Webhook delivery' },
}
