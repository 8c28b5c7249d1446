/**
 * The checks of the tokens a provider signs (OpenID Connect Core 1.0, 3.1.3.7; Back-Channel
 * Logout 1.0, 2.6): the signature against the provider's published keys, with asymmetric
 * algorithms only (never `none`, never HMAC with a public key), the issuer, the audience (this
 * client; with several audiences, `azp` must be this client too), the expiry and the nonce.
 */
import { errors, type JWTPayload, jwtVerify } from 'jose'

import type { OidcProvider } from './config'
import { providerInfo } from './discovery'

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA']
const CLOCK_TOLERANCE_S = 60

/** A token the service does not accept; `reason` is for the log and the audit, not the page. */
export class TokenRefused extends Error {
  constructor(readonly reason: string) {
    super(`ID token refused: ${reason}`)
    this.name = 'TokenRefused'
  }
}

const why = (error: unknown): string => {
  if (error instanceof errors.JWTExpired) return 'expired'
  if (error instanceof errors.JWTClaimValidationFailed) return `${error.claim} does not match`
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad signature'
  if (error instanceof errors.JWKSNoMatchingKey)
    return 'signed with a key the provider does not publish'
  if (error instanceof errors.JOSEAlgNotAllowed) return 'algorithm not allowed'
  return error instanceof Error ? error.message : String(error)
}

const verified = async (provider: OidcProvider, token: string): Promise<JWTPayload> => {
  const { keys } = await providerInfo(provider)
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ALGORITHMS,
      audience: provider.clientId,
      clockTolerance: CLOCK_TOLERANCE_S,
      issuer: provider.issuer,
      requiredClaims: ['sub', 'iat'],
    })
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) {
      throw new TokenRefused('issued to another party (azp)')
    }
    return payload
  } catch (error) {
    throw error instanceof TokenRefused ? error : new TokenRefused(why(error))
  }
}

export type IdClaims = JWTPayload & { sub: string }

/** The claims of an ID token issued to this client for the sign-in that sent `nonce`. */
export const verifyIdToken = async (
  provider: OidcProvider,
  token: string,
  nonce: string,
): Promise<IdClaims> => {
  const claims = await verified(provider, token)
  if (claims.exp === undefined) throw new TokenRefused('no expiry')
  if (claims.nonce !== nonce) throw new TokenRefused('nonce does not match this sign-in')
  return claims as IdClaims
}

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout'

/** The subject a back-channel logout token ends the sessions of. */
export const verifyLogoutToken = async (provider: OidcProvider, token: string): Promise<string> => {
  const claims = await verified(provider, token)
  const events = claims.events
  if (!events || typeof events !== 'object' || !(LOGOUT_EVENT in events)) {
    throw new TokenRefused('not a logout token')
  }
  // A logout token must not be mistaken for an ID token, nor the reverse (2.4).
  if ('nonce' in claims) throw new TokenRefused('a logout token has no nonce')
  return claims.sub as string
}
