import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'

import type { RequestHandler } from 'express'
import helmet from 'helmet'

import { isDevelopment, serverURL } from '@/lib/settings'

/** Uploaded media (listing photos) are meant to be shown on the dealers' own sites. */
const PUBLIC_FILES = /^\/api\/media\/file\//

/**
 * Security headers on every answer, admin UI and API alike (helmet). The content security policy
 * keeps every page to this origin: scripts, styles, images, fetches, frames and form targets.
 * - Next's bootstrap scripts and Payload's inline styles are inline, hence 'unsafe-inline'
 *   for both; development builds also evaluate code and open a websocket for hot reload.
 * - Images may also be data:/blob: URLs (previews of an upload) and, for listing photos given as
 *   plain addresses, any https address.
 * - Payload's JSON editor (Monaco) loads from a public CDN; the policy refuses that, so the JSON
 *   fields use src/admin/JsonReadout.tsx instead. No page of this service calls out.
 * HSTS and upgrade-insecure-requests only when the service is served over HTTPS (SERVER_URL),
 * so a plain-HTTP local install keeps working.
 */
export const securityHeaderList = (): [string, string][] => {
  const https = serverURL().startsWith('https://')
  const development = isDevelopment()
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        baseUri: ["'self'"],
        connectSrc: ["'self'", ...(development ? ['ws:'] : [])],
        defaultSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", "'unsafe-inline'", ...(development ? ["'unsafe-eval'"] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { includeSubDomains: true, maxAge: 31_536_000 } : false,
    xFrameOptions: { action: 'sameorigin' },
  })
  return headersOf(headers)
}

/** The middleware that sets them, worked out once when it is made. */
export const securityHeaders = (): RequestHandler => {
  const fixed = securityHeaderList()
  return (req, res, next) => {
    for (const [name, value] of fixed) res.setHeader(name, value)
    // The path as sent (this runs before ./input/canonicalPath): another spelling of a media
    // path keeps the stricter policy. req.url rather than req.path spares parsing the URL.
    if (PUBLIC_FILES.test(req.url)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
    next()
  }
}

/**
 * The headers a helmet middleware sets, worked out once: with none of its options a function of
 * the request, they are the same on every answer, and setting them from a list spares each
 * request helmet's chain of twelve middlewares. (It also removes X-Powered-By, which the app
 * never sends: `app.disable('x-powered-by')`.)
 */
const headersOf = (middleware: ReturnType<typeof helmet>): [string, string][] => {
  const res = new HeaderRecorder(new IncomingMessage(new Socket()))
  let done = false
  middleware(res.req, res, () => (done = true))
  if (!done) throw new Error('the security headers middleware did not finish at once')
  // As the middleware spelled them: the answers keep helmet's capitals.
  return res.getHeaderNames().map((name) => [res.spelling.get(name)!, String(res.getHeader(name))])
}

class HeaderRecorder extends ServerResponse {
  readonly spelling = new Map<string, string>()
  override setHeader(name: string, value: number | readonly string[] | string): this {
    this.spelling.set(name.toLowerCase(), name)
    return super.setHeader(name, value)
  }
}
