import type { DateField, TextField } from 'payload'

import {
  isDate,
  isDateTime,
  isIdnEmail,
  isPhone,
  isVinFormat,
  PHONE_PATTERN_SOURCE,
  ZIP_PATTERN,
} from '../validation/formats'

type Options = {
  admin?: TextField['admin']
  index?: boolean
  label?: string
  required?: boolean
  unique?: boolean
}

const REQUIRED = 'This field is required.'
const empty = (value: unknown) => value === undefined || value === null || value === ''

/**
 * A text field checked by `test`; the message says what is expected and never repeats the
 * value (which may be personal data).
 */
const formattedText =
  (test: (value: string) => boolean, message: string, placeholder?: string) =>
  (name: string, { admin, required = false, ...rest }: Options = {}): TextField => ({
    name,
    type: 'text',
    admin: { placeholder, ...admin },
    required,
    validate: (value: null | string | undefined) => {
      if (empty(value)) return required ? REQUIRED : true
      return (typeof value === 'string' && test(value)) || message
    },
    ...rest,
  })

/** Phone number matching the contract's pattern. */
export const phoneField = formattedText(
  isPhone,
  `must be a phone number matching ${PHONE_PATTERN_SOURCE}`,
  '(555) 123-4567',
)

/** E-mail address in the idn-email format (internationalised addresses accepted). */
export const emailField = formattedText(isIdnEmail, 'must be an e-mail address', 'name@example.com')

/** Calendar date `YYYY-MM-DD`, kept and returned as that string. */
export const dateField = formattedText(
  isDate,
  'must be a real calendar date written YYYY-MM-DD',
  'YYYY-MM-DD',
)

/** US ZIP code, `12345` or `12345-6789`. */
export const zipField = formattedText(
  (value) => ZIP_PATTERN.test(value),
  'must be a ZIP code: 12345 or 12345-6789',
  '12345',
)

/** Vehicle identification number: 17 characters of the ISO 3779 alphabet (no I, O or Q). */
export const vinField = formattedText(
  isVinFormat,
  'must be 17 characters of the ISO 3779 alphabet (digits and capitals except I, O, Q)',
)

/** A list of phone numbers; each element must match the contract's pattern. */
export const phoneListField = (name: string): TextField => ({
  name,
  type: 'text',
  hasMany: true,
  validate: (value: null | string[] | undefined) => {
    if (empty(value)) return true
    if (!Array.isArray(value)) return 'must be a list of phone numbers'
    const bad = value.findIndex((item) => typeof item !== 'string' || !isPhone(item))
    return bad === -1 || `element ${bad} must be a phone number matching ${PHONE_PATTERN_SOURCE}`
  },
})

/** RFC 3339 date-time, stored as a timestamp and returned in ISO 8601 UTC. */
export const dateTimeField = (
  name: string,
  { required = false }: { required?: boolean } = {},
): DateField => ({
  name,
  type: 'date',
  admin: { date: { pickerAppearance: 'dayAndTime' } },
  required,
  validate: (value: Date | null | string | undefined) => {
    if (empty(value)) return required ? REQUIRED : true
    if (value instanceof Date) return !Number.isNaN(value.getTime()) || 'must be a date-time'
    return (
      (typeof value === 'string' && isDateTime(value)) ||
      'must be an RFC 3339 date-time, e.g. 2026-01-31T17:00:00Z'
    )
  },
})
