/**
 * Marking and queueing, the hooks the credit-app collection registers: a write that asks for
 * the provider stamps the app's submission and queues the job in the write's own transaction.
 */
import crypto from 'node:crypto'

import type { CollectionAfterChangeHook, CollectionBeforeChangeHook, RequestContext } from 'payload'

import type { CreditApp } from '../../payload-types'
import { PROVIDER_QUEUE, SEND_TASK, type Submission } from './submit'

/** Asked for on this write: created with toProvider, or updated from off to on (not by the provider job). */
const turnedOn = (
  toProvider: CreditApp['toProvider'] | undefined,
  operation: string,
  previous: CreditApp | undefined,
  context: RequestContext,
) =>
  !context.providerJob &&
  toProvider === true &&
  !(operation === 'update' && previous?.toProvider === true)

/**
 * A credit app created with `toProvider: true`, or updated to it, is (re)queued for its provider:
 * a fresh `queuedAt` stamp, attempts reset, the idempotency key kept (made on the first queueing).
 * Writes by the provider job itself change nothing here.
 */
export const markForProvider: CollectionBeforeChangeHook<CreditApp> = ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  if (!turnedOn(data.toProvider ?? originalDoc?.toProvider, operation, originalDoc, req.context))
    return data
  const previous: Submission = originalDoc?.providerSubmission ?? {}
  const submission: Submission = {
    attempts: 0,
    completedAt: null,
    idempotencyKey: previous.idempotencyKey ?? crypto.randomUUID(),
    lastAttemptAt: null,
    message: null,
    nextAttemptAt: null,
    providerReference: previous.providerReference ?? null,
    queuedAt: new Date().toISOString(),
    status: 'queued',
  }
  data.providerSubmission = submission
  return data
}

/** Queues the job in the same transaction as the write, so neither exists without the other. */
export const queueForProvider: CollectionAfterChangeHook<CreditApp> = async ({
  doc,
  operation,
  previousDoc,
  req,
}) => {
  const queuedAt = doc.providerSubmission?.queuedAt
  if (!queuedAt || !turnedOn(doc.toProvider, operation, previousDoc, req.context)) return doc
  await req.payload.jobs.queue({
    input: { attempt: 1, creditApp: String(doc.id), queuedAt },
    queue: PROVIDER_QUEUE,
    req,
    task: SEND_TASK,
  })
  return doc
}
