/**
 * What each free-text field does with a value that reads as an SSN (./ssnInText.ts): the one
 * table, read by the fields and the ADF intake that apply it, and printed in docs/credit-data.md
 * ("SSNs in free text").
 */
import type { TextareaFieldValidation, TextFieldSingleValidation } from 'payload'
import { text, textarea } from 'payload/shared'

import { holdsSsn, redactSsns, SSN_REDACTED } from './ssnInText'

/**
 * `refuse`: 400 naming the field, nothing stored (a person typing can write it again without the
 * number). `redact`: stored with each number replaced by `[SSN removed]`, and the answer says so
 * (a machine sender, which cannot meaningfully retry).
 */
export type SsnTextRule = 'redact' | 'refuse'

export const SSN_TEXT_RULES = {
  /** Every text of an ADF prospect the lead keeps, and the original document (src/adf/ingest.ts). */
  'lead via ADF': 'redact',
  /** The lead mailbox's record of a message: its subject, and why it made no lead. */
  'mailbox-message.subject, reason': 'redact',
  'lead.firstName': 'refuse',
  'lead.lastName': 'refuse',
  'lead.source': 'refuse',
  'leadEvents.nextSteps': 'refuse',
  'lead-note.body': 'refuse',
  'lead-appointment.note': 'refuse',
  'lead-task.what': 'refuse',
  // Applied by the modules that own them, with `holdsSsn` or the validators below.
  'consents.note': 'refuse',
  'consents.userAgent': 'refuse',
  'consumer-requests.identityVerification': 'refuse',
  'consumer-requests.notes': 'refuse',
  /** A correction of an append-only record (hooks/appendOnly.ts), kept in its `corrections`. */
  correctionReason: 'refuse',
  'legal-holds.reason': 'refuse',
  'sanctions-match review reason': 'refuse',
} as const satisfies Record<string, SsnTextRule>

type Rules = typeof SSN_TEXT_RULES
type FieldWith<Rule extends SsnTextRule> = {
  [Field in keyof Rules]: Rules[Field] extends Rule ? Field : never
}[keyof Rules]

export const SSN_MESSAGE =
  'must not contain a social security number (write how it was checked, not the number)'

/** A text field of a `refuse` row: Payload's own checks first, then no SSN (400 naming it). */
export const noSsnInText =
  (_field: FieldWith<'refuse'>): TextFieldSingleValidation =>
  (value, options) => {
    const base = text(value, options)
    if (base !== true) return base
    return holdsSsn(value) ? SSN_MESSAGE : true
  }

/** The same for a textarea. */
export const noSsnInTextarea =
  (_field: FieldWith<'refuse'>): TextareaFieldValidation =>
  (value, options) => {
    const base = textarea(value, options)
    if (base !== true) return base
    return holdsSsn(value) ? SSN_MESSAGE : true
  }

/** What a `redact` row keeps and what its answer says, for each value it takes. */
export const redactSsnsFor = (_field: FieldWith<'redact'>) => redactSsns

export const SSN_REDACTED_WARNING = `held what reads as a social security number: kept with it replaced by ${SSN_REDACTED}`
