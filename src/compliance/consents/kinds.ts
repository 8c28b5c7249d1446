import { relationId } from '@/lib/relationId'

/**
 * The vocabulary of the consent ledger: what a consent is for, what it does, how it was captured
 * and, for a credit-report authorization, whose it is. Option values are the API's values.
 */
export const CONSENT_KINDS = [
  'credit-report-authorization',
  'calls-and-texts',
  'e-mail-marketing',
  'electronic-records',
] as const
export type ConsentKind = (typeof CONSENT_KINDS)[number]

export const CONSENT_ACTIONS = ['grant', 'revoke'] as const
export type ConsentAction = (typeof CONSENT_ACTIONS)[number]

export const CAPTURE_METHODS = ['web-form', 'phone', 'in-person', 'api'] as const

export const APPLICANT_ROLES = ['applicant', 'co-applicant'] as const
export type ApplicantRole = (typeof APPLICANT_ROLES)[number]

export const KIND_LABELS: Record<ConsentKind, string> = {
  'calls-and-texts': 'Calls and texts',
  'credit-report-authorization': 'Credit-report authorization',
  'e-mail-marketing': 'E-mail marketing',
  'electronic-records': 'Electronic records',
}

/** The submission status of a credit app held for a missing authorization (src/providers/holds.ts). */
export const AWAITING_AUTHORIZATION = 'awaiting authorization'

/** Phone numbers are kept as sent; consents and leads are matched on their ten digits. */
export const phoneDigits = (value: unknown): null | string => {
  if (typeof value !== 'string') return null
  const digits = value.replace(/\D/g, '')
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  return ten.length === 10 ? ten : null
}

export const emailKey = (value: unknown): null | string =>
  typeof value === 'string' && value.includes('@') ? value.trim().toLowerCase() : null

/** What a contact consent covers, as one indexed key: `tel:2135550147` or `mailto:a@b.example`. */
export const contactKeyOf = (kind: unknown, phone: unknown, email: unknown): null | string => {
  if (kind === 'calls-and-texts') {
    const digits = phoneDigits(phone)
    return digits ? `tel:${digits}` : null
  }
  if (kind === 'e-mail-marketing') {
    const address = emailKey(email)
    return address ? `mailto:${address}` : null
  }
  return null
}

/** The personal fields of a credit app's co-applicant (besides `coApplicantConsumer`). */
export const CO_APPLICANT_FIELDS = [
  'coApplicantFirstName',
  'coApplicantLastName',
  'coApplicantEmail',
  'coApplicantPhoneNumber',
  'coApplicantSSN',
  'coApplicantBirthDate',
] as const

/** A credit app has a co-applicant when it names one, as a consumer or by any personal field. */
export const hasCoApplicant = (app: Record<string, unknown>): boolean =>
  Boolean(relationId(app.coApplicantConsumer) || CO_APPLICANT_FIELDS.some((field) => app[field]))
