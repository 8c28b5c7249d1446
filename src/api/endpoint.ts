import type { Endpoint, PayloadRequest } from 'payload'
import { addDataAndFileToRequest, NotFound } from 'payload'

import { checkRole } from '../../access/roles'
import { classifyFailure, CONCURRENT_CONFLICT, RETRY_AFTER_SECONDS } from '../lib/failures'
import { CommerceError, errorBody, messages } from './errors'

/** Who may use endpoints 1–10 and 18–19: integrator and admin API clients, and signed-in staff. */
export const COMMERCE_ROLES = {
  clients: ['integrator', 'admin'],
  staff: ['admin', 'staff'],
} as const

type PayloadError = Error & {
  data?: { errors?: { message: string; path: string }[] }
  status?: number
}

/** Turns anything a handler throws into the commerce error body; never a stack trace. */
const toErrorResponse = (error: unknown, req: PayloadRequest, notFound?: string): Response => {
  const failure = error as PayloadError
  const respond = (code: number, message: string, details?: CommerceError['details']) =>
    Response.json(errorBody(code, message, details), { status: code })
  if (error instanceof CommerceError) return respond(error.code, error.message, error.details)
  if (failure?.name === 'ValidationError') {
    const details = (failure.data?.errors ?? []).map(({ message, path }) => ({
      field: path,
      message,
    }))
    // Payload's own "required" message, in the request's language: not an English string here.
    const required = req.t('validation:required')
    const allMissing = details.length > 0 && details.every((item) => item.message === required)
    return respond(400, allMissing ? messages.missing : messages.badRequest, details)
  }
  if (failure?.name === 'QueryError')
    return respond(400, messages.badRequest, [{ field: 'where', message: failure.message }])
  if (failure?.status === 404) return respond(404, notFound ?? 'Not Found')
  if (failure?.status === 403) return respond(403, messages.forbidden)
  if (failure?.status === 401) return respond(401, messages.unauthorized)
  if (failure?.status === 400 && failure.message === 'Invalid JSON')
    return respond(400, messages.malformedJson)
  if (failure?.status && failure.status >= 400 && failure.status < 500)
    return respond(failure.status, failure.message)
  const cause = classifyFailure(error)
  if (cause?.kind === 'input') return respond(400, messages.badRequest)
  if (cause?.kind === 'unavailable' || cause?.kind === 'conflict') {
    const response = respond(
      503,
      cause.kind === 'conflict' ? CONCURRENT_CONFLICT : messages.unavailable,
    )
    response.headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
    return response
  }
  req.payload.logger.error({ err: error }, 'commerce endpoint failed')
  return respond(500, messages.internal)
}

type Options = {
  method: 'get' | 'patch' | 'post'
  /** The contract's not-found message for this endpoint (section 7). */
  notFound?: string
  path: string
  run: (req: PayloadRequest) => Promise<unknown>
}

/**
 * An endpoint in the commerce envelope (1–10, and the lookups 18–19): checks the caller, runs
 * `run`, and answers 200 with what it returns, or the error body. The handlers stay a few lines.
 */
export const apiEndpoint = ({ method, notFound, path, run }: Options): Endpoint => ({
  handler: async (req) => {
    try {
      if (!req.user) throw new CommerceError(401, messages.unauthorized)
      if (!checkRole(req.user, COMMERCE_ROLES)) throw new CommerceError(403, messages.forbidden)
      return Response.json(await run(req), { status: 200 })
    } catch (error) {
      return toErrorResponse(error, req, notFound)
    }
  },
  method,
  path,
})

/** The JSON object in the request body. */
export const readBody = async (req: PayloadRequest): Promise<Record<string, unknown>> => {
  await addDataAndFileToRequest(req)
  const data = req.data
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw new CommerceError(400, messages.badRequest, [
      { field: 'body', message: 'must be a JSON object' },
    ])
  }
  return data as Record<string, unknown>
}

/** 400 Missing Required Information, naming every absent field. */
export const requireFields = (data: Record<string, unknown>, fields: readonly string[]): void => {
  const missing = fields.filter(
    (field) => data[field] === undefined || data[field] === null || data[field] === '',
  )
  if (missing.length) {
    throw new CommerceError(
      400,
      messages.missing,
      missing.map((field) => ({ field, message: 'is required' })),
    )
  }
}

/** Letters, digits, `_` and `-`: every id the commerce records can have. */
const RECORD_ID = /^[\w-]{1,128}$/

/** The `{id}` path parameter; an id no record can have (a NUL, a slash, too long) is not found. */
export const routeId = (req: PayloadRequest): string => {
  const id = String(req.routeParams?.id ?? '')
  if (!RECORD_ID.test(id)) throw new NotFound(req.t)
  return id
}
