/**
 * A Payload request built in Express, as Payload's REST handlers build one, for the paths
 * answered before them (./commerceReads.ts, ./compiledWriteRoutes.ts): the caller the credential
 * gate found, the headers, the query, the route's parameters and the translations.
 */
import type { RequestHandler } from 'express'
import {
  createLocalReq,
  getLocalI18n,
  type Payload,
  type PayloadRequest,
  type TypedUser,
} from 'payload'

import { webHeaders } from './payloadRest'

type Given = {
  query: PayloadRequest['query']
  routeParams: Record<string, unknown>
  user: TypedUser | undefined
}

export const localRequests = (payload: Payload) => {
  const languages = Object.keys(payload.config.i18n.supportedLanguages ?? {})
  const i18n = getLocalI18n({
    config: payload.config,
    language: payload.config.i18n.fallbackLanguage,
  })
  return {
    /** With one language, Payload's pick from Accept-Language is always that one. */
    oneLanguage: languages.length <= 1,
    /** The request for `req`; `url` is the address it was sent to. */
    build: async (
      req: Parameters<RequestHandler>[0],
      url: URL,
      { query, routeParams, user }: Given,
    ): Promise<PayloadRequest> =>
      createLocalReq(
        {
          context: {},
          req: {
            headers: webHeaders(req.headers),
            i18n: await i18n,
            payloadAPI: 'REST',
            query,
            routeParams,
            url: url.href,
            // The fields createLocalReq takes from a request; its type wants a whole one.
          } as Partial<PayloadRequest>,
          user,
        },
        payload,
      ),
  }
}

/** The address a request was sent to, as Payload's handlers are given it. */
export const requestUrl = (req: Parameters<RequestHandler>[0]): URL =>
  new URL(req.baseUrl + req.url, `http://${req.headers.host ?? 'localhost'}`)
