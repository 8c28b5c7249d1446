/**
 * The commerce GETs (endpoints 2, 6–10, and the lookups 18–19) called straight from Express, for a caller the credential
 * gate has already authenticated: the same endpoint handler Payload's REST router would call, on
 * a request built as Payload builds one, without what that router costs on top (a Web Request
 * made from Express's, the credential checked a second time, every endpoint's path compiled and
 * tried in turn, the answer copied into a new Response). Anything else goes on to Payload's
 * handlers: other methods and paths, cookie sessions (resolved there), and a caller asking for
 * a language other than the one the service answers in.
 */
import type { RequestHandler } from 'express'
import { type Endpoint, headersWithCors, type Payload, type PayloadRequest } from 'payload'
import * as qs from 'qs-esm'

import type { Answer } from '@/api/endpoint'

import { localRequests, requestUrl } from './localRequest'
import { sendAnswer } from './payloadRest'

type Route = { endpoint: Endpoint; segments: string[] }

/** `params` of `path` against a route's `/creditapps/:id`, or null. */
const matchRoute = (segments: string[], path: string[]): null | Record<string, string> => {
  if (segments.length !== path.length) return null
  const params: Record<string, string> = {}
  for (const [i, segment] of segments.entries()) {
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(path[i])
      } catch {
        return null
      }
    } else if (segment !== path[i]) return null
  }
  return params
}

/** Mounted at /api, after the credential gate and the other checks, before Payload's handlers. */
export const commerceReads = (payload: Payload): RequestHandler => {
  const routes: Route[] = (payload.config.endpoints || [])
    .filter(({ custom, method }) => method === 'get' && custom?.envelope === 'commerce')
    .map((endpoint) => ({ endpoint, segments: endpoint.path.split('/').filter(Boolean) }))
  const local = localRequests(payload)
  return async (req, res, next) => {
    const caller = res.locals.caller
    // API clients only: a staff JWT may come back with headers of Payload's (a refreshed session).
    if (req.method !== 'GET' || caller?.kind !== 'client') return next()
    if (!local.oneLanguage && req.headers['accept-language']) return next()
    const path = req.path.split('/').filter(Boolean)
    let params: null | Record<string, string> = null
    const route = routes.find(({ segments }) => (params = matchRoute(segments, path)))
    if (!route || !params) return next()
    try {
      const url = requestUrl(req)
      const request = await local.build(req, url, {
        query: url.search
          ? qs.parse(url.search, {
              allowEmptyArrays: true,
              arrayLimit: 1000,
              depth: 10,
              ignoreQueryPrefix: true,
            })
          : {},
        routeParams: params,
        user: caller.user,
      })
      // What apiEndpoint keeps in `custom` (Payload types custom as a record of anything).
      const answer = route.endpoint.custom?.answer as
        ((req: PayloadRequest) => Promise<Answer | Response>) | undefined
      const answered = answer ? await answer(request) : await route.endpoint.handler(request)
      if (answered instanceof Response) {
        headersWithCors({ headers: answered.headers, req: request })
        const body = Buffer.from(await answered.arrayBuffer())
        return sendAnswer(req, res, answered.status, answered.headers, body)
      }
      // Serialized here, as Response.json would: no Web Response made and read back.
      const sent = new Headers({ 'content-type': 'application/json', ...answered.headers })
      headersWithCors({ headers: sent, req: request })
      sendAnswer(req, res, answered.status, sent, Buffer.from(JSON.stringify(answered.body)))
    } catch (error) {
      next(error)
    }
  }
}
