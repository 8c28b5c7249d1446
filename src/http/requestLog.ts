import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { performance } from 'node:perf_hooks'

import type { Request, RequestHandler } from 'express'

import { logger } from '@/lib/logger'
import { type RequestContext, requestContext } from '@/lib/requestContext'

const VALID_ID = /^[\w.:-]{1,128}$/

/**
 * A well-formed incoming X-Request-Id is kept, so a caller can follow its own id through our
 * logs; either way the id is echoed back and handed on with the request.
 */
const requestId = (req: IncomingMessage, res: ServerResponse): string => {
  const incoming = req.headers['x-request-id']
  const id =
    typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : crypto.randomUUID()
  req.headers['x-request-id'] = id
  res.setHeader('X-Request-Id', id)
  return id
}

/** The path as the caller sent it, without the query string (which holds caller values). */
const pathOf = (req: IncomingMessage): string =>
  ((req as Request).originalUrl ?? req.url ?? '').split('?')[0]

/**
 * Gives every request an id and logs one line when the response is done (or the connection
 * closed before it was): method, path, status, duration and id; no headers, queries or bodies.
 * The work done for the request runs with its id in the request context, so every line it logs
 * carries it. One call of the shared logger per request: a child logger per request (what
 * pino-http made) cost about a tenth of a commerce read.
 */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = performance.now()
  // As sent: a HEAD is answered as a GET further on (./input/headAsGet).
  const method = req.method
  const reqId = requestId(req, res)
  let logged = false
  const done = () => {
    if (logged) return
    logged = true
    const path = pathOf(req)
    // Static assets of the admin UI would drown the useful lines.
    logger[path.startsWith('/_next/') ? 'debug' : 'info'](
      {
        method,
        ms: Math.round(performance.now() - started),
        path,
        reqId,
        status: res.statusCode,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      'request',
    )
  }
  const context: RequestContext = { reqId }
  res.once('finish', done)
  res.once('close', () => {
    done()
    // Work the request started (a hook's promise, a delivery) may run on in this context after
    // the answer: what was kept for the request (its credential) must not be found there.
    context.closed = true
    delete context.credential
  })
  requestContext.run(context, next)
}
