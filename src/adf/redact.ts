/**
 * SSNs sent in ADF are not kept: the intake's row of the SSN table (src/creditData/ssnFields.ts)
 * is `redact`, since a lead source is a machine that cannot meaningfully send its document again
 * without them. Every text a prospect gives the lead, and the original document, is kept with each
 * number replaced by `[SSN removed]`; the answer lists what was (IngestResult.warnings).
 */
import { redactSsnsFor, SSN_REDACTED_WARNING } from '@/creditData/ssnFields'

const redact = redactSsnsFor('lead via ADF')

/** One value kept without the SSN it held. */
export type AdfWarning = {
  /** The lead's field, as Payload names it (`adf.comments`, `adf.vehicles.0.comments`). */
  field: string
  /** The lead it was kept on (absent for `adf.document`, which every lead of a document keeps). */
  lead?: number
  message: string
  /** The prospect's place in the document, from 1. */
  prospect?: number
}

export const warning = (field: string, at?: { lead: number; prospect: number }): AdfWarning => ({
  field,
  ...at,
  message: SSN_REDACTED_WARNING,
})

/** Numeric character references that stand for text (not markup), as that text. */
const CHARACTER_REFERENCE = /&#(?:x([0-9a-f]{1,6})|([0-9]{1,7}));/gi
// eslint-disable-next-line no-control-regex -- control characters stay references
const MARKUP = /[<>&"'\u0000-\u001f]/

const decodeReferences = (document: string): string =>
  document.replace(CHARACTER_REFERENCE, (reference, hex?: string, decimal?: string) => {
    const point = hex ? parseInt(hex, 16) : Number(decimal)
    if (point > 0x10ffff || (point >= 0xd800 && point <= 0xdfff)) return reference
    const char = String.fromCodePoint(point)
    return MARKUP.test(char) ? reference : char
  })

/**
 * The document as kept: as received when it holds no SSN; otherwise without them, its numeric
 * character references for text written out (`&#49;` as `1`), so none hides a digit.
 */
export const documentWithoutSsns = (document: string): { document: string; redacted: boolean } => {
  const { count, text } = redact(decodeReferences(document))
  return count ? { document: text, redacted: true } : { document, redacted: false }
}

/**
 * A lead made of a prospect, every string in it kept without SSNs, and the paths of those that
 * held one. The e-mail address (checked as one) and the document (documentWithoutSsns) are left
 * to their own checks.
 */
export const leadWithoutSsns = <T>(lead: T): { lead: T; redacted: string[] } => {
  const redacted: string[] = []
  const walk = (value: unknown, path: string[]): unknown => {
    if (typeof value === 'string') {
      const { count, text } = redact(value)
      if (count) redacted.push(path.join('.'))
      return text
    }
    if (Array.isArray(value)) return value.map((item, index) => walk(item, [...path, `${index}`]))
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => {
          const at = [...path, key]
          const own = at.join('.')
          return [key, own === 'email' || own === 'adf.document' ? item : walk(item, at)]
        }),
      )
    return value
  }
  return { lead: walk(lead, []) as T, redacted }
}
