/**
 * What a provider publishes: its discovery document (endpoints) and its signing keys (JWKS).
 * Both are kept per provider; the key set is jose's remote set, which caches the keys and fetches
 * them again when a token names a key it does not hold (a provider's key rotation), at most once
 * per cooldown, so a flood of forged `kid`s cannot make the service hammer the provider.
 */
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'
import { z } from 'zod'

import type { OidcProvider } from './config'

const metadata = z.object({
  authorization_endpoint: z.url(),
  end_session_endpoint: z.url().optional(),
  issuer: z.string(),
  jwks_uri: z.url(),
  token_endpoint: z.url(),
})
export type ProviderMetadata = z.output<typeof metadata>

type Known = { keys: JWTVerifyGetKey; metadata: ProviderMetadata }

const TIMEOUT_MS = 10_000
const known = new Map<string, Promise<Known>>()

const discover = async (provider: OidcProvider): Promise<Known> => {
  const address = `${provider.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
  const response = await fetch(address, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  if (!response.ok) throw new Error(`${address} answered ${response.status}`)
  const found = metadata.parse(await response.json())
  // The document must be the issuer's own (OpenID Connect Discovery 1.0, section 4.3).
  if (found.issuer !== provider.issuer) {
    throw new Error(`${address} names issuer ${found.issuer}, not ${provider.issuer}`)
  }
  return {
    keys: createRemoteJWKSet(new URL(found.jwks_uri), {
      cooldownDuration: 5_000,
      timeoutDuration: TIMEOUT_MS,
    }),
    metadata: found,
  }
}

/** The provider's endpoints and keys, discovered once (again after a failure). */
export const providerInfo = (provider: OidcProvider): Promise<Known> => {
  const key = `${provider.id} ${provider.issuer}`
  let entry = known.get(key)
  if (!entry) {
    entry = discover(provider)
    known.set(key, entry)
    entry.catch(() => known.delete(key))
  }
  return entry
}
