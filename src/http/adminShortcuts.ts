/**
 * Two shortcuts in front of the admin UI (Next) that save a signed-out visitor seconds of a blank
 * page (docs/performance.md, "Admin UI page speed"):
 * - `Critical-CH` is dropped from its answers. Payload asks for the colour-scheme hint with it,
 *   and a browser that has not sent the hint yet throws the first answer away and asks again, so
 *   every first visit rendered its page twice. `Accept-CH` stays: later requests carry the hint.
 * - `/admin` without a session cookie is sent to the sign-in page at once (302). Payload redirects
 *   from inside its page's render: one render of `/admin` for nothing, and the move itself was
 *   made in the browser once the admin UI's scripts had run.
 */
import type { RequestHandler } from 'express'

const ADMIN = '/admin'
/** Payload's session cookie (its default `cookiePrefix`). */
const SESSION_COOKIE = /(?:^|;\s*)payload-token=/

export const adminShortcuts: RequestHandler = (req, res, next) => {
  const setHeader = res.setHeader.bind(res)
  res.setHeader = (name, value) =>
    name.toLowerCase() === 'critical-ch' ? res : setHeader(name, value)
  const signedOut = !SESSION_COOKIE.test(req.headers.cookie ?? '')
  if (req.method === 'GET' && signedOut && req.url === ADMIN)
    return void res.redirect(302, `${ADMIN}/login`)
  next()
}
