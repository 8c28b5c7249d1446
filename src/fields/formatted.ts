import type { DateField, TextField } from 'payload'
import type { TextFieldManyValidation } from 'payload/shared'
import { date, text } from 'payload/shared'

import {
  isDate,
  isDateTime,
  isIdnEmail,
  isPhone,
  isTimeZone,
  isVinFormat,
  ZIP_PATTERN,
} from '@/validation/formats'
import { isEmpty, textMatching } from '@/validation/textMatching'

import { cell, withCell } from './readableValues'

type Options = Pick<
  TextField,
  'access' | 'admin' | 'index' | 'label' | 'maxLength' | 'minLength' | 'required' | 'unique'
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

/** What a phone number should look like, in words (the contract's pattern, never shown). */
const PHONE_MESSAGE =
  'must be a phone number matching a US format of 10 digits, like (555) 123-4567, 555-123-4567 or +1 555 123 4567'

/** Phone number matching the contract's pattern, stored as sent and listed in one format. */
export const phoneField = (name: string, options?: Options): TextField =>
  withCell(formattedText(isPhone, PHONE_MESSAGE, '(555) 123-4567')(name, options), cell.phone)

/** E-mail address in the idn-email format (internationalised addresses accepted). */
export const emailField = formattedText(isIdnEmail, 'must be an e-mail address', 'name@example.com')

const calendarDate = formattedText(isDate, 'must be a real calendar date, like 1990-12-31')

/** Calendar date `YYYY-MM-DD`, kept and returned as that string; picked with a date picker. */
export const dateField = (name: string, { admin, ...options }: Options = {}): TextField =>
  calendarDate(name, {
    ...options,
    admin: { ...admin, components: { Field: '/src/admin/values/DayField#DayField' } },
  })

/** US ZIP code, `12345` or `12345-6789`. */
export const zipField = formattedText(
  (value) => ZIP_PATTERN.test(value),
  'must be a ZIP code: 12345 or 12345-6789',
  '12345',
)

/** An IANA time zone name, such as America/Los_Angeles. */
export const timeZoneField = formattedText(
  isTimeZone,
  'must be a time zone name such as America/Los_Angeles or America/Chicago',
  'America/Los_Angeles',
)

/** Vehicle identification number: 17 characters of the ISO 3779 alphabet (no I, O or Q). */
export const vinField = formattedText(
  isVinFormat,
  'must be 17 letters and digits, without the letters I, O and Q',
)

/**
 * A list of phone numbers; each element must match the contract's pattern. The message names the
 * element from 1, as people count.
 */
export const phoneListField = (name: string): TextField =>
  withCell(
    {
      name,
      type: 'text',
      hasMany: true,
      validate: (value, options) => {
        if (isEmpty(value)) return true
        if (!Array.isArray(value)) return 'must be a list of phone numbers'
        const bad = value.findIndex((item) => typeof item !== 'string' || !isPhone(item))
        if (bad !== -1) return `number ${bad + 1} of the list ${PHONE_MESSAGE}`
        return textMany(value, options)
      },
    },
    cell.chips,
  )

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
  admin: { components: { Cell: cell.dateTime }, date: { pickerAppearance: 'dayAndTime' } },
  required,
  validate: (value, options) => {
    if (isEmpty(value)) return date(value, options)
    const raw: unknown = value
    if (raw instanceof Date) {
      if (Number.isNaN(raw.getTime())) return 'must be a date-time'
    } else if (typeof raw !== 'string' || !isDateTime(raw)) {
      return 'must be a date-time with a time zone, like 2026-01-31T17:00:00Z'
    }
    return date(value, options)
  },
})
