import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import type { RequestHandler } from 'express'
import { handleEndpoints, type SanitizedConfig } from 'payload'
import { formatAdminURL } from 'payload/shared'

import { RECORD_VERSION_HEADER } from '@/api/endpoint'
import { errorBody } from '@/errors'
import { isRecord } from '@/lib/isRecord'
import { refuseInLeanBuild } from '@/lib/leanBuild'
import { logger } from '@/lib/logger'

import { answerTag, noneMatchHits } from './etag'

type RouteHandler = (
  request: Request,
  context: { params: Promise<{ slug: string[] }> },
) => Promise<Response>

type Handlers = Record<string, RouteHandler>

/** Payload's own words for a path no route serves. */
const routeNotFound = (pathname: string) => `Route not found "${pathname}"`

/**
 * What those handlers do, without Next: `@payloadcms/next/routes` loads Next (for the Open Graph
 * image endpoint, /api/og, that it adds), which a process not serving the admin UI never loads.
 */
const withoutNext = (config: SanitizedConfig): RouteHandler => {
  const handler: RouteHandler = async (request, { params }) => {
    const { slug } = await params
    return handleEndpoints({
      config,
      path: formatAdminURL({
        apiRoute: config.routes.api,
        path: `/${slug.map((segment) => encodeURIComponent(segment)).join('/')}`,
      }),
      request,
    })
  }
  return handler
}

const plainHandlers = (config: SanitizedConfig): Handlers => {
  const handler = withoutNext(config)
  return {
    DELETE: handler,
    GET: handler,
    OPTIONS: handler,
    PATCH: handler,
    POST: handler,
    PUT: handler,
  }
}

/** Payload's REST route handlers: the ones Next mounts at /api/[...slug] for the admin UI. */
const loadHandlers = async (config: SanitizedConfig): Promise<Handlers> => {
  refuseInLeanBuild("Next's route handlers")
  const routes = await import('@payloadcms/next/routes')
  return {
    DELETE: routes.REST_DELETE(config),
    GET: routes.REST_GET(config),
    OPTIONS: routes.REST_OPTIONS(config),
    PATCH: routes.REST_PATCH(config),
    POST: routes.REST_POST(config),
    PUT: routes.REST_PUT(config),
  }
}

/** Node's request headers as Web Headers (a repeated header joined, as fetch does). */
export const webHeaders = (raw: ExpressRequest['headers']): Headers => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return headers
}

const toWebRequest = (req: ExpressRequest, url: URL): Request => {
  const headers = webHeaders(req.headers)
  const hasBody = !['GET', 'HEAD'].includes(req.method)
  return new Request(url, {
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    headers,
    method: req.method,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

type ExpressRequest = Parameters<RequestHandler>[0]

/**
 * Sends an answer through Express with its ETag: from the record version an endpoint names
 * (RECORD_VERSION_HEADER, not sent on), else from the answer itself (./etag.ts).
 */
export const sendAnswer = (
  req: ExpressRequest,
  res: Parameters<RequestHandler>[1],
  status: number,
  headers: Headers,
  body: Buffer,
): void => {
  res.status(status)
  headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== RECORD_VERSION_HEADER) res.setHeader(name, value)
  })
  const cookies = headers.getSetCookie()
  if (cookies.length) res.setHeader('set-cookie', cookies)
  const version = headers.get(RECORD_VERSION_HEADER)
  const tag = answerTag(req.method, req.baseUrl + req.path, status, body, version)
  if (tag) {
    res.setHeader('ETag', tag)
    const ifNoneMatch = req.headers['if-none-match']
    if (req.method === 'GET' && ifNoneMatch && noneMatchHits(ifNoneMatch, tag)) {
      res.removeHeader('content-type')
      res.removeHeader('content-length')
      return void res.status(304).end()
    }
  }
  res.end(body)
}

/**
 * A refusal in Payload's `{errors: [{message}]}`: Payload answers a route it does not have (404
 * `Route not found`) and a few others as a bare `{message}`, a shape no other refusal has.
 */
const inErrorsShape = (status: number, headers: Headers, body: Buffer): Buffer => {
  if (status < 400 || !headers.get('content-type')?.includes('json')) return body
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return body
  }
  if (!isRecord(parsed) || 'errors' in parsed || typeof parsed.message !== 'string') return body
  headers.delete('content-length')
  return Buffer.from(JSON.stringify(errorBody('payload', { message: parsed.message, status })))
}

/**
 * A download (a CSV export of any size) goes out as it is written, without an ETag. A write that
 * fails part-way breaks the connection off, so a partial file is never taken for a whole one.
 */
const stream = async (
  req: ExpressRequest,
  res: Parameters<RequestHandler>[1],
  response: Response & { body: ReadableStream<Uint8Array> },
): Promise<void> => {
  res.status(response.status)
  response.headers.forEach((value, name) => res.setHeader(name, value))
  try {
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res)
  } catch (error) {
    const gone = (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE'
    logger[gone ? 'info' : 'error'](
      { err: error, path: req.baseUrl + req.path },
      gone ? 'the client left a download' : 'a download broke off',
    )
  }
}

/** Sends a Web Response of Payload's (or of an endpoint's) through Express. */
const send = async (
  req: ExpressRequest,
  res: Parameters<RequestHandler>[1],
  response: Response,
): Promise<void> => {
  if (response.body && response.headers.get('content-disposition')?.startsWith('attachment'))
    return stream(req, res, response as Response & { body: ReadableStream<Uint8Array> })
  const headers = new Headers(response.headers)
  const body = Buffer.from(await response.arrayBuffer())
  sendAnswer(req, res, response.status, headers, inErrorsShape(response.status, headers, body))
}

/**
 * `/api` served by Payload's REST handlers straight from Express, without Next's router in
 * between: the same handlers, answers and headers, at a fraction of the cost per request (see
 * docs/performance.md). Mounted at `/api`; Next keeps the admin UI. While `next()` says false (a
 * process that does not serve the admin UI, or whose admin UI is still being built) Next's route
 * module is not loaded, and /api/og is not served.
 */
export const payloadRest = (
  config: SanitizedConfig,
  { next: withNext = () => true }: { next?: () => boolean } = {},
): RequestHandler => {
  let nextHandlers: Promise<Handlers> | undefined
  let plain: Promise<Handlers> | undefined
  return async (req, res, next) => {
    try {
      const handlers = withNext()
        ? (nextHandlers ??= loadHandlers(config))
        : (plain ??= Promise.resolve(plainHandlers(config)))
      const handler = (await handlers)[req.method]
      // A client that closed its side while an earlier check waited: no body left to read and no
      // one to answer. (Nothing has been written; a key it claimed lapses with its lease.)
      if (req.socket.destroyed || req.readableAborted) return
      if (!handler)
        return void res
          .status(405)
          .set('Allow', Object.keys(await handlers).join(', '))
          .json(errorBody('payload', { message: 'Method Not Allowed', status: 405 }))
      // req.url, not originalUrl: our middleware may rewrite the query (JSON where).
      const url = new URL(req.baseUrl + req.url, `http://${req.headers.host ?? 'localhost'}`)
      const slug = url.pathname
        .slice('/api/'.length)
        .split('/')
        .filter(Boolean)
        .map(decodeURIComponent)
      // Payload looks the first segment up in plain objects: `__proto__` or `constructor` would
      // find Object's own members (a 500), where any other unknown name is a 404.
      if (slug[0] !== undefined && slug[0] in Object.prototype)
        return void res
          .status(404)
          .json(errorBody('payload', { message: routeNotFound(url.pathname), status: 404 }))
      await send(
        req,
        res,
        await handler(toWebRequest(req, url), { params: Promise.resolve({ slug }) }),
      )
    } catch (error) {
      next(error)
    }
  }
}
