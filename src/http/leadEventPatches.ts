/**
 * `PATCH /api/leadEvents/{id}` of an API client, answered from Express by the compiled write
 * (src/flows/leadEventPatch.ts) when it can: after the credential gate, the rate limit and the
 * body's checks, on a request built as Payload builds one, with Payload's answer
 * (`{doc, message}`, its ETag). Anything it does not write goes on to Payload's handlers.
 */
import type { RequestHandler } from 'express'
import {
  createLocalReq,
  getLocalI18n,
  headersWithCors,
  type Payload,
  type PayloadRequest,
} from 'payload'

import { patchLeadEvent } from '@/flows/leadEventPatch'

import { sendAnswer, webHeaders } from './payloadRest'

const PATH = /^\/leadEvents\/(\d{1,9})$/

/** Mounted at /api, after the credential gate and the other checks, before Payload's handlers. */
export const leadEventPatches = (payload: Payload): RequestHandler => {
  const languages = Object.keys(payload.config.i18n.supportedLanguages ?? {})
  const oneLanguage = languages.length <= 1
  const i18n = getLocalI18n({
    config: payload.config,
    language: payload.config.i18n.fallbackLanguage,
  })
  return async (req, res, next) => {
    const caller = res.locals.caller
    const match = PATH.exec(req.path)
    if (req.method !== 'PATCH' || caller?.kind !== 'client' || !match) return next()
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
      const url = new URL(req.baseUrl + req.url, `http://${req.headers.host ?? 'localhost'}`)
      const request = await createLocalReq(
        {
          context: {},
          req: {
            headers: webHeaders(req.headers),
            i18n: await i18n,
            payloadAPI: 'REST',
            query: {},
            routeParams: { collection: 'leadEvents', id: match[1] },
            url: url.href,
            // The fields createLocalReq takes from a request; its type wants a whole one.
          } as Partial<PayloadRequest>,
          user: caller.user,
        },
        payload,
      )
      const doc = await patchLeadEvent(request, Number(match[1]), body)
      if (!doc) return next()
      const headers = new Headers({ 'content-type': 'application/json' })
      headersWithCors({ headers, req: request })
      const answer = { doc, message: request.t('general:updatedSuccessfully') }
      sendAnswer(req, res, 200, headers, Buffer.from(JSON.stringify(answer)))
    } catch (error) {
      next(error)
    }
  }
}
