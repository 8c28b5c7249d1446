import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Request, RequestHandler } from 'express'
import { pinoHttp } from 'pino-http'

import { logger } from '@/lib/logger'
import { requestContext } from '@/lib/requestContext'

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

/** The whole line: method, path, status, duration and id. No headers, queries or bodies. */
const line = (
  req: IncomingMessage,
  res: ServerResponse,
  { responseTime }: { responseTime: number },
) => ({
  method: req.method,
  ms: responseTime,
  path: pathOf(req),
  reqId: req.id,
  status: res.statusCode,
  ...(res.writableFinished ? {} : { aborted: true }),
})

const httpLog = pinoHttp<IncomingMessage, ServerResponse, never>({
  customErrorMessage: () => 'request',
  customErrorObject: (req, res, _error, val) => line(req, res, val),
  // Static assets of the admin UI would drown the useful lines.
  customLogLevel: (req) => (pathOf(req).startsWith('/_next/') ? 'debug' : 'info'),
  customSuccessMessage: () => 'request',
  customSuccessObject: line,
  genReqId: requestId,
  logger,
  // pino-http binds the request to a child logger, whose serializer would log its URL and headers.
  serializers: { req: () => undefined },
  wrapSerializers: false,
})

/**
 * Gives every request an id and logs one line when the response is done (pino-http). The work
 * done for the request runs with its id in the request context, so every line it logs carries it.
 */
export const requestLog: RequestHandler = (req, res, next) =>
  httpLog(req, res, () => requestContext.run({ reqId: String(req.id) }, next))
