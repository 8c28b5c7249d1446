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

/** Not yet sent: a write to such an app asks the holds again (one may have been lifted or found). */
const WAITING = ['queued', 'retrying']

/**
 * A credit app created with `toProvider: true`, or updated to it, is (re)queued for its provider:
 * a fresh `queuedAt` stamp, attempts reset, the idempotency key kept (made on the first queueing).
 * A hold (./holds.ts) stops it first: the submission takes the hold's status and no stamp, so no
 * job runs. Any other write of an app still waiting (queued, retrying or held) asks the holds
 * again: a hold found stops it (its pending job finds itself superseded); a held app with no hold
 * left is queued. Turned off while held, it is cancelled (no job would notice). Writes by the
 * provider job itself change nothing here.
 */
export const markForProvider: CollectionBeforeChangeHook<CreditApp> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const toProvider = data.toProvider ?? originalDoc?.toProvider
  const on = turnedOn(toProvider, operation, originalDoc, req.context)
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
  const waiting =
    operation === 'update' &&
    !req.context.providerJob &&
    toProvider === true &&
    originalDoc?.toProvider === true &&
    (WAITING.includes(String(previous.status)) || isHeld(previous.status))
  if (!on && !waiting) return data
  const hold = await firstHold(req, { ...originalDoc, ...data })
  if (hold) {
    if (previous.status === hold.status && !on) return data
    data.providerSubmission = {
      ...previous,
      completedAt: null,
      idempotencyKey: previous.idempotencyKey ?? crypto.randomUUID(),
      message: hold.message,
      nextAttemptAt: null,
      queuedAt: null,
      status: hold.status as Submission['status'],
    }
    return data
  }
  if (!on && !isHeld(previous.status)) return data
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

/**
 * Queues the job in the same transaction as the write, so neither exists without the other:
 * whenever markForProvider stamped a new queueing.
 */
export const queueForProvider: CollectionAfterChangeHook<CreditApp> = async ({
  doc,
  previousDoc,
  req,
}) => {
  const queuedAt = doc.providerSubmission?.queuedAt
  if (
    !queuedAt ||
    req.context.providerJob ||
    doc.providerSubmission?.status !== 'queued' ||
    queuedAt === previousDoc?.providerSubmission?.queuedAt
  )
    return doc
  await req.payload.jobs.queue({
    input: { attempt: 1, creditApp: String(doc.id), queuedAt },
    queue: PROVIDER_QUEUE,
    req,
    task: SEND_TASK,
  })
  return doc
}

/**
 * An app's holds asked again, in the caller's transaction: a held app is queued for its provider
 * (a fresh queueing) when nothing holds it any more, else left held with the current reason; an
 * app queued but not yet sent is held when something now holds it (a sanctions list loaded since).
 * Nothing is written when nothing changes.
 */
export const recheckHolds = async (req: PayloadRequest, id: string): Promise<void> => {
  const app = await req.payload.findByID({
    collection: 'credit-app',
    depth: 0,
    disableErrors: true,
    id,
    overrideAccess: true,
    req,
  })
  const previous: Submission = app?.providerSubmission ?? {}
  const held = isHeld(previous.status)
  if (!app?.toProvider || !(held || WAITING.includes(String(previous.status)))) return
  const hold = await firstHold(req, { ...app })
  // Waiting to be sent and nothing holds it: its job is queued already.
  if (!hold && !held) return
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
