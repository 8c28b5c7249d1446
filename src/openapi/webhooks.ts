/**
 * The webhook events (src/webhooks/events.ts) as `x-webhooks`: each event's payload, with its
 * record's schema less the fields a payload never carries, and the Standard Webhooks headers.
 */
import type { SanitizedConfig } from 'payload'

import { ADF_EXAMPLE } from '@/adf/example'
import {
  EVENT_TYPES,
  eventCollection,
  type EventType,
  TEST_EVENT,
  withheld,
} from '@/webhooks/events'
import { isAdfEvent } from '@/webhooks/formats'

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
  const slug = eventCollection(config, type)
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

/** The event "Send test" sends (src/webhooks/sendTest.ts): no record, only the endpoint's id. */
const testEventSchema: Obj = {
  properties: {
    data: {
      properties: {
        collection: { enum: ['webhook-endpoints'], type: 'string' },
        id: { type: 'integer' },
      },
      required: ['id', 'collection'],
      type: 'object',
    },
    timestamp: { format: 'date-time', type: 'string' },
    type: { enum: [TEST_EVENT], type: 'string' },
  },
  required: ['type', 'timestamp', 'data'],
  type: 'object',
}

/** What an endpoint of the `adf` format gets instead of the JSON payload of a lead event. */
const adfContent = {
  'application/xml': {
    example: ADF_EXAMPLE,
    schema: {
      description:
        "To an endpoint of the `adf` format: the lead as an ADF 1.0 document (its vendor the lead's location, by id and company name), signed the same way. To a `mailto:` endpoint the same document is the plain-text body of an e-mail.",
      type: 'string',
    },
  },
}

const webhook = (type: string, name: string, description: string, responses: string) => ({
  post: {
    description,
    operationId: `webhook${name.slice('Webhook'.length)}`,
    parameters: signatureHeaders,
    requestBody: {
      content: {
        ...json(ref(name)),
        ...(isAdfEvent(type) ? adfContent : {}),
      },
      required: true,
    },
    responses: { '2XX': { description: responses } },
    summary: type,
    tags: ['Webhooks'],
  },
})

export const webhookDocs = (config: SanitizedConfig, records: Records) => ({
  schemas: {
    ...Object.fromEntries(
      EVENT_TYPES.map((type) => [schemaName(type), eventSchema(config, records, type)]),
    ),
    WebhookTest: testEventSchema,
  },
  webhooks: {
    ...Object.fromEntries(
      EVENT_TYPES.map((type) => [
        type,
        webhook(
          type,
          schemaName(type),
          'Sent to each enabled webhook endpoint subscribed to this event, signed per Standard Webhooks (see the README, "Webhooks").',
          'Received. Any other answer, or none, is retried.',
        ),
      ]),
    ),
    [TEST_EVENT]: webhook(
      TEST_EVENT,
      'WebhookTest',
      "Sent to one endpoint when an admin asks for it (`POST /webhook-endpoints/{id}/send-test`, or the admin UI's Send test), signed as every event is; never retried.",
      'Received; any other answer, or none, is reported to the admin who sent it.',
    ),
  },
})
