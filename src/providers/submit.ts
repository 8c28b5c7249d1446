/**
 * Sending a credit app to its provider, one attempt per job. A retryable failure queues the next
 * attempt as a new job with `waitUntil` (durable: it is a row in payload_jobs), so a restart
 * loses nothing. Each queueing of a credit app is identified by its `queuedAt`: a job whose
 * stamp no longer matches (the app was re-queued since) has been superseded and does nothing.
 */
import type { PayloadRequest } from 'payload'

import { isRecord } from '@/lib/isRecord'
import { retryDelayMs } from '@/lib/retry'

import type { CreditApp, TaskSendCreditApp } from '../../payload-types'
import type { Applicant, Application } from './adapters'
import { retrySettings } from './config'
import { firstHold } from './holds'
import { type Json, stripPii } from './pii'
import { type Outcome, sendApplication } from './send'

export const SEND_TASK = 'sendCreditApp'
export const PROVIDER_QUEUE = 'providers'

/** The job's input (task.ts): one attempt at one queueing of one app. */
export type SendInput = TaskSendCreditApp['input']

/** The state of a credit app's submission, as stored in its `providerSubmission` group. */
export type Submission = NonNullable<CreditApp['providerSubmission']>

type Doc = Record<string, unknown>

const text = (value: unknown): null | string => (typeof value === 'string' && value ? value : null)
const relation = (value: unknown): Doc => (isRecord(value) ? value : {})

/** The applicant's values from the credit app, each falling back to the linked consumer's. */
const applicant = (app: Doc, prefix: '' | 'coApplicant', consumer: Doc): Applicant => {
  const pick = (name: string) =>
    text(app[prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name]) ??
    text(consumer[name])
  return {
    birthDate: pick('birthDate'),
    email: pick('email'),
    firstName: pick('firstName'),
    lastName: pick('lastName'),
    phoneNumber: pick('phoneNumber'),
    ssn: prefix ? (text(app.coApplicantSSN) ?? text(consumer.ssn)) : pick('ssn'),
  }
}

export const toApplication = (app: Doc): Application => {
  const vehicle = relation(app.vehicle)
  const coConsumer = relation(app.coApplicantConsumer)
  const co = applicant(app, 'coApplicant', coConsumer)
  return {
    applicant: applicant(app, '', relation(app.consumer)),
    coApplicant: Object.values(co).some(Boolean) ? co : null,
    creditAppId: String(app.id),
    preApprovalId: String(relation(app.preApproval).id ?? app.preApproval),
    vehicle: {
      make: text(vehicle.make),
      model: text(vehicle.model),
      vin: String(vehicle.id ?? app.vehicle),
      year: typeof vehicle.year === 'number' ? vehicle.year : null,
    },
  }
}

const secretsOf = (application: Application): string[] =>
  [application.applicant, application.coApplicant]
    .flatMap((person) => (person ? [person.ssn, person.birthDate] : []))
    .filter((value): value is string => Boolean(value))

type Changes = { providerResponse?: Json; providerSubmission: Submission }
type Save = (changes: Changes) => Promise<void>
type Clean = (value: Json) => Json
type Retry = Extract<Outcome, { kind: 'retry' }>

const now = () => new Date().toISOString()

/** The app as the provider gets it: SSNs in clear (an audited read), relations one level deep. */
const readForSending = (req: PayloadRequest, id: string) =>
  req.payload.findByID({
    collection: 'credit-app',
    // Reading the app for sending decrypts its SSNs (context flag); each such read is audited.
    context: { revealForProvider: true },
    depth: 1,
    disableErrors: true,
    id,
    overrideAccess: true,
    req,
  })

/** A job stands for the app's latest queueing only; one queued before is superseded. */
const isLatestQueueing = (submission: Submission, input: SendInput): boolean =>
  Boolean(submission.queuedAt) &&
  new Date(submission.queuedAt!).getTime() === new Date(input.queuedAt).getTime()

/** Writes each change of the submission's state onto the app, over what was written before. */
const submissionWriter = (req: PayloadRequest, id: string, initial: Submission): Save => {
  let submission = initial
  return async (changes) => {
    // A configuration error stands until the next save: the next attempt tells anew.
    submission = { ...submission, configuration: null, ...changes.providerSubmission }
    await req.payload.update({
      collection: 'credit-app',
      // The shared req keeps its context: the SSNs are revealed for the read above only.
      context: { providerJob: true, revealForProvider: false },
      data: {
        ...changes,
        providerSubmission: submission,
      },
      depth: 0,
      id,
      overrideAccess: true,
      req,
    })
  }
}

const logAttempt = (req: PayloadRequest, input: SendInput, provider: unknown, outcome: Outcome) =>
  req.payload.logger.info(
    {
      attempt: input.attempt,
      creditApp: input.creditApp,
      outcome: outcome.kind,
      provider,
      status: 'status' in outcome ? outcome.status : undefined,
    },
    'credit app sent to provider',
  )

/** A retryable failure: the next attempt after a backoff, or giving up after the last one. */
const retryLater = async (
  req: PayloadRequest,
  input: SendInput,
  save: Save,
  outcome: Retry,
  clean: Clean,
): Promise<string> => {
  const settings = retrySettings()
  const message = String(clean(outcome.message))
  if (input.attempt >= settings.maxAttempts) {
    await save({
      providerSubmission: {
        completedAt: now(),
        message: `gave up after ${input.attempt} attempts; last: ${message}`,
        status: 'failed',
      },
    })
    return 'failed'
  }
  const waitUntil = new Date(
    Date.now() + retryDelayMs(input.attempt, settings, outcome.retryAfterMs),
  )
  // The next attempt is queued before the status says so: a crash in between leaves a job, not a promise.
  await req.payload.jobs.queue({
    input: { ...input, attempt: input.attempt + 1 },
    queue: PROVIDER_QUEUE,
    req,
    task: SEND_TASK,
    waitUntil,
  })
  await save({
    providerSubmission: { message, nextAttemptAt: waitUntil.toISOString(), status: 'retrying' },
  })
  return 'retrying'
}

/** What the provider's answer means for the app, stored; returns the job's result. */
const recordOutcome = async (
  req: PayloadRequest,
  input: SendInput,
  save: Save,
  outcome: Outcome,
  clean: Clean,
): Promise<string> => {
  const finished = { attempts: input.attempt, completedAt: now() }
  switch (outcome.kind) {
    case 'accepted':
      await save({
        providerResponse: clean(outcome.answer) ?? {},
        providerSubmission: {
          ...finished,
          message: null,
          providerReference: outcome.reference,
          status: 'accepted',
        },
      })
      return 'accepted'
    case 'rejected':
      await save({
        providerResponse: clean(outcome.answer) ?? {},
        providerSubmission: {
          ...finished,
          message: String(clean(outcome.message)),
          status: 'rejected',
        },
      })
      return 'rejected'
    case 'unconfigured':
      await save({
        providerSubmission: {
          ...finished,
          configuration: outcome.configuration ?? null,
          message: outcome.message,
          status: 'failed',
        },
      })
      return 'failed'
    case 'retry':
      return retryLater(req, input, save, outcome, clean)
  }
}

export const submitCreditApp = async (req: PayloadRequest, input: SendInput): Promise<string> => {
  const app = await readForSending(req, input.creditApp)
  if (!app) return 'deleted'
  const submission: Submission = app.providerSubmission ?? {}
  if (!isLatestQueueing(submission, input)) return 'superseded'
  const save = submissionWriter(req, input.creditApp, submission)
  if (!app.toProvider) {
    await save({
      providerSubmission: {
        completedAt: now(),
        message: 'toProvider was turned off before the app was sent',
        nextAttemptAt: null,
        status: 'cancelled',
      },
    })
    return 'cancelled'
  }
  // Checked again at each attempt: an authorization revoked or lapsed, or a sanctions match found, since the app was queued.
  const hold = await firstHold(req, { ...app })
  if (hold) {
    await save({
      providerSubmission: {
        message: hold.message,
        nextAttemptAt: null,
        status: hold.status as Submission['status'],
      },
    })
    return 'held'
  }
  await save({
    providerSubmission: {
      attempts: input.attempt,
      lastAttemptAt: now(),
      nextAttemptAt: null,
      status: 'sending',
    },
  })
  // A plain copy: the generated interface has no index signature for reading fields by name.
  const application = toApplication({ ...app })
  const secrets = secretsOf(application)
  // Validation asks for a provider whenever toProvider is on (providerNamed).
  const outcome: Outcome = app.provider
    ? await sendApplication(app.provider, application, submission.idempotencyKey!)
    : { kind: 'unconfigured', message: 'no provider was chosen' }
  logAttempt(req, input, app.provider, outcome)
  return recordOutcome(req, input, save, outcome, (value) => stripPii(value, secrets))
}
