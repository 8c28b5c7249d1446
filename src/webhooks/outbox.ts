/**
 * The outbox: a change that announces an event writes one delivery per subscribed, enabled
 * endpoint (src/webhooks/subscriptions.ts), through the change's own request, so in its
 * transaction. If the change rolls back,
 * so do its deliveries; once it commits, they are in the database, whatever happens to the
 * process next, for the job runner to send (src/webhooks/deliver.ts).
 */
import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import type { CollectionAfterChangeHook, SanitizedCollectionConfig } from 'payload'

import { batchWrite } from '@/db/batchedWrites'
import { isRecord } from '@/lib/isRecord'

import { type EventPayload, eventPayload, type EventType, UNANNOUNCED_STATUSES } from './events'
import { subscribers } from './subscriptions'

type Announcement = {
  extra?: Pick<EventPayload['data'], 'previousStatus' | 'status'>
  type: EventType
}

const submissionStatus = (doc: unknown): null | string => {
  const submission = isRecord(doc) ? doc.providerSubmission : undefined
  return isRecord(submission) && typeof submission.status === 'string' ? submission.status : null
}

/** What this change announces. */
const announcements = (
  collection: SanitizedCollectionConfig,
  operation: 'create' | 'update',
  doc: unknown,
  previousDoc: unknown,
): Announcement[] => {
  // A move to the trash or out of it (src/trash) is not an edit: it announces nothing.
  const trashed = (record: unknown) => isRecord(record) && record.deletedAt != null
  if (operation === 'update' && (trashed(doc) || trashed(previousDoc))) return []
  const type = collection.custom?.webhookEvents?.[operation]
  const found: Announcement[] = type ? [{ type }] : []
  if (collection.slug === 'credit-app' && operation === 'update') {
    const previousStatus = submissionStatus(previousDoc)
    const status = submissionStatus(doc)
    if (status !== previousStatus && status && !UNANNOUNCED_STATUSES.includes(status))
      found.push({
        extra: { previousStatus, status },
        type: 'credit_app.submission_status_changed',
      })
  }
  return found
}

/**
 * The INSERT of a change's deliveries, one per endpoint and payload. The join checks each
 * endpoint is still enabled and subscribed as the row is written, so a cached list that has not
 * yet heard of a disabling, an unsubscription or a delete adds nothing.
 */
export const deliveriesStatement = (
  slug: string,
  id: number | string,
  rows: { endpoint: number; payload: EventPayload }[],
): SQL => {
  const now = new Date().toISOString()
  const values = rows.map(
    ({ endpoint, payload }) => sql`(
      ${`msg_${crypto.randomUUID().replace(/-/g, '')}`}::varchar, ${payload.type}::varchar,
      ${endpoint}::integer, ${payload.timestamp}::timestamptz, ${JSON.stringify(payload)}::jsonb)`,
  )
  return sql`
    INSERT INTO webhook_deliveries (message_id, event, endpoint_id, record_key, status,
      attempts, next_attempt_at, payload, created_at, updated_at)
    SELECT d.message_id, d.event::enum_webhook_delivery_event, d.endpoint_id,
      ${`${slug}:${id}`}, 'pending', 0, d.next_attempt_at, d.payload, ${now}, ${now}
      FROM (VALUES ${sql.join(values, sql`, `)})
        AS d(message_id, event, endpoint_id, next_attempt_at, payload)
      JOIN webhook_endpoints endpoint ON endpoint.id = d.endpoint_id AND endpoint.enabled
     WHERE EXISTS (SELECT 1 FROM webhook_endpoints_events subscribed
                    WHERE subscribed.parent_id = endpoint.id
                      AND subscribed.value::text = d.event)`
}

/** afterChange on every collection: the change's deliveries, in its transaction. */
export const recordWebhookEvents: CollectionAfterChangeHook = async ({
  collection,
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const found = announcements(collection, operation, doc, previousDoc)
  if (!found.length) return doc
  const endpoints = await subscribers(
    req,
    found.map(({ type }) => type),
  )
  if (!endpoints.length) return doc
  // The record at depth 0 as this write left it (the hook's doc is at the request's depth).
  const record = await req.payload.findByID({
    collection: collection.slug,
    depth: 0,
    id: doc.id,
    req,
  })
  const rows = found.flatMap(({ extra, type }) => {
    const payload = eventPayload(type, collection, record, extra)
    return endpoints
      .filter(({ events }) => events.includes(type))
      .map((endpoint) => ({ endpoint: endpoint.id, payload }))
  })
  // One INSERT of every delivery, sent with the change's other rows (src/db/batchedWrites.ts).
  batchWrite(req, collection.slug, doc.id, () => [
    { query: deliveriesStatement(collection.slug, doc.id, rows) },
  ])
  return doc
}
