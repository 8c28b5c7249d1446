/**
 * Do not text without consent, never after a revocation (TCPA, 47 USC 227(b), 47 CFR 64.1200):
 * an outbound lead event the contact rules name (./contactRules.ts) is refused with 409 when the
 * lead's phone number (or e-mail address) lacks the consent the rule asks for. The consent the
 * service recorded last for the number decides (./latest.ts): a grant, or a revocation. A calls-and-texts consent counts for
 * the seller it names: the company of the lead's location, when the lead has one.
 */
import type { PayloadRequest, Where } from 'payload'

import { ClientError } from '@/errors'
import { byWhomFor } from '@/fields/actors'
import { isOutbound } from '@/fields/leadEventValues'
import { relationId } from '@/lib/relationId'

import { type ContactRule, contactRules } from './contactRules'
import { contactKeyOf, KIND_LABELS } from './kinds'
import { latestConsent } from './latest'
import { holdContact } from './ledger'

/** How a time reads in a refusal: minutes, UTC. */
const readableTime = (at: Date | string): string =>
  `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`

type LeadContact = {
  company?: string
  email?: null | string
  name: string
  phoneNumber?: null | string
}

/** The lead's number and address (its consumer's when it has none), name and seller. */
export const leadContact = async (
  req: PayloadRequest,
  lead: number,
): Promise<LeadContact | undefined> => {
  const found = await req.payload.findByID({
    collection: 'lead',
    depth: 0,
    disableErrors: true,
    id: lead,
    overrideAccess: true,
    req,
    select: { consumer: true, email: true, location: true, phoneNumber: true, title: true },
    trash: true,
  })
  if (!found) return undefined
  const consumerId = relationId(found.consumer)
  const consumer =
    consumerId && (!found.phoneNumber || !found.email)
      ? await req.payload.findByID({
          collection: 'consumer',
          depth: 0,
          disableErrors: true,
          id: String(consumerId),
          overrideAccess: true,
          req,
          select: { email: true, phoneNumber: true },
          trash: true,
        })
      : null
  const locationId = relationId(found.location)
  const location = locationId
    ? await req.payload.findByID({
        collection: 'location',
        depth: 0,
        disableErrors: true,
        id: String(locationId),
        overrideAccess: true,
        req,
        select: { companyId: true },
      })
    : null
  return {
    company: relationId(location?.companyId) as string | undefined,
    email: found.email || consumer?.email,
    name: found.title || `lead ${lead}`,
    phoneNumber: found.phoneNumber || consumer?.phoneNumber,
  }
}

/** The standing consent a rule asks for, of one phone number or address (and seller). */
const contactConsent = async (
  req: PayloadRequest,
  rule: ContactRule,
  key: string,
  company: string | undefined,
) => {
  const scope: Where[] = [{ kind: { equals: rule.consent } }, { contactKey: { equals: key } }]
  if (rule.consent === 'calls-and-texts' && company) scope.push({ seller: { equals: company } })
  return latestConsent(req, scope)
}

/**
 * Refuses (409) an outbound type or status the contact rules name, for a lead whose number or
 * address has no granted consent (rule `granted`) or whose consent was revoked (either rule).
 */
export const refuseWithoutContactConsent = async (
  req: PayloadRequest,
  lead: number | undefined,
  values: (null | string | undefined)[],
): Promise<void> => {
  // Rules name outbound values only: other events cost no read of the rules.
  if (!lead || !values.some(isOutbound)) return
  const rules = await contactRules(req)
  const applying = values.flatMap((value) => rules.filter((rule) => rule.value === value))
  if (!applying.length) return
  const contact = await leadContact(req, lead)
  if (!contact) return
  // One clause after each colon: the admin UI's toast splits a message at its commas.
  for (const rule of applying) {
    const kind = KIND_LABELS[rule.consent].toLowerCase()
    const key = contactKeyOf(rule.consent, contact.phoneNumber, contact.email)
    const what = rule.consent === 'calls-and-texts' ? 'phone number' : 'e-mail address'
    if (!key) {
      if (rule.requirement === 'granted')
        throw new ClientError(
          `No consent: ${contact.name} has no ${what} with a ${kind} consent; "${rule.value}" cannot be recorded.`,
          409,
        )
      continue
    }
    // A consent being recorded for this number and this check take turns (./ledger.ts).
    await holdContact(req, key)
    const latest = await contactConsent(req, rule, key, contact.company)
    if (latest?.action === 'revoke')
      throw new ClientError(
        `Consent revoked: ${contact.name} revoked their ${kind} consent for this ${what} (recorded ${readableTime(latest.createdAt)}${byWhomFor(req, latest.recordedBy)}); "${rule.value}" cannot be recorded.`,
        409,
      )
    if (rule.requirement === 'granted' && latest?.action !== 'grant')
      throw new ClientError(
        `No consent: ${contact.name} has not granted a ${kind} consent for this ${what}${
          rule.consent === 'calls-and-texts' && contact.company ? ' to this seller' : ''
        }; "${rule.value}" cannot be recorded.`,
        409,
      )
  }
}
