import type { Request, RequestHandler } from 'express'

import { ADF_PATH } from '@/adf/endpoint'
import { settings } from '@/lib/settings'

import { refuse } from './input/refuse'

const API_MAX_BYTES = 1024 * 1024
/** Anyone may report an error record, so its body is kept small. */
const ERROR_REPORT_MAX_BYTES = 64 * 1024
/** OFAC's SDN files together are some 6 MB; a staff admin's load may be this large. */
const SANCTIONS_LIST_MAX_BYTES = 32 * 1024 * 1024

/** The largest request body `req` may send. */
export const maxBodyBytes = (req: Request): number =>
  // The report of an error (POST /api/errors); staff importing error records get the usual cap.
  /^\/errors\/?$/.test(req.path)
    ? ERROR_REPORT_MAX_BYTES
    : req.path === ADF_PATH
      ? settings('adf').ADF_MAX_BYTES
      : /^\/sanctions-list\/load\/?$/.test(req.path)
        ? SANCTIONS_LIST_MAX_BYTES
        : API_MAX_BYTES

/**
 * Refuses a body whose declared Content-Length is over the cap with 413 before a byte of it is
 * read (and before the credential check). Chunked bodies, which declare nothing, are counted as
 * they are read (src/http/input/bodyGuard.ts).
 */
export const bodyLimit: RequestHandler = (req, res, next) => {
  const declared = req.headers['content-length']
  const maxBytes = maxBodyBytes(req)
  if (declared !== undefined && Number(declared) > maxBytes) {
    res.set('Connection', 'close')
    return refuse(req, res, 413, `Request body larger than ${maxBytes} bytes.`)
  }
  next()
}
