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
/** A staff user's session is Payload's, on the users' own routes. */
export const STAFF_SESSION =
  "These are API clients' routes: a staff user's session is refreshed or ended at /api/users/refresh-token or /api/users/logout."

const refuse: PayloadHandler = (req) => {
  if (!req.user) return payloadError(401, messages.unauthorized)
  return payloadError(403, req.user.collection === 'api-clients' ? NO_SESSION : STAFF_SESSION)
}

export const noSessionEndpoints: Endpoint[] = [
  { handler: refuse, method: 'post', path: '/logout' },
  { handler: refuse, method: 'post', path: '/refresh-token' },
]
