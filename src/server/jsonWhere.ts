import type { RequestHandler } from 'express'
import * as qs from 'qs-esm'

import { apiErrorBody } from '../commerce/paths'

/**
 * The interface calls the list filter of /api/errors a "JSON filter": `?where={"source":{"equals":"web"}}`.
 * Payload reads `where` in nested query-string form (`?where[source][equals]=web`), so a JSON
 * value is re-encoded into that form before Payload sees it. Both forms work on every list.
 */
export const jsonWhere: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET') return next()
  const [path, search = ''] = req.url.split('?')
  const params = new URLSearchParams(search)
  const raw = params.get('where')
  if (raw === null || !raw.trim().startsWith('{')) return next()
  let where: unknown
  try {
    where = JSON.parse(raw)
  } catch {
    res.status(400).json(apiErrorBody(req.path, 400, 'The where parameter is not valid JSON.'))
    return
  }
  params.delete('where')
  const rest = params.toString()
  req.url = `${path}?${[rest, qs.stringify({ where }, { encodeValuesOnly: true })].filter(Boolean).join('&')}`
  next()
}
