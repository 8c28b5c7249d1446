import type { NumberField } from 'payload'

/** A whole number, optionally at least `min`. */
export const integerField = (
  name: string,
  { min, required = false }: { min?: number; required?: boolean } = {},
): NumberField => ({
  name,
  type: 'number',
  min,
  required,
  validate: (value: null | number | number[] | undefined) => {
    if (value === undefined || value === null) return required ? 'This field is required.' : true
    if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be an integer'
    return min === undefined || value >= min || `must be ${min} or more`
  },
})
