import type { RequestHandler } from 'express'
import * as qs from 'qs-esm'

import { apiErrorBody } from '../commerce/paths'

/**
 * The interface calls the list filter of /api/errors a "JSON filter": `?where={"source":{"equals":"web"}}`.
 * Payload reads `where` in nested query-string form (`?where[source][equals]=web`), so a JSON
 * value is re-encoded into that form before Payload sees it. Both forms work on every list, and
 * on every method (a bulk PATCH or DELETE takes a `where` too).
 */
export const jsonWhere: RequestHandler = (req, res, next) => {
  const [path, search = ''] = req.url.split('?')
  const params = new URLSearchParams(search)
  const raw = params.get('where')
  if (raw === null) return next()
  let where: unknown
  try {
    where = JSON.parse(raw)
  } catch {
    where = undefined
  }
  // Payload would JSON.parse any other plain `where` value itself, and fail with a 500.
  if (!where || typeof where !== 'object' || Array.isArray(where)) {
    const message = raw.trim().startsWith('{')
      ? 'The where parameter is not valid JSON.'
      : 'The where parameter must be a filter object: where[field][operator]=value, or JSON.'
    res.status(400).json(apiErrorBody(req.path, 400, message))
    return
  }
  params.delete('where')
  const rest = params.toString()
  req.url = `${path}?${[rest, qs.stringify({ where }, { encodeValuesOnly: true })].filter(Boolean).join('&')}`
  next()
}
