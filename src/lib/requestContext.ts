import { AsyncLocalStorage } from 'node:async_hooks'

import type { TypedUser } from 'payload'

/** What a piece of work knows of the request it belongs to. */
export type RequestContext = {
  /** Its answer is done (or its client gone): nothing more is kept for it. */
  closed?: boolean
  /** The credential gate's finding for this request's `Authorization` header (src/auth/resolvedCredential.ts). */
  credential?: { header: string; user: TypedUser }
  /** So every log line it writes (Payload's too) carries the request's id. */
  reqId: string
}

/** The request a piece of work belongs to. */
export const requestContext = new AsyncLocalStorage<RequestContext>()
