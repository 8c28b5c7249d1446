/**
 * What a credit app's page says first (./CreditAppHead.tsx): where sending it stands, in words,
 * with the whole reason and what to do next, and the compliance records it has made (its
 * adverse-action notices and sanctions matches), read as the viewer.
 */
import type { Payload, PayloadRequest, TypedUser } from 'payload'

import { decisionWord } from '@/compliance/adverseAction/decision'
import { withoutAuthorization } from '@/compliance/consents/authorization'
import { AWAITING_AUTHORIZATION } from '@/compliance/consents/kinds'
import type { Linked } from '@/lib/adminHref'
import { isRecord } from '@/lib/isRecord'
import { HOLD_STATUSES } from '@/providers'

import { matchLinks, noticeLinks } from '../values/connected'

/** Dates are the viewer's dealership's days (UTC for whoever has none), as on the dashboard. */
type Viewer = { adminRoute: string; payload: Payload; timeZone: string; user: TypedUser }

export type Tone = 'done' | 'held' | 'problem' | 'waiting'

export type AppHead = {
  /** Held until a credit-report authorization is recorded: the head offers to record it. */
  awaitingAuthorization: boolean
  /** What the status means and what to do next; the provider's or the service's whole message. */
  explanation: string[]
  matches: Linked[]
  notices: Linked[]
  status: string
  times: { label: string; value: string }[]
  tone: Tone
}

const PROVIDERS: Record<string, string> = { provider_a: 'Provider A', provider_b: 'Provider B' }

type Said = { explanation?: string; status: string; tone: Tone }

/** Each status in words, with what it means for the person looking at the app. */
const STATUSES: Record<string, (provider: string) => Said> = {
  accepted: (provider) => ({ status: `Accepted by ${provider}`, tone: 'done' }),
  [AWAITING_AUTHORIZATION]: () => ({
    explanation:
      "Held: no credit-report authorization from the applicant is on file. Record the applicant's consent, and the app is sent.",
    status: 'Held: awaiting authorization',
    tone: 'held',
  }),
  'awaiting sanctions review': () => ({
    explanation:
      'Held: a person on the app scored as a possible match on the sanctions list. It is sent once a reviewer clears the match below.',
    status: 'Held: awaiting sanctions review',
    tone: 'held',
  }),
  blocked: () => ({
    explanation: 'A sanctions match was confirmed: the app is never sent.',
    status: 'Blocked',
    tone: 'problem',
  }),
  cancelled: () => ({ status: 'Sending cancelled', tone: 'done' }),
  failed: (provider) => ({
    explanation: `The app could not be sent to ${provider}. Untick and tick "To Provider" to send it again.`,
    status: `Not sent to ${provider}`,
    tone: 'problem',
  }),
  queued: (provider) => ({ status: `Queued for ${provider}`, tone: 'waiting' }),
  rejected: (provider) => ({
    explanation: `${provider} refused the application: it was not placed with a lender.`,
    status: `Rejected by ${provider}`,
    tone: 'problem',
  }),
  retrying: (provider) => ({
    explanation: `An attempt to send it failed; it is tried again at the time below.`,
    status: `Retrying ${provider}`,
    tone: 'waiting',
  }),
  sending: (provider) => ({ status: `Sending to ${provider}`, tone: 'waiting' }),
}

const NOT_SENT: Said = {
  explanation:
    'Tick "To Provider" on the Provider submission tab, with a provider named, to send it.',
  status: 'Not sent',
  tone: 'waiting',
}

const DECISIONS = { counteroffer: 'counteroffer', declined: 'declined' } as const

/** The provider's decision on an accepted app, as the head names it. */
const decisionOf = (answer: unknown): string | undefined => {
  const word = decisionWord(answer)
  if (word) return DECISIONS[word]
  const raw = isRecord(answer) ? answer.decision : undefined
  return typeof raw === 'string' && raw.trim() ? raw.trim().toLowerCase() : undefined
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined

/** The status, explanation and times of the app's submission, from the app as the viewer reads it. */
export const submissionHead = (
  app: Record<string, unknown>,
): Omit<AppHead, 'matches' | 'notices'> => {
  const submission = isRecord(app.providerSubmission) ? app.providerSubmission : {}
  const provider = PROVIDERS[String(app.provider)] ?? 'the provider'
  const status = text(submission.status)
  const said = (status && STATUSES[status]?.(provider)) || NOT_SENT
  const decision = status === 'accepted' ? decisionOf(app.providerResponse) : undefined
  const explanation = [
    decision ? `Decision: ${decision}.` : undefined,
    said.explanation,
    // A hold's stored message names ids; its explanation above says it in words.
    status && HOLD_STATUSES.includes(status) ? undefined : text(submission.message),
    // Only admins read it (a field for who can change settings).
    text(submission.configuration) && `Configuration: ${text(submission.configuration)}`,
  ].filter((line): line is string => Boolean(line))
  const times = (
    [
      ['Queued', submission.queuedAt],
      ['Last attempt', submission.lastAttemptAt],
      ['Next attempt', status === 'retrying' ? submission.nextAttemptAt : undefined],
      ['Ended', submission.completedAt],
    ] as const
  )
    .filter(([, value]) => text(value))
    .map(([label, value]) => ({ label, value: String(value) }))
  const attempts = typeof submission.attempts === 'number' ? submission.attempts : 0
  return {
    awaitingAuthorization: status === AWAITING_AUTHORIZATION,
    explanation,
    status: decision ? `${said.status}: ${decision}` : said.status,
    times: attempts > 1 ? [...times, { label: 'Attempts', value: String(attempts) }] : times,
    tone: decision === 'declined' ? 'problem' : said.tone,
  }
}

/** The app's adverse-action notices and sanctions matches the viewer may read, each linked. */
export const appRecords = async (viewer: Viewer, app: string) => {
  const [notices, matches] = await Promise.all([
    noticeLinks(viewer, [app]),
    matchLinks(viewer, [app]),
  ])
  return { matches: matches ?? [], notices: notices ?? [] }
}

/**
 * Whose authorization a held app waits for, and the disclosure to read to them (the newest of
 * its kind the viewer may read), for the head's one-step recording; null for a viewer who may
 * not record consents.
 */
export const authorizationToRecord = async (req: PayloadRequest, app: Record<string, unknown>) => {
  // Offered only to whoever may record a consent (the policy's row for consents).
  const create = req.payload.collections.consents.config.access.create
  if (!(await create({ req }))) return null
  const [missing, { docs }] = await Promise.all([
    withoutAuthorization(req, app),
    req.payload.find({
      collection: 'disclosures',
      depth: 0,
      limit: 1,
      overrideAccess: false,
      req,
      sort: '-createdAt',
      where: { kind: { equals: 'credit-report-authorization' } },
    }),
  ])
  const disclosure = docs[0]
  return {
    disclosure: disclosure
      ? {
          id: disclosure.id,
          text: String(disclosure.text ?? ''),
          version: String(disclosure.version ?? ''),
        }
      : null,
    roles: missing.map((person) => person.role),
  }
}
