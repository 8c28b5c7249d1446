/**
 * E-mail addresses, phone numbers and names as they are compared: the lead desk's duplicate rules
 * (src/leadDesk/matchKeys.ts), a consumer's data export (src/compliance/requests/export.ts) and
 * the search by phone number (src/fields/phoneSearch.ts: lists and the dashboard's search) read
 * them the same way.
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

/** The fewest digits a search term must hold to be looked up as (part of) a phone number. */
export const PHONE_SEARCH_DIGITS = 4

/**
 * A record's phone numbers as one searchable text: each number in E.164, once, sorted, separated
 * by spaces (`+12135550147 +13235550199`). Texts that are not phone numbers are left out; no
 * number at all gives null.
 */
export const phoneKeysOf = (values: unknown[]): null | string => {
  const keys = [
    ...new Set(values.map(normalisePhone).filter((key): key is string => key !== null)),
  ].sort()
  return keys.length ? keys.join(' ') : null
}

/**
 * What a search term is looked up by in those keys, or null when it is not a phone number:
 * a whole number in any format (`(512) 555-0112`, `512.555.0112`, `+1 512 555 0112`) gives its
 * E.164 key; part of one (digits with at most the punctuation of a number: spaces, dots, hyphens,
 * brackets, a leading `+`), such as `555-0112`, its digits, found inside any stored number.
 */
export const phoneSearchKey = (term: unknown): null | string => {
  if (typeof term !== 'string' || !/^\+?[\d\s().-]+$/.test(term.trim())) return null
  const digits = term.replace(/\D/g, '')
  if (digits.length < PHONE_SEARCH_DIGITS) return null
  return (digits.length >= 10 && normalisePhone(term)) || digits
}
