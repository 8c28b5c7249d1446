import type { Request, RequestHandler } from 'express'
import { type Access, createLocalReq, type Payload } from 'payload'

import { CLOSED_COLLECTIONS } from '@/api/closedCollections'
import { envelopeOf, isCommercePath } from '@/commerce/paths'
import { messages, NOT_ALLOWED } from '@/errors'
import { collectionBySlug } from '@/lib/collectionSlug'

import { allow, ENDPOINT_POLICY, ROLE_SETS, type RoleSet } from '../../../access/policy'
import { checkRole } from '../../../access/roles'
import { callerOf } from '../caller'
import { isGetOverride } from './bodyGuard'
import { answerUnavailable, apiPathOf, refuse } from './refuse'

type Kind = 'create' | 'delete' | 'read' | 'update'

/** The collection access a method is decided by (Payload's routes: POST creates, PATCH updates). */
const ACCESS: Record<string, Kind> = {
  DELETE: 'delete',
  GET: 'read',
  PATCH: 'update',
  POST: 'create',
  PUT: 'update',
}

/** The method a request stands for: a POST with a GET override is that GET (./bodyGuard.ts). */
const methodOf = (req: Request) => (isGetOverride(req) ? 'GET' : req.method)

/** Payload's routes of an auth collection for callers who have not signed in: they answer for themselves. */
const AUTH_ROUTES = new Set([
  'first-register',
  'forgot-password',
  'init',
  'login',
  'logout',
  'me',
  'refresh-token',
  'reset-password',
  'unlock',
  'verify',
])

type Rule = {
  method: string
  policy: (typeof ENDPOINT_POLICY)[string]
  /** A collection's slug, `*` for every collection, undefined for an endpoint of the API's root. */
  scope: string | undefined
  segments: string[]
}

/** The custom endpoints' entries of the policy (access/policy.ts), read once. */
const RULES: Rule[] = Object.entries(ENDPOINT_POLICY).map(([key, policy]) => {
  const parts = key.split(' ')
  const [scope, method = '', path = ''] = parts.length === 3 ? parts : [undefined, ...parts]
  return { method, policy, scope, segments: path.split('/').filter(Boolean) }
})

/** Does an endpoint's path (`/:id/desk`, `/access/:id?`) match the path's segments? */
const matches = (pattern: string[], segments: string[]) =>
  segments.length <= pattern.length &&
  pattern.every((part, i) =>
    segments[i] === undefined ? part.endsWith('?') : part.startsWith(':') || part === segments[i],
  )

/**
 * The rules of the endpoints at a path: those of the method, else those of any method (a PATCH
 * to a GET-only endpoint is refused as the GET would be, not let through to a 400 or 404).
 */
const rulesAt = (scopes: (string | undefined)[], method: string, segments: string[]) => {
  const atPath = RULES.filter(
    (rule) => scopes.includes(rule.scope) && matches(rule.segments, segments),
  )
  const ofMethod = atPath.filter((rule) => rule.method === method)
  return ofMethod.length ? ofMethod : atPath
}

/**
 * The custom endpoints' rules at this path: a collection's (its own and those of every
 * collection), else the API root's. Paths of globals have none.
 */
const endpointRulesAt = (payload: Payload, path: string, method: string): Rule[] => {
  const [first = '', ...rest] = path.split('/').filter(Boolean)
  if (first === 'globals') return []
  return Object.hasOwn(payload.collections, first)
    ? rulesAt([first, '*'], method, rest)
    : rulesAt([undefined], method, [first, ...rest])
}

/**
 * The role sets the policy names for the custom endpoint at this path, when every rule there
 * names one: the table decides who calls it, whatever its handler checks. An endpoint that
 * defers to its collection's access (`access`) or takes anyone decides for itself.
 */
const roleSetsAt = (payload: Payload, path: string, method: string): RoleSet[] => {
  const rules = endpointRulesAt(payload, path, method)
  const sets = rules.flatMap(({ policy }) => (policy in ROLE_SETS ? [policy as RoleSet] : []))
  return sets.length === rules.length ? sets : []
}

/**
 * Whether an anonymous caller may call this path with this method, as the collection's or
 * global's access, or the endpoint's entry in the policy, says. Paths no one serves, Payload's
 * sign-in routes and the closed collections (404 for everyone) answer for themselves.
 */
const anonymousMayCall = async (payload: Payload, path: string, method: string) => {
  const kind = ACCESS[method]
  // A CORS preflight (OPTIONS) asks for no record: Payload answers it.
  if (!kind) return true
  // Every commerce endpoint wants a caller (src/api/endpoint.ts).
  if (isCommercePath(path)) return false
  const [first = '', ...rest] = path.split('/').filter(Boolean)
  // Asked as for a list (no id), of a request without a user.
  const granted = async (access: Access | undefined) =>
    !access || Boolean(await access({ req: await createLocalReq({}, payload) }))
  if (first === 'globals') {
    const global = payload.config.globals.find(({ slug }) => slug === rest[0])
    return !global || granted(global.access[method === 'GET' ? 'read' : 'update'])
  }
  const collection = collectionBySlug(payload, first)?.config
  if (!collection) {
    const rules = rulesAt([undefined], method, [first, ...rest])
    return !rules.length || rules.some(({ policy }) => policy === 'anyone')
  }
  if (CLOSED_COLLECTIONS.has(first)) return true
  // Payload matches its routes without regard to case: so does this.
  if (collection.auth && AUTH_ROUTES.has(rest[0]?.toLowerCase() ?? '')) return true
  const rules = rulesAt([first, '*'], method, rest)
  for (const { policy } of rules) {
    if (policy === 'anyone') return true
    const access = policy === 'access' ? collection.access[kind] : allow(ROLE_SETS[policy])
    if (await granted(access)) return true
  }
  return !rules.length && granted(collection.access[kind])
}

/**
 * A request without credentials is decided before anything it sent is checked: to a collection,
 * global or endpoint that anonymous callers may not call, it is 401, as it is with a well-formed
 * request, rather than a 400 about its filter, sort, paging or depth, a 404 about an id, or a
 * 400 for a bulk write without a filter (which would tell it about fields and records). Known
 * callers, and anonymous callers where they may call, meet the checks that follow
 * (./queryGuard.ts, ../collectionRoutes.ts, ./jsonWhere.ts; inside Payload, hooks/accessFirst.ts
 * keeps that order). A session cookie is looked up only for a path anonymous callers may not call.
 */
export const callerFirst =
  (payload: Payload): RequestHandler =>
  async (req, res, next) => {
    const path = apiPathOf(req)
    const method = methodOf(req)
    // A credential the gate accepted (../credentialGate.ts) is a known caller.
    const known = res.locals.caller && 'user' in res.locals.caller
    if (!known && !(await anonymousMayCall(payload, path, method))) {
      const { kind } = await callerOf(payload, req, res)
      if (kind === 'unknown') return answerUnavailable(req, res)
      if (kind === 'anonymous') return refuse(req, res, 401, messages.unauthorized)
    }
    const sets = roleSetsAt(payload, path, method)
    if (sets.length) {
      const caller = await callerOf(payload, req, res)
      if ('user' in caller && !sets.some((set) => checkRole(caller.user, ROLE_SETS[set])))
        return refuse(
          req,
          res,
          403,
          envelopeOf(path) === 'commerce' ? messages.forbidden : NOT_ALLOWED,
        )
    }
    next()
  }
