/**
 * A session for a person the provider signed in, made as Payload's password sign-in makes one
 * (a row of `users_sessions` and a JWT naming it in the session cookie), so `me`, refresh, logout
 * and the admin UI treat it alike. It lasts OIDC_SESSION_MAX_AGE_SECONDS at most (less than a
 * password session's 8 h when so set): then the provider is asked again (silently while the
 * person's session there lasts: ./hint.ts), which is where a leaver is stopped. Refreshing does
 * not stretch it (`keepProviderSessionShort`).
 */
import {
  type CollectionBeforeOperationHook,
  Forbidden,
  getFieldsToSign,
  jwtSign,
  type PayloadRequest,
  type SanitizedCollectionConfig,
} from 'payload'
import { addSessionToUser, generatePayloadCookie } from 'payload/shared'

import { settings } from '@/lib/settings'

import type { User } from '../../../payload-types'

const lifetime = (config: SanitizedCollectionConfig): number =>
  Math.min(config.auth.tokenExpiration, settings('auth').OIDC_SESSION_MAX_AGE_SECONDS)

/** The `Set-Cookie` value of a new session for `user`, added in the request's transaction. */
export const startSession = async (req: PayloadRequest, user: User): Promise<string> => {
  const { config } = req.payload.collections.users
  const shortened = { ...config, auth: { ...config.auth, tokenExpiration: lifetime(config) } }
  const signedIn = { ...user, collection: 'users' as const }
  const { sid } = await addSessionToUser({
    collectionConfig: shortened,
    payload: req.payload,
    req,
    user: signedIn,
  })
  const { token } = await jwtSign({
    fieldsToSign: getFieldsToSign({
      collectionConfig: shortened,
      email: user.email,
      sid,
      user: signedIn,
    }),
    secret: req.payload.secret,
    tokenExpiration: shortened.auth.tokenExpiration,
  })
  return generatePayloadCookie({
    collectionAuthConfig: shortened.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
    token,
  })
}

/**
 * A session signed in through a provider is not refreshed past its end: the provider is asked
 * again instead (a person disabled there since is then refused).
 */
export const keepProviderSessionShort: CollectionBeforeOperationHook = ({
  args,
  operation,
  req,
}) => {
  if (
    operation === 'refresh' &&
    req.user &&
    'identityProvider' in req.user &&
    req.user.identityProvider
  ) {
    throw new Forbidden(req.t)
  }
  return args
}
