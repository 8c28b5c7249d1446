/**
 * A read's credential is authenticated once. The credential gate (src/http/credentialGate.ts)
 * authenticates the `Authorization` header, and Payload's REST handler did it again for the same
 * request (createPayloadRequest runs every strategy): for a staff token, the signature checked
 * and the user read with its sessions a second time. For a GET, the gate's finding is kept in the
 * request's context until its answer is sent, and the strategy below, put first of Payload's at
 * start, answers it back for the same header.
 *
 * Only for a GET: a write is authenticated again once its body has arrived, which may be long
 * after the gate, so a key disabled or a session ended meanwhile is still refused. The strategy
 * answers nothing when the request also carries cookies: Payload's token strategy may then
 * prefer the session cookie (`auth.jwtOrder`), which the gate did not look at.
 */
import type { AuthStrategy, Payload, TypedUser } from 'payload'

import { requestContext } from '@/lib/requestContext'

export const RESOLVED_CREDENTIAL = 'resolved-credential'

/**
 * Keeps the gate's finding for `header` in the request's context, which forgets it when the
 * answer is done (src/http/requestLog.ts, on the response's 'close'); for a request already
 * closed (its client gone while the gate worked), nothing is kept.
 */
export const keepResolvedCredential = (header: string, user: TypedUser): void => {
  const context = requestContext.getStore()
  // Its own copy: hooks may add to the caller's user, and Payload's request must not see it.
  if (context && !context.closed) context.credential = { header, user: { ...user } }
}

const resolvedCredentialStrategy: AuthStrategy = {
  name: RESOLVED_CREDENTIAL,
  authenticate: ({ headers }) => {
    const kept = requestContext.getStore()?.credential
    if (!kept || headers.has('cookie') || headers.get('authorization') !== kept.header)
      return { user: null }
    // A copy per authentication: Payload's request may add to its user.
    return { user: { ...kept.user } }
  },
}

/** At start (onInit): the kept finding is the first strategy Payload asks, whichever collection comes first. */
export const askResolvedCredentialFirst = (payload: Payload): void => {
  payload.authStrategies.unshift(resolvedCredentialStrategy)
}
