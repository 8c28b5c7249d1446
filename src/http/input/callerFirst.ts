import type { RequestHandler } from 'express'
import { type CollectionSlug, createLocalReq, type Payload } from 'payload'

import { isCommercePath } from '@/commerce/paths'
import { messages } from '@/errors'
import { splitUrl } from '@/validation/json'

import { callerOf } from '../caller'
import { apiPathOf, refuse } from './refuse'

/** Parameters that say what to read: a filter, a sort, a join's filter or sort. */
const QUERY_PARAMETER = /^(where|sort|joins)(\[|$)/

/** The collection access a method is decided by. */
const ACCESS = {
  DELETE: 'delete',
  GET: 'read',
  PATCH: 'update',
  POST: 'create',
  PUT: 'update',
} as const

const accessOf = (method: string) =>
  Object.hasOwn(ACCESS, method) ? ACCESS[method as keyof typeof ACCESS] : ('read' as const)

/** Whether an anonymous caller may call this path at all, as Payload or the endpoint decides. */
const anonymousMayCall = async (payload: Payload, path: string, method: string) => {
  // Every commerce endpoint wants a caller (src/api/endpoint.ts).
  if (isCommercePath(path)) return false
  const [, slug = '', route] = path.split('/')
  const collection = Object.hasOwn(payload.collections, slug)
    ? payload.collections[slug as CollectionSlug]
    : undefined
  // Other endpoints answer for themselves, and so do an auth collection's own routes (`me`, the
  // sign-in routes): its list, count and records are decided here.
  if (!collection) return true
  if (collection.config.auth && route !== undefined && route !== 'count' && !/^\d+$/.test(route))
    return true
  const access = collection.config.access[accessOf(method)]
  return !access || Boolean(await access({ req: await createLocalReq({}, payload) }))
}

/**
 * A request without credentials learns nothing from its query: one that carries a filter or a
 * sort (`where`, `sort`, `joins`) to a collection or commerce endpoint that anonymous callers may
 * not call is 401 before the query is read, as it is without one, rather than a 400 about a field
 * (./jsonWhere.ts; inside Payload, hooks/accessFirst.ts keeps that order).
 */
export const callerFirst =
  (payload: Payload): RequestHandler =>
  async (req, res, next) => {
    const [, search = ''] = splitUrl(req.url)
    const names = [...new URLSearchParams(search).keys()]
    if (!names.some((name) => QUERY_PARAMETER.test(name))) return next()
    if ((await callerOf(payload, req, res)).kind !== 'anonymous') return next()
    if (await anonymousMayCall(payload, apiPathOf(req), req.method)) return next()
    refuse(req, res, 401, messages.unauthorized)
  }
