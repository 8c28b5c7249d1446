/** Demo leads, the VINs they look at, and their history. */
import type { RequiredDataFromCollectionSlug } from 'payload'

const MINUTE = 60_000

/** The leads, their follow-ups due relative to `now` (one overdue, so the desk has work). */
export const leads = (now: number) => [
  {
    email: 'maria.gonzalez@example.com',
    firstName: 'María',
    followUpDue: new Date(now - 15 * MINUTE).toISOString(),
    lastName: 'González',
    consumer: 'con_demo_maria',
    location: 'loc_demo_sunset_la',
    phoneNumber: '(213) 555-0147',
    source: 'website',
  },
  {
    email: 'james.carter@example.com',
    firstName: 'James',
    followUpDue: new Date(now + 20 * 60 * MINUTE).toISOString(),
    lastName: 'Carter',
    consumer: 'con_demo_james',
    location: 'loc_demo_sunset_la',
    phoneNumber: '512-555-0112',
    source: 'phone',
  },
  {
    // The same person again, from another channel: her leads show each other.
    email: 'm.gonzalez@work.example',
    firstName: 'María',
    lastName: 'González',
    consumer: 'con_demo_maria',
    location: 'loc_demo_sunset_la',
    phoneNumber: '(213) 555-0147',
    source: 'chat',
  },
  {
    // Nobody has called yet: escalated once LEAD_CONTACT_MINUTES of business time pass.
    email: 'priya.shah@example.com',
    firstName: 'Priya',
    lastName: 'Shah',
    location: 'loc_demo_sunset_la',
    phoneNumber: '(213) 555-0188',
    source: 'website',
  },
]

export const vins = ['4T1B11HK7NU000123', 'JTMRWRFV4LD000321', '5YJ3E1EA0PF000789']

/** The leads' history; leads have numeric ids, known once they are stored. */
export const leadEvents = (
  maria: number,
  james: number,
): RequiredDataFromCollectionSlug<'leadEvents'>[] => [
  {
    lead: maria,
    nextSteps: 'Send three matching vehicles by e-mail.',
    status: 'Intake Form Submitted',
    type: 'Lead Created',
  },
  {
    lead: maria,
    nextSteps: 'Follow up on the Camry LE.',
    status: 'Customer Provided Options',
    type: 'Outbound Email',
  },
  {
    currentStatusFor: maria,
    lead: maria,
    nextSteps: 'Book a test drive for Saturday.',
    status: 'Had Conversation',
    type: 'Customer Answered',
  },
  {
    currentStatusFor: james,
    lead: james,
    nextSteps: 'Try again tomorrow morning.',
    status: 'First Communication Attempt (phone and text)',
    type: 'Outbound Phone Call Not Answered',
  },
]
