import type { Request, RequestHandler, Response } from 'express'
import * as qs from 'qs-esm'

import { isPrototypeName, mapConditions, namesIn, reduceWhere } from '@/lib/whereTree'
import { jsonProblem, splitUrl } from '@/validation/json'

import { refuse } from './refuse'

/**
 * The interface calls the list filter of /api/errors a "JSON filter": `?where={"source":{"equals":"web"}}`.
 * Payload reads `where` in nested query-string form (`?where[source][equals]=web`), so a JSON
 * value is re-encoded into that form before Payload sees it. Both forms work on every list, and
 * on every method (a bulk PATCH or DELETE takes a `where` too). The JSON gets the body's checks
 * (nesting, NULs, lone surrogates), and its keys are encoded, so a key cannot add parameters of
 * its own (`{"x]&limit=0&y[": …}`). It is reduced as Payload reads it (src/lib/whereTree.ts): a
 * JSON filter that constrains nothing is sent as none. An empty list is an empty value, as
 * `where[id][in]=` is, in either form (`{"id":{"in":[]}}`, `where[id][in][]=`): no condition.
 * In either form, a field named after an Object.prototype member is refused: Payload's parser
 * would drop the condition and widen the filter.
 */
export const jsonWhere: RequestHandler = (req, res, next) => {
  const [path, search = ''] = splitUrl(req.url)
  const params = new URLSearchParams(search)
  const raw = params.get('where')
  if (raw !== null) {
    let where: unknown
    try {
      where = JSON.parse(raw)
    } catch {
      where = undefined
    }
    // Payload would JSON.parse any other plain `where` value itself, and fail with a 500.
    if (!where || typeof where !== 'object' || Array.isArray(where)) {
      const message = raw.trim().startsWith('{')
        ? 'is not valid JSON'
        : 'must be a filter object: where[field][operator]=value, or JSON'
      return refuse(req, res, 400, `The where parameter ${message}.`, { field: 'where', message })
    }
    const problem = jsonProblem(where, 'where')
    if (problem) return refuse(req, res, 400, `${problem.field} ${problem.message}`, problem)
    const named = namesIn(where).find(isPrototypeName)
    if (named) return refuseName(req, res, named)
    params.delete('where')
    const rest = params.toString()
    // A filter that constrains nothing is no filter: a list lists everything, a bulk write is a 400.
    const reduced = reduceWhere(mapConditions(where, asEmptyValue))
    const encoded = reduced && qs.stringify({ where: reduced })
    req.url = `${path}?${[rest, encoded].filter(Boolean).join('&')}`
  }
  const unknown = prototypeField(req)
  if (unknown) return refuseName(req, res, unknown)
  emptyListsAsValues(req)
  next()
}

/**
 * An empty list a client sends is an empty value (server code's empty list, which selects
 * nothing, is another matter: src/lib/whereTree.ts).
 */
const asEmptyValue = (value: unknown) => (Array.isArray(value) && !value.length ? '' : value)

/** A nested `where` parameter ending in `[]`: with nothing after it, Payload's parser makes it `[]`. */
const LIST_PARAMETER = /^where\[.+\]\[\]$/

/** The nested form's empty lists (`where[id][in][]=`), sent on as empty values (`where[id][in]=`). */
const emptyListsAsValues = (req: Request) => {
  const [path, search = ''] = splitUrl(req.url)
  const params = [...new URLSearchParams(search)]
  const isEmptyList = ([name, value]: [string, string]) => !value && LIST_PARAMETER.test(name)
  if (!params.some(isEmptyList)) return
  const sent = params.map(([name, value]) => [
    isEmptyList([name, value]) ? name.slice(0, -'[]'.length) : name,
    value,
  ])
  req.url = `${path}?${new URLSearchParams(sent).toString()}`
}

const refuseName = (req: Request, res: Response, name: string) => {
  const message = `names no field of this collection (${name})`
  refuse(req, res, 400, `The where parameter ${message}.`, { field: 'where', message })
}

/** A field of a `where` parameter (or a join's) named after an Object.prototype member. */
const prototypeField = (req: Request): string | undefined => {
  const [, search = ''] = splitUrl(req.url)
  for (const name of new URLSearchParams(search).keys()) {
    const at = name.indexOf('where[')
    if (at === -1) continue
    const parts = [...name.slice(at).matchAll(/\[([^\]]*)\]/g)].flatMap(([, part]) =>
      part.split('.'),
    )
    const found = parts.find(isPrototypeName)
    if (found) return found
  }
  return undefined
}
