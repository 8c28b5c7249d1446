import { type JWTPayload, jwtVerify } from 'jose'
import { JWT_AUTH_VERSION, type Payload } from 'payload'

import { poolOf, tableNameOf } from '@/db/adapter'

const STAFF = 'users'

/** The token of `Authorization: JWT <token>` or `Bearer <token>`, where Payload reads that scheme. */
export const bearerToken = (payload: Payload, authorization: string): null | string => {
  const [, scheme, token] = /^(JWT|Bearer) (\S+)$/.exec(authorization) ?? []
  return payload.config.auth.jwtOrder.some((name) => name === scheme) ? token : null
}

/**
 * Whether a staff token Payload itself signed, unexpired, names a session that is stored, asked
 * of the primary directly. Payload's token strategy answers "no user" when its lookup fails; this
 * throws instead, so a caller can tell a token that is no good from one that could not be
 * checked. A bad signature, an expired token or another collection's token is no good: false.
 */
export const sessionStored = async (payload: Payload, token: string): Promise<boolean> => {
  const { collection, id, sid } = await jwtVerify(
    token,
    new TextEncoder().encode(payload.secret),
  ).then(
    (verified): JWTPayload =>
      verified.protectedHeader.authVersion === JWT_AUTH_VERSION ? verified.payload : {},
    (): JWTPayload => ({}),
  )
  if (collection !== STAFF || typeof sid !== 'string' || !Number.isSafeInteger(id)) return false
  // A user's sessions go with the user (ON DELETE CASCADE): their row is the whole answer.
  const { rows } = await poolOf(payload).query(
    `select 1 from ${tableNameOf(payload, STAFF)}_sessions
      where _parent_id = $1 and id = $2 and expires_at > now()`,
    [id, sid],
  )
  return rows.length > 0
}
