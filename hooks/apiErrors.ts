import type { AfterErrorHook, PayloadRequest } from 'payload'

import {
  type Answer,
  errorBody,
  failureAnswer,
  messages,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
} from '@/errors'
import { isSignInRoute } from '@/lib/signInRoutes'

/**
 * Payload answers 500 for any error it does not know. Two kinds are not the service's fault:
 * a value or query the database refused (400, the caller can fix it) and a database that cannot
 * be reached or dropped the connection mid-request, including a failed COMMIT (503 with
 * Retry-After: the write was not acknowledged, and a later try may succeed); src/errors decides
 * both. A refusal of a caller who sent no credential is 401, as on the commerce endpoints; 403
 * stays for a known caller without the right.
 */
export const answerApiErrors: AfterErrorHook = ({ error, req }) => {
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

/** The hook's result for `answer`, in Payload's shape, with Retry-After when it has one. */
const answered = (req: PayloadRequest, answer: Answer) => {
  if (answer.retryAfter) {
    req.responseHeaders = new Headers(req.responseHeaders)
    req.responseHeaders.set('Retry-After', String(answer.retryAfter))
  }
  return { response: errorBody('payload', answer), status: answer.status }
}
