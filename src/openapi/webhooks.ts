/**
 * The webhook events (src/webhooks/events.ts) as `x-webhooks`: each event's payload, with its
 * record's schema less the fields a payload never carries, and the Standard Webhooks headers.
 */
import type { SanitizedConfig } from 'payload'

import { EVENT_TYPES, eventCollection, type EventType, withheld } from '@/webhooks/events'

import type { Records } from './records'
import { json, type Obj, ref } from './responses'

const schemaName = (type: EventType) =>
  `Webhook${type
    .split(/[._]/)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('')}`

const header = (name: string, description: string) => ({
  description,
  in: 'header',
  name,
  required: true,
  schema: { type: 'string' },
})

const signatureHeaders = [
  header('webhook-id', 'The message id (`msg_…`): the same on every attempt and resend.'),
  header('webhook-timestamp', 'When this attempt was signed, in Unix seconds.'),
  header(
    'webhook-signature',
    '`v1,<base64 HMAC-SHA256>` of `<id>.<timestamp>.<body>`, space-separated when a rotated-out secret also signs.',
  ),
]

/** The record as a payload carries it: its schema without the withheld fields. */
const payloadRecord = (config: SanitizedConfig, records: Records, slug: string): Obj => {
  const collection = config.collections.find((candidate) => candidate.slug === slug)!
  const hidden = withheld(collection)
  const schema = records[slug]
  const required = (schema.required ?? []).filter((name) => !hidden.has(name))
  return {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(schema.properties ?? {}).filter(([name]) => !hidden.has(name)),
    ),
    ...(required.length ? { required } : { required: undefined }),
  }
}

const eventSchema = (config: SanitizedConfig, records: Records, type: EventType): Obj => {
  const slug = eventCollection(type)
  const statuses =
    type === 'credit_app.submission_status_changed'
      ? {
          previousStatus: { nullable: true, type: 'string' },
          status: { type: 'string' },
        }
      : {}
  return {
    properties: {
      data: {
        properties: {
          collection: { enum: [slug], type: 'string' },
          id: records[slug].properties?.id,
          record: payloadRecord(config, records, slug),
          ...statuses,
        },
        required: ['id', 'collection', 'record', ...Object.keys(statuses)],
        type: 'object',
      },
      timestamp: { format: 'date-time', type: 'string' },
      type: { enum: [type], type: 'string' },
    },
    required: ['type', 'timestamp', 'data'],
    type: 'object',
  }
}

export const webhookDocs = (config: SanitizedConfig, records: Records) => ({
  schemas: Object.fromEntries(
    EVENT_TYPES.map((type) => [schemaName(type), eventSchema(config, records, type)]),
  ),
  webhooks: Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          description:
            'Sent to each enabled webhook endpoint subscribed to this event, signed per Standard Webhooks (see the README, "Webhooks").',
          operationId: `webhook${schemaName(type).slice('Webhook'.length)}`,
          parameters: signatureHeaders,
          requestBody: { content: json(ref(schemaName(type))), required: true },
          responses: {
            '2XX': { description: 'Received. Any other answer, or none, is retried.' },
          },
          summary: type,
          tags: ['Webhooks'],
        },
      },
    ]),
  ),
})
