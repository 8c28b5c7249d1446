/**
 * Marking and queueing, the hooks the credit-app collection registers: a write that asks for
 * the provider stamps the app's submission and queues the job in the write's own transaction.
 */
import crypto from 'node:crypto'

import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  PayloadRequest,
  RequestContext,
} from 'payload'

import type { CreditApp } from '../../payload-types'
import { firstHold, isHeld } from './holds'
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
 * An app a hold applies to (./holds.ts) waits in the hold's status instead, with its reason;
 * turned off while held, it is cancelled.
 * Writes by the provider job itself change nothing here.
 */
export const markForProvider: CollectionBeforeChangeHook<CreditApp> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const previous: Submission = originalDoc?.providerSubmission ?? {}
  // A held app has no job to notice toProvider turned off: it is cancelled here.
  if (data.toProvider === false && originalDoc?.toProvider && isHeld(previous.status)) {
    data.providerSubmission = {
      ...previous,
      completedAt: new Date().toISOString(),
      message: 'toProvider was turned off before the app was sent',
      status: 'cancelled',
    }
    return data
  }
  if (!turnedOn(data.toProvider ?? originalDoc?.toProvider, operation, originalDoc, req.context))
    return data
  const hold = await firstHold(req, { ...originalDoc, ...data })
  const submission: Submission = {
    attempts: 0,
    completedAt: null,
    idempotencyKey: previous.idempotencyKey ?? crypto.randomUUID(),
    lastAttemptAt: null,
    message: hold?.message ?? null,
    nextAttemptAt: null,
    providerReference: previous.providerReference ?? null,
    queuedAt: new Date().toISOString(),
    status: (hold?.status as Submission['status']) ?? 'queued',
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
  if (isHeld(doc.providerSubmission?.status)) return doc
  if (!queuedAt || !turnedOn(doc.toProvider, operation, previousDoc, req.context)) return doc
  await req.payload.jobs.queue({
    input: { attempt: 1, creditApp: String(doc.id), queuedAt },
    queue: PROVIDER_QUEUE,
    req,
    task: SEND_TASK,
  })
  return doc
}

/**
 * A held app checked again: queued for its provider (a fresh queueing, in the caller's
 * transaction) when nothing holds it any more, else left held with the current reason.
 */
export const releaseHeld = async (req: PayloadRequest, id: string): Promise<void> => {
  const app = await req.payload.findByID({
    collection: 'credit-app',
    depth: 0,
    disableErrors: true,
    id,
    overrideAccess: true,
    req,
  })
  const previous: Submission = app?.providerSubmission ?? {}
  if (!app?.toProvider || !isHeld(previous.status)) return
  const hold = await firstHold(req, { ...app })
  if (hold && hold.status === previous.status && hold.message === previous.message) return
  const queuedAt = new Date().toISOString()
  const submission: Submission = hold
    ? { ...previous, message: hold.message, status: hold.status as Submission['status'] }
    : { ...previous, message: null, queuedAt, status: 'queued' }
  const wasProviderJob = req.context.providerJob
  try {
    await req.payload.update({
      collection: 'credit-app',
      // The service's own write of the submission: markForProvider leaves it as written here.
      context: { providerJob: true },
      data: { providerSubmission: submission },
      depth: 0,
      id,
      overrideAccess: true,
      req,
    })
  } finally {
    req.context.providerJob = wasProviderJob
  }
  if (!hold)
    await req.payload.jobs.queue({
      input: { attempt: 1, creditApp: id, queuedAt },
      queue: PROVIDER_QUEUE,
      req,
      task: SEND_TASK,
    })
}
