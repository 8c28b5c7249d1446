/**
 * What a lead event may say: its `type` and `status` values, and which of them reach out to the
 * customer or count as contact made. Read by the lead desk (status, do-not-contact, speed to
 * lead), compliance (contact consents) and the admin UI alike.
 */
import type { LeadEvent } from '../../payload-types'

/** Lead event `type` values, exactly as the contract writes them (section 3). */
export const leadEventTypes = [
  'Cancel',
  'Customer Answered',
  'Customer Call',
  'Customer DNC Request',
  'Customer Email',
  'Customer Needs More Options',
  'Customer Search Provided',
  'Customer Selects Vehicle',
  'Customer Text',
  'Lead Created',
  'Loan Service Redirect',
  'Outbound Email',
  'Outbound Phone Call',
  'Outbound Phone Call Answered',
  'Outbound Phone Call Not Answered',
  'Outbound Text',
  'Outbound Voicemail Left',
  'Scheduled Call',
  'Search Results Found',
  'Status Check',
  'Time Passed',
] as const

/** Lead event `status` values, exactly as the contract writes them (section 3). */
export const leadEventStatuses = [
  'Provide Customer With Three Options',
  'Customer Provided Options',
  'Answer Text Message',
  'Had Conversation',
  'Intake Form Submitted',
  'Send Text Message',
  'Send Text Template 1',
  'Waiting For Meeting',
  'Call Customer',
  'First Communication Attempt',
  'First Communication Attempt (phone and text)',
  'Searching',
  'Second Communication Attempt',
  'Send Text Nudge 1',
  'Waiting For Email Response',
  'Looking For Financing',
  'Customer Not Interested',
  'No Contact',
  'Customer Not Responding',
  'Customer Interested',
] as const

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
