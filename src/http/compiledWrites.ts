/**
 * The writes answered from Express by a compiled write when it can, after the credential gate,
 * the rate limit and the body's checks, on a request built as Payload builds one, with Payload's
 * answer (`{doc, message}`, its status, its ETag). Anything a compiled write does not write goes
 * on to Payload's handlers.
 * - `PATCH /api/leadEvents/{id}` of an API client (src/flows/leadEventPatch.ts);
 * - `POST /api/errors` of a front end, anonymous or an API client (src/flows/errorCreate.ts).
 */
import type { RequestHandler } from 'express'
import {
  type CollectionSlug,
  createLocalReq,
  getLocalI18n,
  headersWithCors,
  type Payload,
  type PayloadRequest,
} from 'payload'

import { createErrorRecord } from '@/flows/errorCreate'
import { patchLeadEvent } from '@/flows/leadEventPatch'
import { classifyFailure } from '@/lib/failures'
import { isRecord } from '@/lib/isRecord'

import { type Caller, callerOf } from './caller'
import { answerUnavailable } from './input/refuse'
import { sendAnswer, webHeaders } from './payloadRest'

type CompiledRoute = {
  collection: CollectionSlug
  method: 'PATCH' | 'POST'
  /** The path under /api; its first group is the record's id. */
  path: RegExp
  callers: Caller['kind'][]
  write: (req: PayloadRequest, body: unknown, id: string | undefined) => Promise<object | undefined>
  status: number
  message: 'general:updatedSuccessfully' | 'general:successfullyCreated'
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
]

/** Mounted at /api, after the credential gate and the other checks, before Payload's handlers. */
export const compiledWrites = (payload: Payload): RequestHandler => {
  const languages = Object.keys(payload.config.i18n.supportedLanguages ?? {})
  const oneLanguage = languages.length <= 1
  const i18n = getLocalI18n({
    config: payload.config,
    language: payload.config.i18n.fallbackLanguage,
  })
  return async (req, res, next) => {
    const route = ROUTES.find(
      (candidate) => candidate.method === req.method && candidate.path.test(req.path),
    )
    if (!route) return next()
    if (req.url.includes('?') || (!oneLanguage && req.headers['accept-language'])) return next()
    if (req.headers['if-match'] || req.headers['if-none-match']) return next()
    const raw: unknown = res.locals.body
    let body: unknown
    try {
      body = Buffer.isBuffer(raw) ? JSON.parse(raw.toString('utf8')) : undefined
    } catch {
      return next()
    }
    try {
      // Anonymous unless a credential or a session cookie says otherwise (checked once).
      const caller = await callerOf(payload, req, res)
      if (!route.callers.includes(caller.kind)) return next()
      const id = route.path.exec(req.path)?.[1]
      const url = new URL(req.baseUrl + req.url, `http://${req.headers.host ?? 'localhost'}`)
      const request = await createLocalReq(
        {
          context: {},
          req: {
            headers: webHeaders(req.headers),
            i18n: await i18n,
            payloadAPI: 'REST',
            query: {},
            routeParams: { collection: route.collection, ...(id ? { id } : {}) },
            url: url.href,
            // The fields createLocalReq takes from a request; its type wants a whole one.
          } as Partial<PayloadRequest>,
          user: 'user' in caller ? caller.user : undefined,
        },
        payload,
      )
      const doc = await route.write(request, body, id)
      if (!doc) return next()
      const headers = new Headers({ 'content-type': 'application/json' })
      headersWithCors({ headers, req: request })
      const answer = { doc, message: messageOf(request, route) }
      sendAnswer(req, res, route.status, headers, Buffer.from(JSON.stringify(answer)))
    } catch (error) {
      // A database lost in the middle (after the compiled write began, Payload's turn never
      // comes): 503 with Retry-After, as Payload's own writes answer it.
      if (classifyFailure(error)?.kind === 'unavailable') return answerUnavailable(req, res)
      next(error)
    }
  }
}

/** Payload's message for the write: "Updated successfully.", "Error record successfully created.". */
const messageOf = (req: PayloadRequest, route: CompiledRoute) => {
  if (route.message === 'general:updatedSuccessfully') return req.t(route.message)
  const singular: unknown = req.payload.collections[route.collection].config.labels.singular
  // A label is text, text by language, or a function of the translation (as Payload reads it).
  const label =
    typeof singular === 'function'
      ? singular({ i18n: req.i18n, t: req.t })
      : isRecord(singular)
        ? (singular[req.i18n.language] ?? Object.values(singular)[0])
        : singular
  return req.t('general:successfullyCreated', { label })
}
