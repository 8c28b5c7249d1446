/**
 * Formats of the interface contract (section 2), as plain predicates: used by field validation,
 * the commerce endpoints and the OpenAPI document alike.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js'

import { PHONE_PATTERN } from './phone'

export { PHONE_PATTERN }
export const PHONE_PATTERN_SOURCE = PHONE_PATTERN.source

export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value)

// idn-email (RFC 6531): the local part may hold any non-ASCII character; the domain is made of
// letter/digit labels (U-labels included) joined by dots, each 1-63 characters without
// leading or trailing hyphens.
const LOCAL_ATOM = /^[\p{L}\p{N}\p{M}!#$%&'*+/=?^_`{|}~-]+$/u
const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u

export const isIdnEmail = (value: string): boolean => {
  if (value.length > 254) return false
  const at = value.lastIndexOf('@')
  if (at < 1) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  if (local.length > 64 || !local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false
  const labels = domain.split('.')
  return labels.length >= 2 && labels.every((label) => DOMAIN_LABEL.test(label))
}

/** `YYYY-MM-DD` naming a day that exists (no 2023-02-29): ajv-formats' RFC 3339 full-date. */
export const isDate =
  // ajv-formats types each of its formats as any kind of format; `date` is a definition with `validate`.
  (fullFormats.date as { validate: (value: string) => boolean }).validate

/**
 * RFC 3339 date-time with a real calendar date and time and an explicit offset. Not ajv-formats'
 * `date-time`: it also takes offsets without a colon or minutes (`+0200`, `+02`), which RFC 3339
 * does not allow and JavaScript's Date cannot always read (`…T17:00:00+02` is an Invalid Date).
 */
export const isDateTime = (value: string): boolean => {
  const match =
    /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/.exec(
      value,
    )
  if (!match || !isDate(match[1])) return false
  const [hour, minute, second] = [match[2], match[3], match[4]].map(Number)
  const offsetOk = !match[7] || (Number(match[7]) < 24 && Number(match[8]) < 60)
  return hour < 24 && minute < 60 && second <= 60 && offsetOk
}

/** ISO 3779 alphabet: digits and capital letters except I, O and Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/

export const isVinFormat = (value: string): boolean => VIN_PATTERN.test(value)

export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/

/** An IANA time zone name the runtime knows, such as America/Los_Angeles. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
