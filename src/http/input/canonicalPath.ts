import type { RequestHandler } from 'express'

import { isCommercePath } from '@/commerce/paths'
import { hasNul, splitUrl } from '@/validation/json'

import { refuse } from './refuse'

/** Characters a path segment keeps as they are; everything else is percent-encoded. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/%(3A|40|2C|3B|3D|2B|24|26)/g, decodeURIComponent)

/**
 * Every request's path in one spelling before anything looks at it: each segment decoded and
 * encoded again, repeated slashes collapsed. Next decodes the path again when it routes, so
 * `/api/%65rrors` or `//api/errors` would otherwise reach the same handler while escaping the
 * checks, caps and rate-limit buckets that match on `/api/errors`. A path that does not decode
 * is 400; a NUL in an /api path names no record (404; commerce endpoints answer their own
 * not-found message for it).
 */
export const canonicalPath: RequestHandler = (req, res, next) => {
  const [rawPath, query] = splitUrl(req.url)
  let segments: string[]
  try {
    segments = rawPath.split('/').map((segment) => decodeURIComponent(segment))
  } catch {
    refuse(req, res, 400, 'The path has malformed percent-encoding.', {
      field: 'path',
      message: 'has malformed percent-encoding',
    })
    return
  }
  const canonical = `/${segments.filter(Boolean).map(encodeSegment).join('/')}${rawPath.length > 1 && rawPath.endsWith('/') ? '/' : ''}`
  if (canonical !== rawPath) req.url = query === undefined ? canonical : `${canonical}?${query}`
  const apiPath = canonical.startsWith('/api/') ? canonical.slice('/api'.length) : null
  if (apiPath && segments.some(hasNul) && !isCommercePath(apiPath)) {
    return refuse(req, res, 404, 'Not Found')
  }
  next()
}
