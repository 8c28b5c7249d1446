/** How an SSN is shown to everyone but a staff admin who reveals it: its last four digits. */
const MASKED_SSN = /^\*\*\*-\*\*-\d{4}$/

export const maskSsn = (ssn: string): string =>
  `***-**-${ssn.replace(/\D/g, '').slice(-4).padStart(4, '*')}`

/** A masked SSN sent back (the admin form, a PATCH echoing a read) means "unchanged". */
export const isMaskedSsn = (value: unknown): value is string =>
  typeof value === 'string' && MASKED_SSN.test(value)
