import type { TextareaFieldValidation, TextFieldSingleValidation } from 'payload'
import { text, textarea } from 'payload/shared'

import { holdsSsn } from '@/creditData/ssnInText'

/** The one detector of SSNs in free text (any separator, spacing, script or digit words). */
export { holdsSsn }

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
