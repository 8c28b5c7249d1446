import crypto from 'node:crypto'

import type { RequestHandler } from 'express'

import { logger } from '../lib/logger'
import { requestContext } from '../lib/requestContext'

const VALID_ID = /^[\w.:-]{1,128}$/

/**
 * Gives every request an id (a well-formed incoming X-Request-Id is kept, so a caller can follow
 * its own id through our logs), echoes it back, and logs one line when the response is done:
 * method, path without the query string, status, duration. No headers, queries or bodies.
 */
export const requestLog: RequestHandler = (req, res, next) => {
  const incoming = req.get('x-request-id')
  const id = incoming && VALID_ID.test(incoming) ? incoming : crypto.randomUUID()
  res.locals.requestId = id
  req.headers['x-request-id'] = id
  res.setHeader('X-Request-Id', id)
  const started = process.hrtime.bigint()
  res.on('close', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const line = {
      method: req.method,
      ms: Math.round(ms * 10) / 10,
      path: req.originalUrl.split('?')[0],
      reqId: id,
      status: res.statusCode,
      ...(res.writableFinished ? {} : { aborted: true }),
    }
    // Static assets of the admin UI would drown the useful lines.
    if (line.path.startsWith('/_next/')) logger.debug(line, 'request')
    else logger.info(line, 'request')
  })
  requestContext.run({ reqId: id }, next)
}
