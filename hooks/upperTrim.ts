import type { FieldHook } from 'payload'

/** Codes compared case-blind (VINs, state codes) are stored trimmed and upper-case. */
export const upperTrim: FieldHook = ({ value }) =>
  typeof value === 'string' ? value.trim().toUpperCase() : value
