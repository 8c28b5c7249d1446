import type { NumberField, NumberFieldSingleValidation } from 'payload'

import { isRecord } from '@/lib/isRecord'

/**
 * The check of a number that must not be below its sibling `lowerName` (e.g. a maximum bid not
 * below the minimum bid). It sees the stored sibling on partial updates too.
 */
export const notBelow =
  (lowerName: string, { integer = false } = {}): NumberFieldSingleValidation =>
  (value, { siblingData }) => {
    if (value === undefined || value === null) return true
    if (typeof value !== 'number' || Number.isNaN(value)) return 'must be a number'
    if (integer && !Number.isInteger(value)) return 'must be an integer'
    const lower = isRecord(siblingData) ? siblingData[lowerName] : undefined
    return typeof lower !== 'number' || value >= lower || `must not be less than ${lowerName}`
  }

/** A number field that must not be below its sibling `lowerName`. */
export const notBelowField = (
  name: string,
  lowerName: string,
  options: { integer?: boolean } = {},
): NumberField => ({ name, type: 'number', validate: notBelow(lowerName, options) })
