/**
 * The identity providers staff sign in with, from OIDC_PROVIDERS (a JSON list) and each one's
 * client secret from `OIDC_SECRET_<ID>`. Checked in full at start (`checkSignInSettings`): a bad
 * provider or mapping stops the process with one message naming it, so a typo in a group's role
 * never shows up as people refused one by one.
 */
import { z } from 'zod'

import { ConfigError } from '@/lib/envSchema'
import { serverURL, settings } from '@/lib/settings'

import { staffRoles } from '../../../access/roles'

/** One line of a provider's mapping: a value of its claim, and the role (and dealership) it gives. */
const mappingEntry = z
  .object({
    company: z.string().min(1).optional(),
    match: z.string().min(1),
    role: z.enum(staffRoles),
  })
  .strict()
  .refine((entry) => (entry.role === 'dealer') === Boolean(entry.company), {
    error: 'a dealer needs a company, and only a dealer has one',
  })

const providerEntry = z
  .object({
    /** Where the provider sends people back; default SERVER_URL + /api/users/oidc/<id>/callback. */
    callbackUrl: z.url({ protocol: /^https?$/ }).optional(),
    /** The claim holding the person's groups or roles (a list or one value). */
    claim: z.string().min(1).default('groups'),
    clientId: z.string().min(1),
    id: z.string().regex(/^[a-z0-9-]+$/, { error: 'an id of small letters, digits and dashes' }),
    issuer: z.url({ protocol: /^https?$/ }),
    label: z.string().min(1),
    /** `amr` or `acr` values that mean a second factor was used at the provider. */
    mfa: z
      .object({ acr: z.array(z.string()).default([]), amr: z.array(z.string()).default([]) })
      .strict()
      .default({ acr: [], amr: ['mfa'] }),
    roles: z.array(mappingEntry).min(1, { error: 'a provider needs at least one mapping' }),
    scopes: z.string().default('openid profile email'),
  })
  .strict()

export type OidcProvider = z.output<typeof providerEntry> & {
  callbackUrl: string
  clientSecret: string
}
export type RoleMapping = z.output<typeof mappingEntry>

/** Where the secret of provider `id` is read from. */
export const secretVariable = (id: string): string =>
  `OIDC_SECRET_${id.toUpperCase().replace(/-/g, '_')}`

/** The first problem with the providers' settings, naming the provider and the mapping entry. */
const describe = (raw: unknown, issue: z.core.$ZodIssue): string => {
  const [index, key, entry] = issue.path
  const provider = Array.isArray(raw) && typeof index === 'number' ? raw[index] : undefined
  const name =
    provider && typeof provider === 'object' && 'id' in provider
      ? `provider "${String(provider.id)}"`
      : `provider ${String(index)}`
  if (index === undefined) return `OIDC_PROVIDERS: ${issue.message}`
  if (key === 'roles' && typeof entry === 'number') {
    const line = (provider as { roles: unknown[] }).roles[entry]
    const match = line && typeof line === 'object' && 'match' in line ? line.match : entry
    return `OIDC_PROVIDERS: ${name}, mapping "${String(match)}": ${issue.message}`
  }
  return `OIDC_PROVIDERS: ${name}${key === undefined ? '' : `, ${String(key)}`}: ${issue.message}`
}

const parse = (text: string): OidcProvider[] => {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    throw new ConfigError('OIDC_PROVIDERS must be a JSON list of providers (docs/oidc.md)')
  }
  const result = z.array(providerEntry).safeParse(raw)
  if (!result.success) throw new ConfigError(describe(raw, result.error.issues[0]))
  const ids = result.data.map((provider) => provider.id)
  const twice = ids.find((id, i) => ids.indexOf(id) !== i)
  if (twice) throw new ConfigError(`OIDC_PROVIDERS: provider "${twice}" is listed twice`)
  return result.data.map((provider) => {
    const clientSecret = process.env[secretVariable(provider.id)]
    if (!clientSecret) {
      throw new ConfigError(
        `OIDC_PROVIDERS: provider "${provider.id}" needs its client secret in ${secretVariable(provider.id)}`,
      )
    }
    const callbackUrl =
      provider.callbackUrl ?? `${serverURL()}/api/users/oidc/${provider.id}/callback`
    if (!/^https?:\/\//.test(callbackUrl)) {
      throw new ConfigError(
        `OIDC_PROVIDERS: provider "${provider.id}" needs a callbackUrl, or SERVER_URL to build one from`,
      )
    }
    return { ...provider, callbackUrl, clientSecret }
  })
}

let parsed: { providers: OidcProvider[]; text: string } | undefined

/** The providers as the environment has them now (parsed once per value). */
export const oidcProviders = (): OidcProvider[] => {
  const text = settings('auth').OIDC_PROVIDERS ?? '[]'
  if (parsed?.text !== text) parsed = { providers: parse(text), text }
  return parsed.providers
}

export const oidcProvider = (id: string): OidcProvider | undefined =>
  oidcProviders().find((provider) => provider.id === id)

/** At start: the providers and the password rule, each problem named. */
export const checkSignInSettings = (): void => {
  oidcProviders()
  const { BREAK_GLASS_ADMIN, PASSWORD_SIGN_IN } = settings('auth')
  if (PASSWORD_SIGN_IN === 'break-glass' && !BREAK_GLASS_ADMIN) {
    throw new ConfigError('PASSWORD_SIGN_IN=break-glass needs BREAK_GLASS_ADMIN (an e-mail)')
  }
}
