/**
 * What a provider answers is stored as `providerResponse`, minus personal data: keys that name an
 * SSN, tax id or birth date are dropped, any string holding one of the applicants' own secrets
 * (an SSN or a birth date, however formatted) is replaced, and in every other string (and key)
 * what reads as anyone's SSN (src/creditData/ssnInText.ts) is replaced by `[SSN removed]`. Key
 * factors, counteroffer terms and refusal messages reach adverse-action letters from here.
 */
import { redactSsns } from '@/creditData/ssnInText'

const SENSITIVE_KEY = /ssn|social|tax_?id|birth|dob/i
const REDACTED = '[redacted]'

/** The ways a secret may be written: as given, digits only, and a date also as MM/DD/YYYY. */
const spellings = (secret: string): { digits: string[]; literal: string[] } => {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(secret)
  const literal = [secret, ...(date ? [`${date[2]}/${date[3]}/${date[1]}`] : [])]
  return {
    digits: literal.map((text) => text.replace(/\D/g, '')).filter((digits) => digits.length >= 8),
    literal,
  }
}

/** A value as JSON.parse gives it: what a provider answers. */
export type Json = boolean | Json[] | null | number | string | { [key: string]: Json }

export const stripPii = (value: Json, secrets: string[]): Json => {
  const forms = secrets.filter(Boolean).map(spellings)
  const literal = forms.flatMap((form) => form.literal)
  const digits = forms.flatMap((form) => form.digits)
  const holdsSecret = (text: string) =>
    literal.some((needle) => text.includes(needle)) ||
    digits.some((needle) => text.replace(/\D/g, '').includes(needle))
  const clean = (node: Json): Json => {
    if (typeof node === 'string') return holdsSecret(node) ? REDACTED : redactSsns(node).text
    if (Array.isArray(node)) return node.map(clean)
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node)
          .filter(([key]) => !SENSITIVE_KEY.test(key))
          .map(([key, item]) => [redactSsns(key).text, clean(item)]),
      )
    }
    return node
  }
  return clean(value)
}
