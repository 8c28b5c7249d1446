import type { AfterErrorHook, PayloadRequest } from 'payload'

import {
  type Answer,
  errorBody,
  failureAnswer,
  messages,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
} from '@/errors'
import { isRecord } from '@/lib/isRecord'
import { isSignInRoute } from '@/lib/signInRoutes'

/**
 * Payload answers 500 for any error it does not know. Two kinds are not the service's fault:
 * a value or query the database refused (400, the caller can fix it) and a database that cannot
 * be reached or dropped the connection mid-request, including a failed COMMIT (503 with
 * Retry-After: the write was not acknowledged, and a later try may succeed); src/errors decides
 * both. A refusal of a caller who sent no credential is 401, as on the commerce endpoints; 403
 * stays for a known caller without the right.
 */
export const answerApiErrors: AfterErrorHook = ({ error, req, result }) => {
  if (error.name === 'QueryError') return { response: queryErrorBody(error, result) }
  const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined
  if (
    status === 403 &&
    !req.user &&
    !isSignInRoute(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api/, ''))
  ) {
    // A request carrying a credential passed the credential gate, so its key or token was valid
    // a moment ago: no user now means Payload's own lookup of it failed.
    if (req.headers.get('authorization'))
      return answered(req, {
        message: SERVICE_UNAVAILABLE,
        retryAfter: RETRY_AFTER_SECONDS,
        status: 503,
      })
    return answered(req, { message: messages.unauthorized, status: 401 })
  }
  if (status && status < 500) return
  const answer = failureAnswer('payload', error)
  if (answer) return answered(req, answer)
}

type Problem = { message: string; path: string }

/**
 * Payload's QueryError carries the paths a `where` cannot query as a list in `data`; every other
 * refusal carries an object there. Its `data` becomes `{errors: [{message, path}]}`, as a
 * ValidationError's is, so `errors[].data` is one shape on every path and the field is found in
 * the same place.
 */
const queryErrorBody = (error: Error & { data?: unknown }, result: unknown) => {
  const paths: unknown[] = Array.isArray(error.data) ? error.data : []
  const problems: Problem[] = paths.flatMap((item) =>
    isRecord(item) && typeof item.path === 'string'
      ? [{ message: 'cannot be queried', path: item.path }]
      : [],
  )
  const errors = isRecord(result) && Array.isArray(result.errors) ? result.errors : [{}]
  return {
    errors: errors.map((item: unknown) => ({
      ...(isRecord(item) ? item : {}),
      data: { errors: problems },
      message: error.message,
    })),
  }
}

/** The hook's result for `answer`, in Payload's shape, with Retry-After when it has one. */
const answered = (req: PayloadRequest, answer: Answer) => {
  if (answer.retryAfter) {
    req.responseHeaders = new Headers(req.responseHeaders)
    req.responseHeaders.set('Retry-After', String(answer.retryAfter))
  }
  return { response: errorBody('payload', answer), status: answer.status }
}
