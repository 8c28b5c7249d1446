/**
 * The outbox: a change that announces an event writes one delivery per subscribed, enabled
 * endpoint, through the change's own request, so in its transaction. If the change rolls back,
 * so do its deliveries; once it commits, they are in the database, whatever happens to the
 * process next, for the job runner to send (src/webhooks/deliver.ts).
 */
import crypto from 'node:crypto'

import type { CollectionAfterChangeHook, PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { isRecord } from '@/lib/isRecord'

import {
  ANNOUNCED_STATUSES,
  EVENT_SOURCES,
  type EventPayload,
  eventPayload,
  type EventType,
} from './events'

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
  const type = EVENT_SOURCES.get(collection.slug)?.[operation]
  const found: Announcement[] = type ? [{ type }] : []
  if (collection.slug === 'credit-app' && operation === 'update') {
    const previousStatus = submissionStatus(previousDoc)
    const status = submissionStatus(doc)
    if (status !== previousStatus && status && ANNOUNCED_STATUSES.includes(status))
      found.push({
        extra: { previousStatus, status },
        type: 'credit_app.submission_status_changed',
      })
  }
  return found
}

/** Enabled endpoints subscribed to any of these events, with what each is subscribed to. */
const subscribers = async (req: PayloadRequest, types: EventType[]) =>
  (
    await req.payload.find({
      collection: 'webhook-endpoints',
      depth: 0,
      pagination: false,
      req,
      select: { events: true },
      where: { and: [{ enabled: { equals: true } }, { events: { in: types } }] },
    })
  ).docs

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
  for (const { extra, type } of found) {
    const payload = eventPayload(type, collection, record, extra)
    for (const endpoint of endpoints.filter(({ events }) => events?.includes(type))) {
      await req.payload.create({
        collection: 'webhook-deliveries',
        data: {
          endpoint: endpoint.id,
          event: type,
          messageId: `msg_${crypto.randomUUID().replace(/-/g, '')}`,
          nextAttemptAt: payload.timestamp,
          payload,
          recordKey: `${collection.slug}:${doc.id}`,
          status: 'pending',
        },
        depth: 0,
        req,
      })
    }
  }
  return doc
}
