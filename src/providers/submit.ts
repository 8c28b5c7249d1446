/**
 * Sending a credit app to its provider, one attempt per job. A retryable failure queues the next
 * attempt as a new job with `waitUntil` (durable: it is a row in payload_jobs), so a restart
 * loses nothing. Each queueing of a credit app is identified by its `queuedAt`: a job whose
 * stamp no longer matches (the app was re-queued since) has been superseded and does nothing.
 */
import type { PayloadRequest } from 'payload'

import type { CreditApp } from '../../payload-types'
import type { Applicant, Application } from './adapters'
import { retryDelayMs } from './backoff'
import { type ProviderSlug, retrySettings } from './config'
import { stripPii } from './pii'
import { sendApplication } from './send'

export const SEND_TASK = 'sendCreditApp'
export const PROVIDER_QUEUE = 'providers'

export type SendInput = { attempt: number; creditApp: string; queuedAt: string }

/** The state of a credit app's submission, as stored in its `providerSubmission` group. */
export type Submission = NonNullable<CreditApp['providerSubmission']>

type Doc = Record<string, unknown>

const text = (value: unknown): null | string => (typeof value === 'string' && value ? value : null)
const relation = (value: unknown): Doc => (value && typeof value === 'object' ? (value as Doc) : {})

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

export const submitCreditApp = async (req: PayloadRequest, input: SendInput): Promise<string> => {
  const { payload } = req
  const app = (await payload.findByID({
    collection: 'credit-app',
    // Reading the app for sending decrypts its SSNs (context flag); each such read is audited.
    context: { revealForProvider: true },
    depth: 1,
    disableErrors: true,
    id: input.creditApp,
    overrideAccess: true,
    req,
  })) as Doc | null
  if (!app) return 'deleted'
  let submission = (app.providerSubmission ?? {}) as Submission
  if (
    !submission.queuedAt ||
    new Date(submission.queuedAt).getTime() !== new Date(input.queuedAt).getTime()
  )
    return 'superseded'
  const save = async (changes: { providerResponse?: unknown; providerSubmission: Submission }) => {
    submission = { ...submission, ...changes.providerSubmission }
    await payload.update({
      collection: 'credit-app',
      // The shared req keeps its context: the SSNs are revealed for the read above only.
      context: { providerJob: true, revealForProvider: false },
      data: {
        ...changes,
        providerResponse: changes.providerResponse as CreditApp['providerResponse'],
        providerSubmission: submission,
      },
      depth: 0,
      id: input.creditApp,
      overrideAccess: true,
      req,
    })
  }
  const now = () => new Date().toISOString()
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
  await save({
    providerSubmission: {
      attempts: input.attempt,
      lastAttemptAt: now(),
      nextAttemptAt: null,
      status: 'sending',
    },
  })
  const application = toApplication(app)
  const secrets = secretsOf(application)
  const outcome = await sendApplication(
    app.provider as ProviderSlug,
    application,
    submission.idempotencyKey!,
  )
  const clean = (value: unknown) => stripPii(value, secrets)
  req.payload.logger.info(
    {
      attempt: input.attempt,
      creditApp: input.creditApp,
      outcome: outcome.kind,
      provider: app.provider,
      status: 'status' in outcome ? outcome.status : undefined,
    },
    'credit app sent to provider',
  )
  switch (outcome.kind) {
    case 'accepted':
      await save({
        providerResponse: clean(outcome.answer) ?? {},
        providerSubmission: {
          attempts: input.attempt,
          completedAt: now(),
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
          attempts: input.attempt,
          completedAt: now(),
          message: clean(outcome.message) as string,
          status: 'rejected',
        },
      })
      return 'rejected'
    case 'unconfigured':
      await save({
        providerSubmission: {
          attempts: input.attempt,
          completedAt: now(),
          message: outcome.message,
          status: 'failed',
        },
      })
      return 'failed'
    case 'retry': {
      const settings = retrySettings()
      const message = clean(outcome.message) as string
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
      await payload.jobs.queue({
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
  }
}
