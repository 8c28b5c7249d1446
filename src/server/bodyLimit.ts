import type { RequestHandler } from 'express'

/**
 * Refuses request bodies larger than `maxBytes` with 413 before they are read: by the declared
 * Content-Length, and by counting when the body comes chunked.
 */
export const bodyLimit =
  (maxBytes: number): RequestHandler =>
  (req, res, next) => {
    const tooLarge = () => {
      if (!res.headersSent) res.status(413).set('Connection', 'close').json({ errors: [{ message: `Request body larger than ${maxBytes} bytes.` }] })
    }
    const declared = Number(req.headers['content-length'])
    if (declared > maxBytes) return tooLarge()
    if (!Number.isNaN(declared)) return next()
    let seen = 0
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length
      if (seen > maxBytes) {
        tooLarge()
        req.destroy()
      }
    })
    next()
  }
