import type { AfterErrorHook, PayloadRequest } from 'payload'

import {
  classifyFailure,
  CONCURRENT_CONFLICT,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
  STORAGE_UNAVAILABLE,
} from '../src/lib/failures'
import { isSignInRoute } from '../src/lib/signInRoutes'

/**
 * Payload answers 500 for any error it does not know. Two kinds are not the service's fault:
 * a value or query the database refused (400, the caller can fix it) and a database that cannot
 * be reached or dropped the connection mid-request, including a failed COMMIT (503 with
 * Retry-After: the write was not acknowledged, and a later try may succeed). A refusal of a caller who sent no
 * credential is 401, as on the commerce endpoints; 403 stays for a known caller without the right.
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
    if (req.headers.get('authorization')) return unavailable(req, SERVICE_UNAVAILABLE)
    return { response: { errors: [{ message: 'Unauthorized' }] }, status: 401 }
  }
  if (status && status < 500) return
  const failure = classifyFailure(error)
  if (failure?.kind === 'input') {
    return {
      response: {
        errors: [{ message: 'The request has a value the database cannot store or compare.' }],
      },
      status: 400,
    }
  }
  if (failure?.kind === 'conflict') return unavailable(req, CONCURRENT_CONFLICT)
  if (failure?.kind === 'unavailable')
    return unavailable(req, failure.storage ? STORAGE_UNAVAILABLE : SERVICE_UNAVAILABLE)
}

/** 503 with Retry-After (the README says when retrying a create needs a read first). */
const unavailable = (req: PayloadRequest, message: string) => {
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('Retry-After', String(RETRY_AFTER_SECONDS))
  return { response: { errors: [{ message }] }, status: 503 }
}
