import type { Endpoint, PayloadHandler } from 'payload'

import { messages, payloadError } from '@/errors'

/** Why an API key cannot refresh or end a session: it has none. */
export const NO_SESSION =
  'An API key has no session to refresh or end: it stays valid until an admin disables the client or gives it a new key. Sessions belong to staff users (POST /api/users/login).'

/**
 * An API client signs in with nothing but its key, so Payload's session routes of the collection
 * answer nothing useful: `refresh-token` would hand a key a token the service then refuses, and
 * `logout` would report success and change nothing. Both are refused, and say why (403 with a key,
 * 401 without one). Mounted before Payload's own routes of the same paths.
 */
const refuse: PayloadHandler = (req) =>
  req.user ? payloadError(403, NO_SESSION) : payloadError(401, messages.unauthorized)

export const noSessionEndpoints: Endpoint[] = [
  { handler: refuse, method: 'post', path: '/logout' },
  { handler: refuse, method: 'post', path: '/refresh-token' },
]
