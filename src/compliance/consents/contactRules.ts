/**
 * Which outbound lead events need which contact consent (TCPA, 47 USC 227 and 47 CFR 64.1200):
 * one table, kept in the `contact-consent-rules` global so staff admins can change it. Until it is
 * first saved, DEFAULT_CONTACT_RULES applies.
 */
import type { PayloadRequest } from 'payload'

import { outbound } from '@/fields/leadEventValues'

/** `granted`: refused unless the latest consent is a grant; `not-revoked`: refused after a revocation only. */
export const REQUIREMENTS = ['granted', 'not-revoked'] as const
export type Requirement = (typeof REQUIREMENTS)[number]

export const CONTACT_CONSENT_KINDS = ['calls-and-texts', 'e-mail-marketing'] as const
export type ContactConsentKind = (typeof CONTACT_CONSENT_KINDS)[number]

export type ContactRule = { consent: ContactConsentKind; requirement: Requirement; value: string }

/** The outbound lead event values (types and statuses) a rule can name. */
export const OUTBOUND_VALUES = Object.keys(outbound)

/**
 * Texts need a granted calls-and-texts consent; calls stop once that consent is revoked, e-mails
 * once an e-mail-marketing consent is. A do-not-contact request refuses all of them anyway.
 */
export const DEFAULT_CONTACT_RULES: ContactRule[] = OUTBOUND_VALUES.map((value) => {
  const channel = outbound[value as keyof typeof outbound]!.channel
  return channel === 'text'
    ? { consent: 'calls-and-texts', requirement: 'granted', value }
    : channel === 'phone'
      ? { consent: 'calls-and-texts', requirement: 'not-revoked', value }
      : { consent: 'e-mail-marketing', requirement: 'not-revoked', value }
})

export const CONTACT_RULES_SLUG = 'contact-consent-rules'

/** The rules in force: the global's, once saved; the defaults before. */
export const contactRules = async (req: PayloadRequest): Promise<ContactRule[]> => {
  const stored = await req.payload.findGlobal({
    depth: 0,
    overrideAccess: true,
    req,
    slug: CONTACT_RULES_SLUG,
  })
  if (!stored?.updatedAt) return DEFAULT_CONTACT_RULES
  return (stored.rules ?? []).flatMap((rule) =>
    rule.value && rule.consent && rule.requirement
      ? [{ consent: rule.consent, requirement: rule.requirement, value: rule.value }]
      : [],
  )
}
