import type { RequestHandler } from 'express'

import { splitUrl } from '@/validation/json'

/** Longest query string a redirect carries over; a longer one is dropped rather than echoed. */
const MAX_REDIRECT_QUERY = 1024

/**
 * The API's index is `/api/` as well as `/api`: the OpenAPI document's path `/` under its server
 * `/api` is `/api/`, and a client following the document should not be redirected.
 */
const API_INDEX = '/api/'

/**
 * GET or HEAD `/api/deals/` → 308 `/api/deals`: one address per resource, answered here (with the
 * request id and security headers every answer has) rather than by Next, and without echoing a
 * huge query. Runs after canonicalPath, so the target is always a path of this origin.
 */
export const trailingSlashRedirect: RequestHandler = (req, res, next) => {
  const [path, query] = splitUrl(req.url)
  if (
    path.length <= 1 ||
    path === API_INDEX ||
    !path.endsWith('/') ||
    !['GET', 'HEAD'].includes(req.method)
  )
    return next()
  const target = `/${path.replace(/^\/+|\/+$/g, '')}`
  const keep = query !== undefined && query.length <= MAX_REDIRECT_QUERY ? `?${query}` : ''
  res.redirect(308, target + keep)
}
