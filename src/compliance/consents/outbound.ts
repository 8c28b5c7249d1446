import type { LeadEvent } from '../../../payload-types'

type EventValue = NonNullable<LeadEvent['type']> | NonNullable<LeadEvent['status']>

export type Channel = 'email' | 'phone' | 'text'

/**
 * The lead event values that reach out to the customer, with the channel each uses: a type
 * records contact made, a status asks for it. A do-not-contact request refuses every one of
 * them; rules per channel (consent) belong here too.
 */
export const outbound: Partial<Record<EventValue, { channel: Channel }>> = {
  'Outbound Email': { channel: 'email' },
  'Outbound Phone Call': { channel: 'phone' },
  'Outbound Phone Call Answered': { channel: 'phone' },
  'Outbound Phone Call Not Answered': { channel: 'phone' },
  'Outbound Text': { channel: 'text' },
  'Outbound Voicemail Left': { channel: 'phone' },
  'Send Text Message': { channel: 'text' },
  'Send Text Nudge 1': { channel: 'text' },
  'Send Text Template 1': { channel: 'text' },
}

export const isOutbound = (value: null | string | undefined): boolean =>
  Boolean(value && Object.hasOwn(outbound, value))

/** Event types that count as the lead having been contacted (speed-to-lead). */
const contactTypes = new Set<string>([
  'Customer Answered',
  'Outbound Email',
  'Outbound Phone Call',
  'Outbound Phone Call Answered',
  'Outbound Phone Call Not Answered',
  'Outbound Text',
  'Outbound Voicemail Left',
])

export const isContact = (type: null | string | undefined): boolean =>
  Boolean(type && contactTypes.has(type))
