/**
 * The events webhooks announce: which collection's change each is, and what its payload holds.
 * A payload is `{type, timestamp, data: {id, collection, record}}` (Standard Webhooks' shape);
 * the record is what an API client may read of it at depth 0, as the change left it, without the
 * credit data (SSNs, birth dates), which a webhook never carries, not even masked.
 */
import {
  type CollectionSlug,
  type Field,
  flattenTopLevelFields,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
} from 'payload'
import { fieldAffectsData } from 'payload/shared'

import { withheldFieldNames } from '@/creditData/marker'

import type { ApiClient } from '../../payload-types'

export const EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead_event.created',
  'lead_event.updated',
  'vdp_email.updated',
  'credit_app.created',
  'credit_app.submission_status_changed',
  'consumer.created',
  'deal.created',
  'deal.updated',
  'error.created',
] as const

export type EventType = (typeof EVENT_TYPES)[number]

/** The event "Send test" sends (src/webhooks/sendTest.ts); no change announces it, no endpoint subscribes to it. */
export const TEST_EVENT = 'webhook.test'

/** The events a collection announces on create and on update: its `custom.webhookEvents`. */
export type WebhookEvents = { create?: EventType; update?: EventType }

/**
 * Submission statuses `credit_app.submission_status_changed` does not announce: the passing
 * `sending`, which each attempt sets for the length of one request. Every other status is
 * announced, holds included (a client sees why an app waits).
 */
export const UNANNOUNCED_STATUSES = ['sending']

/** The collection whose records an event is about: the one that declares it. */
export const eventCollection = (config: SanitizedConfig, type: EventType): CollectionSlug => {
  if (type === 'credit_app.submission_status_changed') return 'credit-app'
  const source = config.collections.find(({ custom }) =>
    Object.values(custom?.webhookEvents ?? {}).includes(type),
  )
  if (!source) throw new Error(`no collection declares the webhook event ${type}`)
  return source.slug as CollectionSlug
}

/** The API client that reads the most: an admin one. */
const apiClient: ApiClient = {
  collection: 'api-clients',
  createdAt: '',
  enabled: true,
  id: 0,
  name: 'webhook payload',
  role: 'admin',
  updatedAt: '',
}

/**
 * Top-level fields whose read access refuses API clients (the staff-only `title` and
 * `lastModifiedBy`…), asked of the fields' own access functions. Anything but a plain `true` (a
 * promise, an answer that needed the record) withholds the field: a payload has no one reader.
 */
const unreadableByApiClients = (fields: Field[]): string[] =>
  flattenTopLevelFields(fields).flatMap((field) => {
    if (!fieldAffectsData(field) || !field.name || !field.access?.read) return []
    // Cast: a request with only its user, which is all these access functions read; one that
    // reads more throws, and its field is withheld.
    try {
      return field.access.read({ req: { user: apiClient } as PayloadRequest }) === true
        ? []
        : [field.name]
    } catch {
      return [field.name]
    }
  })

/**
 * The record without what API clients may not read inside its named groups (a lead's original
 * ADF document, read by staff only), found by the same access functions as at the top level.
 */
const withoutUnreadableInGroups = (
  record: Record<string, unknown>,
  fields: Field[],
): Record<string, unknown> => {
  const result = { ...record }
  for (const field of flattenTopLevelFields(fields)) {
    if (field.type !== 'group' || !('name' in field) || !field.name) continue
    const value = result[field.name]
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue
    const hidden = new Set(unreadableByApiClients(field.fields))
    const kept = Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(([name]) => !hidden.has(name)),
    )
    result[field.name] = withoutUnreadableInGroups(kept, field.fields)
  }
  return result
}

/**
 * Fields a payload never carries: the credit data, hidden fields and what API clients may not
 * read. The OpenAPI document's `x-webhooks` schemas leave out the same ones.
 */
export const withheld = (collection: Pick<SanitizedCollectionConfig, 'fields'>): Set<string> =>
  new Set([...withheldFieldNames(collection.fields), ...unreadableByApiClients(collection.fields)])

export type EventPayload = {
  data: {
    collection: string
    id: number | string
    previousStatus?: null | string
    record: Record<string, unknown>
    status?: null | string
  }
  timestamp: string
  type: EventType
}

/** The payload of `type` for this record. */
export const eventPayload = (
  type: EventType,
  collection: SanitizedCollectionConfig,
  doc: { id: number | string },
  extra: Pick<EventPayload['data'], 'previousStatus' | 'status'> = {},
): EventPayload => {
  const hidden = withheld(collection)
  const record = withoutUnreadableInGroups(
    Object.fromEntries(Object.entries(doc).filter(([name]) => !hidden.has(name))),
    collection.fields,
  )
  return {
    data: { collection: collection.slug, id: doc.id, record, ...extra },
    timestamp: new Date().toISOString(),
    type,
  }
}
