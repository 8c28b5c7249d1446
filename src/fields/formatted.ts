import type { DateField, TextField } from 'payload'
import type { TextFieldManyValidation } from 'payload/shared'
import { date, text } from 'payload/shared'

import {
  isDate,
  isDateTime,
  isIdnEmail,
  isPhone,
  isVinFormat,
  PHONE_PATTERN_SOURCE,
  ZIP_PATTERN,
} from '@/validation/formats'

import { isEmpty, textMatching } from './textMatching'

type Options = Pick<
  TextField,
  'admin' | 'index' | 'label' | 'maxLength' | 'minLength' | 'required' | 'unique'
>

// Payload's `text` checks lists too (`hasMany`); its declared type covers one string only.
const textMany = text as TextFieldManyValidation

/** A text field checked by Payload's own `text` validator and then by `test`. */
const formattedText =
  (test: (value: string) => boolean, message: string, placeholder?: string) =>
  (name: string, { admin, required = false, ...rest }: Options = {}): TextField => ({
    name,
    type: 'text',
    admin: { placeholder, ...admin },
    required,
    validate: textMatching(test, message),
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
  validate: (value, options) => {
    if (isEmpty(value)) return true
    if (!Array.isArray(value)) return 'must be a list of phone numbers'
    const bad = value.findIndex((item) => typeof item !== 'string' || !isPhone(item))
    if (bad !== -1) return `element ${bad} must be a phone number matching ${PHONE_PATTERN_SOURCE}`
    return textMany(value, options)
  },
})

/**
 * RFC 3339 date-time, stored as a timestamp and returned in ISO 8601 UTC. The format is checked
 * before Payload's `date` validator, whose message would repeat the value.
 */
export const dateTimeField = (
  name: string,
  { required = false }: Pick<DateField, 'required'> = {},
): DateField => ({
  name,
  type: 'date',
  admin: { date: { pickerAppearance: 'dayAndTime' } },
  required,
  validate: (value, options) => {
    if (isEmpty(value)) return date(value, options)
    const raw: unknown = value
    if (raw instanceof Date) {
      if (Number.isNaN(raw.getTime())) return 'must be a date-time'
    } else if (typeof raw !== 'string' || !isDateTime(raw)) {
      return 'must be an RFC 3339 date-time, e.g. 2026-01-31T17:00:00Z'
    }
    return date(value, options)
  },
})
