import type { RequestHandler } from 'express'
import * as qs from 'qs-esm'

import { depthProblem } from '@/api/params'
import { isCommercePath } from '@/commerce/paths'
import { type Problem } from '@/errors'
import { checkLimit, checkPage, MAX_LIMIT } from '@/lib/paging'
import { hasNul, splitUrl } from '@/validation/json'

import { refuse } from './refuse'

/** How Payload parses a REST query (createPayloadRequest): what it will see is what is checked. */
const PAYLOAD_QS = { arrayLimit: 1000, depth: 10, ignoreQueryPrefix: true } as const

/** The query's parameters, or null when an escape in it does not decode. */
const rawParams = (search: string): URLSearchParams | null => {
  try {
    // URLSearchParams tolerates bad escapes; decodeURIComponent does not, and neither should we.
    for (const part of search.split('&')) decodeURIComponent(part.replace(/\+/g, ' '))
  } catch {
    return null
  }
  return new URLSearchParams(search)
}

type Paging = { limit?: unknown; page?: unknown }

/** Why the paging of a list (and of every join in it) is refused, or null. */
const pagingProblem = (search: string): null | Problem => {
  const query = qs.parse(search, PAYLOAD_QS) as Paging & { joins?: unknown; pagination?: unknown }
  const joins =
    query.joins && typeof query.joins === 'object'
      ? Object.entries(query.joins as Record<string, Paging>)
      : []
  const lists: [string, Paging][] = [
    ['', query],
    ...joins.map(([name, join]): [string, Paging] => [`joins[${name}]`, join ?? {}]),
  ]
  for (const [prefix, { limit, page }] of lists) {
    for (const [name, value, check] of [
      ['page', page, checkPage],
      ['limit', limit, checkLimit],
    ] as const) {
      const field = prefix ? `${prefix}[${name}]` : name
      if (value === undefined) continue
      const problem = check(value)
      if (problem) return { field, message: problem }
    }
  }
  if (query.pagination !== undefined && query.pagination !== 'true') {
    return {
      field: 'pagination',
      message: `cannot be turned off: page through the list with page and limit (at most ${MAX_LIMIT})`,
    }
  }
  return null
}

const LIMIT_NAME = /^(limit|joins\[[^\]]*\]\[limit\])$/

/**
 * The admin UI's "Empty trash" button counts a list's trash (src/trash) with `limit=0`, which
 * would read the whole trash: that one query is served with `limit=1`, whose answer carries the
 * same `totalDocs`.
 */
const TRASH_COUNT = new Set(['depth', 'limit', 'locale', 'trash', 'where[deletedAt][exists]'])
const countsTheTrash = (params: URLSearchParams): boolean =>
  params.get('limit') === '0' &&
  params.get('trash') === 'true' &&
  params.get('where[deletedAt][exists]') === 'true' &&
  [...params.keys()].every((name) => TRASH_COUNT.has(name))

/**
 * Queries: no NUL anywhere, percent-encoding that decodes, and on GET the paging of a list:
 * `page` a whole number from 1, `limit` a whole number from 1 (more than MAX_LIMIT is served as
 * MAX_LIMIT, as the commerce lists do), the same for the lists of joins, and no
 * `pagination=false`, which would return a whole table; on every method `depth` from 0 to
 * MAX_DEPTH. The commerce endpoints check their own (with their own error details).
 */
export const queryGuard: RequestHandler = (req, res, next) => {
  const [path, search = ''] = splitUrl(req.url)
  const params = rawParams(search)
  if (!params) {
    refuse(req, res, 400, 'The query string has malformed percent-encoding.', {
      field: 'query',
      message: 'has malformed percent-encoding',
    })
    return
  }
  const nul = [...params].find(([name, value]) => hasNul(name) || hasNul(value))
  if (nul) {
    refuse(req, res, 400, 'The query string contains a NUL character.', {
      field: nul[0].replaceAll('\u0000', ''),
      message: 'contains a NUL character',
    })
    return
  }
  if (isCommercePath(req.path)) return next()
  // Payload embeds up to its own maxDepth (10); every path keeps the one documented cap.
  const depth = params.getAll('depth')
  const deep = depth.length > 1 ? 'must be given once' : depthProblem(depth[0])
  if (deep) {
    refuse(req, res, 400, `depth ${deep}`, { field: 'depth', message: deep })
    return
  }
  if (!['GET', 'HEAD'].includes(req.method)) return next()
  if (countsTheTrash(params)) {
    params.set('limit', '1')
    req.url = `${path}?${params.toString()}`
    return next()
  }
  const problem = pagingProblem(search)
  if (problem) {
    refuse(req, res, 400, `${problem.field} ${problem.message}`, problem)
    return
  }
  const capped = [...params.keys()].filter(
    (name) => LIMIT_NAME.test(name) && Number(params.get(name)) > MAX_LIMIT,
  )
  if (capped.length) {
    for (const name of capped) params.set(name, String(MAX_LIMIT))
    req.url = `${path}?${params.toString()}`
  }
  next()
}
