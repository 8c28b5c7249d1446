/**
 * A request's credential is authenticated once. The credential gate (src/http/credentialGate.ts)
 * authenticates the `Authorization` header, and Payload's REST handler did it again for the same
 * request (createPayloadRequest runs every strategy): for a staff token, the signature checked
 * and the user read with its sessions a second time, one statement in ten of a staff read of a
 * lead. The gate's finding is kept in the request's context until its answer is sent, and the
 * strategy below, the first Payload asks, answers it back for the same header.
 *
 * It answers nothing when the request also carries cookies: Payload's token strategy may then
 * prefer the session cookie (`auth.jwtOrder`), which the gate did not look at. A finding that
 * came with headers to set (a strategy refreshing a session) is not kept: the second run is the
 * one whose headers Payload sends.
 */
import type { Response } from 'express'
import type { AuthStrategy, TypedUser } from 'payload'

import { requestContext } from '@/lib/requestContext'

export const RESOLVED_CREDENTIAL = 'resolved-credential'

/** Keeps the gate's finding for `header` until `res` is done (sent, or the client gone). */
export const keepResolvedCredential = (res: Response, header: string, user: TypedUser): void => {
  const context = requestContext.getStore()
  if (!context) return
  context.credential = { header, user }
  res.once('close', () => {
    delete context.credential
  })
}

export const resolvedCredentialStrategy: AuthStrategy = {
  name: RESOLVED_CREDENTIAL,
  authenticate: ({ headers }) => {
    const kept = requestContext.getStore()?.credential
    if (!kept || headers.has('cookie') || headers.get('authorization') !== kept.header)
      return { user: null }
    // A copy, as the gate's own: hooks may add to req.user.
    return { user: { ...kept.user } }
  },
}
