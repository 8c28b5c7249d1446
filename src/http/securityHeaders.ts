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
export const securityHeaders = (): RequestHandler => {
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
  return (req, res, next) =>
    headers(req, res, () => {
      if (PUBLIC_FILES.test(req.path)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      next()
    })
}
