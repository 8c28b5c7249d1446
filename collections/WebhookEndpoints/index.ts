import type { CollectionConfig, Field } from 'payload'

import { markEncrypted } from '@/creditData/marker'
import { isRecord } from '@/lib/isRecord'
import { guardEndpointFields, showSecretOnce } from '@/webhooks/endpointHooks'
import { EVENT_TYPES } from '@/webhooks/events'
import {
  ADF_EVENTS,
  destinationRefusal,
  formatRefusal,
  mailtoAddress,
  WEBHOOK_FORMATS,
} from '@/webhooks/formats'
import { rotateSecretEndpoint } from '@/webhooks/rotate'
import { sendTestEndpoint } from '@/webhooks/sendTest'
import { announceEndpointChange, announceEndpointDelete } from '@/webhooks/subscriptions'
import { urlRefusal } from '@/webhooks/target'

import { policyAccess } from '../../access/policy'

const MAX_URL_LENGTH = 2048

/** Set by the service only (a write through the API or the admin UI leaves them as they are). */
const systemField = (field: Field): Field =>
  // A cast: TypeScript cannot tell that a field spread with its own admin options is still that
  // field (it checks the copy against every field type's admin options at once).
  ({ ...field, admin: { ...field.admin, position: 'sidebar', readOnly: true } }) as Field

/**
 * Where webhooks go: a URL, the events it subscribes to, and the secret that signs them.
 * Staff admins manage endpoints in the admin UI (Operations); admin API clients over REST.
 */
export const WebhookEndpoints: CollectionConfig = {
  slug: 'webhook-endpoints',
  access: policyAccess('webhook-endpoints'),
  admin: {
    defaultColumns: ['url', 'events', 'enabled', 'consecutiveFailures', 'disabledReason'],
    description:
      'Receivers of signed webhooks (Standard Webhooks). See the README, "Webhooks", for the payloads and how to verify them.',
    group: 'Operations',
    listSearchableFields: ['url', 'description'],
    useAsTitle: 'url',
  },
  disableDuplicate: true,
  endpoints: [rotateSecretEndpoint, sendTestEndpoint],
  fields: [
    {
      name: 'url',
      type: 'text',
      admin: {
        description:
          "https only in production; addresses that resolve to private, loopback or link-local networks are refused. With the adf format, a mailto: address (a CRM's lead mailbox) gets each event as an ADF e-mail.",
      },
      maxLength: MAX_URL_LENGTH,
      required: true,
      // Replaces Payload's checks of the field, the length among them.
      validate: (value: null | string | undefined, { siblingData }: { siblingData: unknown }) => {
        if (!value) return 'is required'
        if (value.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`
        const format = isRecord(siblingData) ? siblingData.format : undefined
        if (mailtoAddress(value) !== null) return destinationRefusal(value, format) ?? true
        return urlRefusal(value) ?? true
      },
    },
    {
      name: 'description',
      type: 'textarea',
      admin: { description: 'Notes for staff: whose receiver this is and what it is for.' },
      maxLength: 1000,
    },
    {
      name: 'events',
      type: 'select',
      admin: { description: 'The changes sent to this URL; other events are not.' },
      enumName: 'enum_webhook_event_type',
      hasMany: true,
      options: [...EVENT_TYPES],
      required: true,
    },
    {
      name: 'format',
      type: 'select',
      admin: {
        description: `json: the event as JSON. adf: a lead as an ADF XML document (Auto-lead Data Format, as CRMs take leads), for ${ADF_EVENTS.join(' and ')} only.`,
      },
      defaultValue: 'json',
      enumName: 'enum_webhook_endpoint_format',
      options: [...WEBHOOK_FORMATS],
      validate: (value: null | string | undefined, { siblingData }: { siblingData: unknown }) =>
        formatRefusal(value, isRecord(siblingData) ? siblingData.events : undefined) ?? true,
    },
    {
      name: 'enabled',
      type: 'checkbox',
      admin: {
        description:
          'Turned off by the service after repeated failures (see "Disabled because"); turn it on again to resume delivery.',
      },
      defaultValue: true,
    },
    {
      name: 'signingSecret',
      type: 'ui',
      admin: { components: { Field: '/src/webhooks/admin/RotateSecret#RotateSecret' } },
    },
    markEncrypted({ name: 'secret', type: 'text', hidden: true }),
    markEncrypted({ name: 'previousSecret', type: 'text', hidden: true }),
    systemField({
      name: 'previousSecretExpiresAt',
      type: 'date',
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Until then, deliveries are signed with the previous secret too.',
      },
    }),
    systemField({
      name: 'consecutiveFailures',
      type: 'number',
      admin: {
        description: 'Failed attempts in a row; a success, or turning the endpoint on, resets it.',
      },
      defaultValue: 0,
    }),
    systemField({
      name: 'disabledReason',
      type: 'text',
      admin: {
        description:
          'Set by the service when it turned the endpoint off: when, and the last failure.',
      },
      label: 'Disabled because',
    }),
  ],
  hooks: {
    afterChange: [showSecretOnce, announceEndpointChange],
    afterDelete: [announceEndpointDelete],
    beforeChange: [guardEndpointFields],
  },
  labels: { plural: 'Webhook endpoints', singular: 'Webhook endpoint' },
}
