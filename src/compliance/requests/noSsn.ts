import type { TextareaFieldValidation, TextFieldSingleValidation } from 'payload'
import { text, textarea } from 'payload/shared'

/** Nine digits written as an SSN is (123-45-6789, 123 45 6789, 123.45.6789, dashes of any kind, or 123456789). */
const SSN_LIKE = /(?<!\d)\d{3}[-\u2010-\u2015\u2212 .]?\d{2}[-\u2010-\u2015\u2212 .]?\d{4}(?!\d)/

/** Does the text hold what reads as an SSN (full-width digits too)? */
export const holdsSsn = (value: unknown): boolean =>
  typeof value === 'string' && SSN_LIKE.test(value.normalize('NFKC'))

const MESSAGE = 'must not contain an SSN (write how it was checked, not the number)'

/**
 * Free text on compliance records never holds an SSN in clear: how an identity was verified is
 * written as the method ("last four of SSN matched"), never the number itself. Payload's own
 * check (`required`, lengths) runs first.
 */
export const noSsnInText: TextFieldSingleValidation = (value, options) => {
  const base = text(value, options)
  if (base !== true) return base
  return holdsSsn(value) ? MESSAGE : true
}

export const noSsnInTextarea: TextareaFieldValidation = (value, options) => {
  const base = textarea(value, options)
  if (base !== true) return base
  return holdsSsn(value) ? MESSAGE : true
}
