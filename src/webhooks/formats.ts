/**
 * How an endpoint takes its events: `json` (the event payload) or `adf` (a lead as an ADF XML
 * document, src/adf/write.ts), sent over HTTP, or, for a `mailto:` address, as an e-mail.
 */
import { isIdnEmail } from '@/validation/formats'

import type { EventType } from './events'

export const WEBHOOK_FORMATS = ['json', 'adf'] as const

/** The events an `adf` endpoint may take: those about a lead. */
export const ADF_EVENTS: readonly EventType[] = ['lead.created', 'lead.updated']

/** Whether an event (a caller's value, or any event's name) is one an `adf` endpoint takes. */
export const isAdfEvent = (event: unknown): event is EventType =>
  ADF_EVENTS.some((adf) => adf === event)

const MAILTO = /^mailto:/i

/** The address of a `mailto:` destination, or null when the URL is not one. */
export const mailtoAddress = (url: string): null | string =>
  MAILTO.test(url) ? decodeURIComponent(url.replace(MAILTO, '').split('?')[0]) : null

/** Why a `mailto:` destination is refused; null for a good one or any other URL. */
export const destinationRefusal = (url: string, format: unknown): null | string => {
  let address: null | string
  try {
    address = mailtoAddress(url)
  } catch {
    return 'must be mailto: followed by one e-mail address'
  }
  if (address === null) return null
  if (format !== 'adf') return 'may be a mailto: address only with the adf format'
  return isIdnEmail(address) ? null : 'must be mailto: followed by one e-mail address'
}

/** Why `format` cannot go with these events; null when it can. */
export const formatRefusal = (
  format: null | string | undefined,
  events: unknown,
): null | string => {
  if (format !== 'adf') return null
  // A sibling's value, not yet validated: anything but a list is no events (the field refuses it).
  const others = (Array.isArray(events) ? events : []).filter((event) => !isAdfEvent(event))
  return others.length
    ? `adf sends ${ADF_EVENTS.join(' and ')} only; remove ${others.join(', ')}`
    : null
}
