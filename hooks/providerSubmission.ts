import crypto from 'node:crypto'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { PROVIDER_QUEUE, SEND_TASK, type Submission } from '../src/providers/submit'

const QUEUED = 'queuedSubmissions'

/**
 * A credit app created with `toProvider: true`, or updated to it, is (re)queued for its provider:
 * a fresh `queuedAt` stamp, attempts reset, the idempotency key kept (made on the first queueing).
 * Writes by the provider job itself change nothing here.
 */
export const markForProvider: CollectionBeforeChangeHook = ({ data, operation, originalDoc, req }) => {
  if (req.context.providerJob) return data
  const turnedOn = (data.toProvider ?? originalDoc?.toProvider) === true && !(operation === 'update' && originalDoc?.toProvider === true)
  if (!turnedOn) return data
  const previous = (originalDoc?.providerSubmission ?? {}) as Submission
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
  ;((req.context[QUEUED] ??= []) as string[]).push(submission.queuedAt!)
  return data
}

/** Queues the job in the same transaction as the write, so neither exists without the other. */
export const queueForProvider: CollectionAfterChangeHook = async ({ doc, req }) => {
  const queuedAt = (doc.providerSubmission as Submission | undefined)?.queuedAt
  const pending = req.context[QUEUED] as string[] | undefined
  if (!queuedAt || !pending?.includes(queuedAt)) return doc
  pending.splice(pending.indexOf(queuedAt), 1)
  await req.payload.jobs.queue({ input: { attempt: 1, creditApp: String(doc.id), queuedAt }, queue: PROVIDER_QUEUE, req, task: SEND_TASK })
  return doc
}
