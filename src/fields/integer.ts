import type { NumberField } from 'payload'
import { number } from 'payload/shared'

/**
 * A whole number, optionally at least `min`: Payload's `number` validator (required, rows, max)
 * after the integer and lower-bound checks, whose messages do not repeat the value.
 */
export const integerField = (
  name: string,
  { min, required = false }: Pick<NumberField, 'min' | 'required'> = {},
): NumberField => ({
  name,
  type: 'number',
  min,
  required,
  validate: (value, options) => {
    if (value === undefined || value === null) return number(value, options)
    if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an integer'
    if (min !== undefined && value < min) return `must be ${min} or more`
    return number(value, options)
  },
})
