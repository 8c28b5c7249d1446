/**
 * The one place that decides how a refusal or failure is answered: its envelope, status, message
 * and headers, and at which level it is logged. The commerce paths (endpoints 1–10 and the
 * lookups 18–19) answer `{error: {code, message, details?}, success: false}`; every other path
 * answers Payload's `{errors: [{message}]}`.
 */
import type { PayloadRequest } from 'payload'

import { classifyFailure } from '@/lib/failures'
import { isRecord } from '@/lib/isRecord'

import {
  CONCURRENT_CONFLICT,
  DATABASE_REFUSED_VALUE,
  messages,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
  STORAGE_UNAVAILABLE,
} from './messages'
import { CommerceError, type Problem } from './refusals'

export type Envelope = 'commerce' | 'payload'

/** What a refusal or failure is answered with. */
export type Answer = {
  details?: Problem[]
  message: string
  /** Seconds, for a 503 the caller should retry. */
  retryAfter?: number
  status: number
}

/** The body of `answer` in `envelope`. */
export const errorBody = (envelope: Envelope, { details, message, status }: Answer) =>
  envelope === 'commerce'
    ? {
        error: { code: status, message, ...(details?.length ? { details } : {}) },
        success: false as const,
      }
    : {
        errors: [
          { message: details?.length ? `${details[0].field}: ${details[0].message}` : message },
        ],
      }

/** `answer` as a fetch Response (for endpoints and hooks), Retry-After included. */
export const errorResponse = (envelope: Envelope, answer: Answer): Response => {
  const response = Response.json(errorBody(envelope, answer), { status: answer.status })
  if (answer.retryAfter) response.headers.set('Retry-After', String(answer.retryAfter))
  return response
}

/**
 * A refusal met before any handler (the HTTP layer's checks): on the commerce paths any invalid
 * input is the contract's `Invalid Information` with the problem in `details`; elsewhere the
 * message names the problem.
 */
export const refusalAnswer = (
  envelope: Envelope,
  status: number,
  message: string,
  problem?: Problem,
): Answer => {
  if (envelope === 'commerce' && status === 400 && message !== messages.malformedJson)
    return {
      details: [problem ?? { field: 'request', message }],
      message: messages.badRequest,
      status,
    }
  return { details: problem && [problem], message, status }
}

/** A failure of the database or storage the caller did not cause, or a value it refused; null otherwise. */
export const failureAnswer = (envelope: Envelope, error: unknown): Answer | null => {
  const failure = classifyFailure(error)
  if (failure?.kind === 'input')
    return {
      message: envelope === 'commerce' ? messages.badRequest : DATABASE_REFUSED_VALUE,
      status: 400,
    }
  if (failure?.kind === 'conflict')
    return { message: CONCURRENT_CONFLICT, retryAfter: RETRY_AFTER_SECONDS, status: 503 }
  if (failure?.kind === 'unavailable') {
    const message = failure.storage ? STORAGE_UNAVAILABLE : SERVICE_UNAVAILABLE
    return { message, retryAfter: RETRY_AFTER_SECONDS, status: 503 }
  }
  return null
}

type PayloadError = Error & {
  data?: { errors?: { message: string; path: string }[] }
  status?: number
}

/**
 * Anything a commerce endpoint throws, as its answer: the contract's messages, field details for
 * validation, 503 with Retry-After while the database is away, 500 (logged, never with a stack in
 * the answer) for the rest.
 */
export const commerceAnswer = (error: unknown, req: PayloadRequest, notFound?: string): Answer => {
  const failure: Partial<PayloadError> = error instanceof Error ? error : {}
  if (error instanceof CommerceError)
    return { details: error.details, message: error.message, status: error.code }
  if (failure.name === 'ValidationError') {
    const details = (failure.data?.errors ?? []).map(({ message, path }) => ({
      field: path,
      message,
    }))
    // Payload's own "required" message, in the request's language: not an English string here.
    const required = req.t('validation:required')
    const allMissing = details.length > 0 && details.every((item) => item.message === required)
    return { details, message: allMissing ? messages.missing : messages.badRequest, status: 400 }
  }
  if (failure.name === 'QueryError')
    return {
      details: [{ field: 'where', message: failure.message ?? '' }],
      message: messages.badRequest,
      status: 400,
    }
  if (failure.status === 404) return { message: notFound ?? messages.notFound, status: 404 }
  if (failure.status === 403) return { message: messages.forbidden, status: 403 }
  if (failure.status === 401) return { message: messages.unauthorized, status: 401 }
  if (failure.status === 400 && failure.message === 'Invalid JSON')
    return { message: messages.malformedJson, status: 400 }
  if (failure.status && failure.status >= 400 && failure.status < 500)
    return { message: failure.message ?? '', status: failure.status }
  const answer = failureAnswer('commerce', error)
  if (answer) return answer
  req.payload.logger.error({ err: error }, 'commerce endpoint failed')
  return { message: messages.internal, status: 500 }
}

/** `{errors: [{message}]}` with `status`: Payload's own error shape, for endpoints of ours on its paths. */
export const payloadError = (status: number, message: string): Response =>
  errorResponse('payload', { message, status })

/** The work's result, or null when the caller may not read what it reads (Forbidden, 403). */
export const unlessForbidden = <T>(work: Promise<T>): Promise<null | T> =>
  work.catch((error: unknown) => {
    if (isRecord(error) && error.status === 403) return null
    throw error
  })
