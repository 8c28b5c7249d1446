import type { RequestHandler } from 'express'

import { apiErrorBody } from '../commerce/paths'

/**
 * Refuses request bodies larger than `maxBytes` with 413 before they are read, by their declared
 * Content-Length. A chunked body (no length) is refused with 411 where `requireLength` is set;
 * counting it here would consume the stream the handlers still have to read.
 */
export const bodyLimit =
  (maxBytes: number, { requireLength = false } = {}): RequestHandler =>
  (req, res, next) => {
    const declared = req.headers['content-length']
    if (declared !== undefined && Number(declared) > maxBytes) {
      res.status(413).set('Connection', 'close').json(apiErrorBody(req.path, 413, `Request body larger than ${maxBytes} bytes.`))
      return
    }
    if (declared === undefined && req.headers['transfer-encoding'] && requireLength) {
      res.status(411).set('Connection', 'close').json(apiErrorBody(req.path, 411, 'Send the request body with a Content-Length.'))
      return
    }
    next()
  }
