/**
 * The staff user a provider's claims describe, created at the first sign-in (just in time) and
 * brought in line at every later one: name, e-mail, role and dealership follow the provider, so
 * a role removed there is removed here at the next sign-in. Written as the service itself (the
 * person is not signed in yet), in the sign-in's transaction.
 */
import crypto from 'node:crypto'

import type { PayloadRequest } from 'payload'

import { textOf } from '@/lib/text'

import type { User } from '../../../payload-types'
import type { OidcProvider, RoleMapping } from './config'
import type { IdClaims } from './tokens'

/** Why a person the provider vouches for is not let in (the sign-in page names each). */
export type Refusal = 'company' | 'email' | 'email-in-use' | 'unmapped'

export class SignInRefused extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly detail: string,
  ) {
    super(`sign-in refused (${refusal}): ${detail}`)
    this.name = 'SignInRefused'
  }
}

export type StaffUserChange = {
  /** Which of role and company the claims changed (none on a create). */
  changed: ('company' | 'role')[]
  created: boolean
  user: User
}

/** Entra sends its sign-in name (often an address) where no `email` claim is configured. */
const emailOf = (claims: IdClaims): string => {
  const email = textOf(claims.email) || textOf(claims.preferred_username)
  return /^[^@\s]+@[^@\s]+$/.test(email) ? email.toLowerCase() : ''
}

const companyIdOf = (user: User): null | string =>
  user.company === null || user.company === undefined
    ? null
    : typeof user.company === 'object'
      ? user.company.id
      : user.company

export const syncStaffUser = async (
  req: PayloadRequest,
  provider: OidcProvider,
  claims: IdClaims,
  mapping: RoleMapping,
): Promise<StaffUserChange> => {
  const email = emailOf(claims)
  if (!email) throw new SignInRefused('email', 'the ID token names no e-mail address')
  const company = mapping.company ?? null
  if (company) {
    const found = await req.payload.count({
      collection: 'company',
      req,
      where: { id: { equals: company } },
    })
    if (!found.totalDocs) throw new SignInRefused('company', `no company ${company}`)
  }
  const profile = {
    company,
    email,
    name: textOf(claims.name) || email,
    role: mapping.role,
  }
  const identity = { identityProvider: provider.id, identitySubject: claims.sub }
  const { docs } = await req.payload.find({
    collection: 'users',
    depth: 0,
    limit: 1,
    req,
    where: {
      or: [
        {
          and: [
            { identityProvider: { equals: provider.id } },
            { identitySubject: { equals: claims.sub } },
          ],
        },
        { email: { equals: email } },
      ],
    },
  })
  const known = docs.find((user) => user.identitySubject === claims.sub) ?? docs[0]
  if (!known) {
    const user = await req.payload.create({
      collection: 'users',
      data: { ...profile, ...identity, password: crypto.randomBytes(32).toString('base64url') },
      depth: 0,
      req,
    })
    return { changed: [], created: true, user }
  }
  // An account of the same address made here before: taken over only when the provider vouches
  // for the address, and never one already tied to another identity.
  if (known.identitySubject !== claims.sub || known.identityProvider !== provider.id) {
    if (known.identitySubject || claims.email_verified !== true) {
      throw new SignInRefused('email-in-use', `users:${known.id} has the address ${email}`)
    }
  }
  const changed = [
    ...(known.role === profile.role ? [] : ['role' as const]),
    ...(companyIdOf(known) === profile.company ? [] : ['company' as const]),
  ]
  const user = await req.payload.update({
    collection: 'users',
    data: { ...profile, ...identity },
    depth: 0,
    id: known.id,
    req,
  })
  return { changed, created: false, user }
}
