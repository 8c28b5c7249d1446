import type { TextareaFieldValidation, TextFieldSingleValidation } from 'payload'
import { text, textarea } from 'payload/shared'

import { holdsSsn } from '@/creditData/ssnInText'
import { visibleLength } from '@/lib/visibleLength'

/** The one detector of SSNs in free text (any separator, spacing, script or digit words). */
export { holdsSsn }

const MESSAGE = 'must not contain an SSN (write how it was checked, not the number)'

/** A required value of spaces and invisible characters alone (zero-width spaces) is none. */
const emptyAsSeen = (value: unknown, required: boolean | undefined): boolean =>
  Boolean(required) && typeof value === 'string' && visibleLength(value) === 0

/**
 * Free text on compliance records never holds an SSN in clear: how an identity was verified is
 * written as the method ("last four of SSN matched"), never the number itself. Payload's own
 * check (`required`, lengths) runs first.
 */
export const noSsnInText: TextFieldSingleValidation = (value, options) => {
  const base = text(value, options)
  if (base !== true) return base
  if (emptyAsSeen(value, options.required)) return options.req.t('validation:required')
  return holdsSsn(value) ? MESSAGE : true
}

export const noSsnInTextarea: TextareaFieldValidation = (value, options) => {
  const base = textarea(value, options)
  if (base !== true) return base
  if (emptyAsSeen(value, options.required)) return options.req.t('validation:required')
  return holdsSsn(value) ? MESSAGE : true
}
