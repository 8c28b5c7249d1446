/**
 * Who a person is here, decided by the provider: the values of the provider's groups (or roles)
 * claim, matched against its mapping in the order the mapping lists them. The first line any
 * value matches gives the role and, for a dealer, the dealership; none matching gives nothing,
 * and the person is refused. Pure: the sign-in (./signIn.ts) acts on the answer.
 */
import type { JWTPayload } from 'jose'

import type { OidcProvider, RoleMapping } from './config'

/** The claim's values: a list, or one value (Okta and Google send either, by configuration). */
export const claimValues = (claims: JWTPayload, claim: string): string[] => {
  const value = claims[claim]
  const values = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
  return values.filter((each): each is string => typeof each === 'string')
}

export const mappedRole = (provider: OidcProvider, claims: JWTPayload): null | RoleMapping => {
  const values = new Set(claimValues(claims, provider.claim))
  return provider.roles.find((line) => values.has(line.match)) ?? null
}

/**
 * Whether the provider says a second factor was used: an `amr` value, or an `acr` level the
 * provider's configuration names (Okta sends `amr: ["pwd", "mfa", …]`; Entra ID marks a
 * Conditional Access authentication context in `acrs`, read like `acr`).
 */
export const usedSecondFactor = (provider: OidcProvider, claims: JWTPayload): boolean =>
  claimValues(claims, 'amr').some((value) => provider.mfa.amr.includes(value)) ||
  [...claimValues(claims, 'acr'), ...claimValues(claims, 'acrs')].some((value) =>
    provider.mfa.acr.includes(value),
  )
