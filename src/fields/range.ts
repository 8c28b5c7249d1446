import type { NumberField } from 'payload'

import { isRecord } from '@/lib/isRecord'

/**
 * A number that must not be below its sibling `lowerName` (e.g. a maximum bid not below the
 * minimum bid). The check sees the stored sibling on partial updates too.
 */
export const notBelowField = (
  name: string,
  lowerName: string,
  { integer = false } = {},
): NumberField => ({
  name,
  type: 'number',
  validate: (value: null | number | number[] | undefined, { siblingData }) => {
    if (value === undefined || value === null) return true
    if (typeof value !== 'number' || Number.isNaN(value)) return 'must be a number'
    if (integer && !Number.isInteger(value)) return 'must be an integer'
    const lower = isRecord(siblingData) ? siblingData[lowerName] : undefined
    return typeof lower !== 'number' || value >= lower || `must not be less than ${lowerName}`
  },
})
