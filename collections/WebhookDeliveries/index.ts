import type { CollectionConfig, Field } from 'payload'

import { isAdmin } from '../../access/isAdmin'
import { EVENT_TYPES } from '../../src/webhooks/events'
import { resendEndpoint } from '../../src/webhooks/resend'

const nobody = () => false

/** How the delivery went: beside the form, where staff look first. */
const outcome = (field: Field): Field =>
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
  access: { create: nobody, delete: nobody, read: isAdmin, update: nobody },
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
    listSearchableFields: ['messageId', 'recordKey'],
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
        readOnly: true,
      },
      required: true,
      unique: true,
    },
    {
      name: 'event',
      type: 'select',
      enumName: 'enum_webhook_delivery_event',
      index: true,
      options: [...EVENT_TYPES],
      required: true,
    },
    {
      name: 'endpoint',
      type: 'relationship',
      index: true,
      relationTo: 'webhook-endpoints',
      required: true,
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
      defaultValue: 'pending',
      enumName: 'enum_webhook_delivery_status',
      index: true,
      options: ['pending', 'succeeded', 'failed'],
      required: true,
    }),
    outcome({ name: 'attempts', type: 'number', defaultValue: 0 }),
    outcome({ name: 'lastStatusCode', type: 'number', label: 'Last status code' }),
    outcome({ name: 'lastLatencyMs', type: 'number', label: 'Last latency (ms)' }),
    outcome({ name: 'lastError', type: 'text' }),
    dateTime('nextAttemptAt', 'When the next attempt is due (pending deliveries).'),
    dateTime('lastAttemptAt'),
    dateTime('deliveredAt'),
    {
      name: 'payload',
      type: 'json',
      admin: { components: { Field: '/src/admin/JsonReadout#JsonReadout' } },
      required: true,
    },
  ],
  indexes: [{ fields: ['status', 'nextAttemptAt'] }, { fields: ['endpoint', 'recordKey'] }],
  labels: { plural: 'Webhook deliveries', singular: 'Webhook delivery' },
}
