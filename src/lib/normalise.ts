/**
 * E-mail addresses, phone numbers and names as they are compared: the lead desk's duplicate rules
 * (src/leadDesk/matchKeys.ts) and a consumer's data export (src/compliance/requests/export.ts)
 * read them the same way.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js'

/**
 * Lower-case and trimmed. Deliberately nothing more: dots and `+tags` are folded by Gmail but not
 * by every provider, so folding them would merge two people who share a mailbox provider's rules.
 */
export const normaliseEmail = (value: unknown): null | string => {
  if (typeof value !== 'string') return null
  const email = value.trim().toLowerCase()
  return email.includes('@') ? email : null
}

/**
 * E.164 (`+12135550147`), read as a US number unless it names its country; a text that is not a
 * possible phone number gives no key (so it never matches anything).
 */
export const normalisePhone = (value: unknown): null | string => {
  if (typeof value !== 'string' || !value.trim()) return null
  const phone = parsePhoneNumberFromString(value, 'US')
  return phone?.isPossible() ? phone.number : null
}

/** Lower-case, accents dropped, inner spaces and hyphens as one space. */
export const normaliseName = (value: unknown): null | string => {
  if (typeof value !== 'string') return null
  const name = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim()
  return name || null
}
