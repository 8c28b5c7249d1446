/**
 * The writes answered from Express by a compiled write when it can, after the credential gate,
 * the rate limit and the body's checks, on a request built as Payload builds one, with Payload's
 * answer (`{doc, message}`, its status, its CORS headers, its ETag). Anything a compiled write does
 * not write goes on to Payload's handlers.
 * - `PATCH /api/leadEvents/{id}` of an API client (src/flows/leadEventPatch.ts);
 * - `POST /api/errors` of a front end, anonymous or an API client (src/flows/errorCreate.ts);
 * - `POST /api/lead` of an API client, a new person (src/flows/leadCreate.ts);
 * - `POST /api/vdpEmails` of an API client (src/flows/vdpEmailCreate.ts);
 * - `PATCH /api/vdpEmails/{id}` of an API client (src/flows/vdpEmailPatch.ts).
 */
import type { RequestHandler } from 'express'
import { type CollectionSlug, headersWithCors, type Payload, type PayloadRequest } from 'payload'

import { errorBody, failureAnswer } from '@/errors'
import { compiledWritesOn } from '@/flows/compiledWrites'
import { createErrorRecord } from '@/flows/errorCreate'
import { createLead } from '@/flows/leadCreate'
import { patchLeadEvent } from '@/flows/leadEventPatch'
import { createVdpEmail } from '@/flows/vdpEmailCreate'
import { patchVdpEmail } from '@/flows/vdpEmailPatch'
import { isRecord } from '@/lib/isRecord'
import { logger } from '@/lib/logger'

import type { Caller } from './caller'
import { localRequests, requestUrl } from './localRequest'
import { sendAnswer } from './payloadRest'

type CompiledRoute = {
  collection: CollectionSlug
  method: 'PATCH' | 'POST'
  /** The path under /api; its first group is the record's id. */
  path: RegExp
  /** Who may be written for this way (the flow decides the rest). */
  callers: Caller['kind'][]
  write: (req: PayloadRequest, body: unknown, id: string | undefined) => Promise<object | undefined>
  status: number
  message: 'general:successfullyCreated' | 'general:updatedSuccessfully'
}

const ROUTES: CompiledRoute[] = [
  {
    callers: ['client'],
    collection: 'leadEvents',
    message: 'general:updatedSuccessfully',
    method: 'PATCH',
    path: /^\/leadEvents\/(\d{1,9})$/,
    status: 200,
    write: (req, body, id) => patchLeadEvent(req, Number(id), body),
  },
  {
    callers: ['anonymous', 'client'],
    collection: 'errors',
    message: 'general:successfullyCreated',
    method: 'POST',
    path: /^\/errors$/,
    status: 201,
    write: (req, body) => createErrorRecord(req, body),
  },
  {
    callers: ['client'],
    collection: 'lead',
    message: 'general:successfullyCreated',
    method: 'POST',
    path: /^\/lead$/,
    status: 201,
    write: (req, body) => createLead(req, body),
  },
  {
    callers: ['client'],
    collection: 'vdpEmails',
    message: 'general:successfullyCreated',
    method: 'POST',
    path: /^\/vdpEmails$/,
    status: 201,
    write: (req, body) => createVdpEmail(req, body),
  },
  {
    callers: ['client'],
    collection: 'vdpEmails',
    message: 'general:updatedSuccessfully',
    method: 'PATCH',
    path: /^\/vdpEmails\/(\d{1,9})$/,
    status: 200,
    write: (req, body, id) => patchVdpEmail(req, Number(id), body),
  },
]

/**
 * The caller the credential gate found; with no credential, anonymous only without a cookie. A
 * cookie may carry a session (or a language) that Payload reads: such a request is Payload's, and
 * is not looked up twice.
 */
const callerOf = (req: Parameters<RequestHandler>[0], locals: { caller?: Caller }) =>
  locals.caller ?? (req.headers.cookie ? undefined : ({ kind: 'anonymous' } as const))

/** Mounted at /api, after the credential gate and the other checks, before Payload's handlers. */
export const compiledWriteRoutes = (payload: Payload): RequestHandler => {
  const local = localRequests(payload)
  return async (req, res, next) => {
    const route = ROUTES.find(
      (candidate) => candidate.method === req.method && candidate.path.test(req.path),
    )
    if (!route || !compiledWritesOn()) return next()
    if (req.url.includes('?') || (!local.oneLanguage && req.headers['accept-language']))
      return next()
    if (req.headers['if-match'] || req.headers['if-none-match']) return next()
    const caller = callerOf(req, res.locals)
    if (!caller || !route.callers.includes(caller.kind)) return next()
    const raw: unknown = res.locals.body
    let body: unknown
    try {
      body = Buffer.isBuffer(raw) ? JSON.parse(raw.toString('utf8')) : undefined
    } catch {
      return next()
    }
    // A client that closed its side while an earlier check waited: nobody to answer, and Payload's
    // handler would write nothing for it either (./payloadRest.ts).
    if (req.socket.destroyed || req.readableAborted) return
    let request: PayloadRequest | undefined
    try {
      const id = route.path.exec(req.path)?.[1]
      request = await local.build(req, requestUrl(req), {
        query: {},
        routeParams: { collection: route.collection, ...(id ? { id } : {}) },
        user: 'user' in caller ? caller.user : undefined,
      })
      const doc = await route.write(request, body, id)
      if (!doc) return next()
      const answer = { doc, message: messageOf(request, route) }
      sendAnswer(
        req,
        res,
        route.status,
        answerHeaders(request),
        Buffer.from(JSON.stringify(answer)),
      )
    } catch (error) {
      // What Payload's handler answers for the same failure (src/errors decides): a database lost
      // once the compiled write began, whose write may or may not have been made, is a 503 with
      // Retry-After; Payload's turn never comes.
      const answer = request && failureAnswer('payload', error)
      if (!request || !answer) return next(error)
      logger.warn({ err: error }, `a compiled write failed: answered ${answer.status}`)
      const headers = answerHeaders(request)
      if (answer.retryAfter) headers.set('Retry-After', String(answer.retryAfter))
      const bytes = Buffer.from(JSON.stringify(errorBody('payload', answer)))
      sendAnswer(req, res, answer.status, headers, bytes)
    }
  }
}

/** The headers Payload's handlers answer with: JSON, and CORS for the request's origin. */
const answerHeaders = (req: PayloadRequest) =>
  headersWithCors({ headers: new Headers({ 'content-type': 'application/json' }), req })

/** Payload's message for the write: "Updated successfully.", "Error record successfully created.". */
const messageOf = (req: PayloadRequest, route: CompiledRoute) => {
  if (route.message === 'general:updatedSuccessfully') return req.t(route.message)
  const singular: unknown = req.payload.collections[route.collection].config.labels.singular
  // A label is text, text by language, or a function of the translation, as Payload reads it;
  // this path serves one language only (above).
  const label =
    typeof singular === 'function'
      ? singular({ i18n: req.i18n, t: req.t })
      : isRecord(singular)
        ? (singular[req.i18n.language] ?? Object.values(singular)[0])
        : singular
  return req.t('general:successfullyCreated', { label })
}
