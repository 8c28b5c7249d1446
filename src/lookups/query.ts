/** Query parameters of the lookups, checked with 400s that name the parameter. */
import { CommerceError } from '../api/errors'
import { ZIP_PATTERN } from '../validation/formats'

export const zipParam = (raw: unknown): string | undefined => {
  if (raw === undefined || raw === '') return undefined
  if (typeof raw !== 'string' || !ZIP_PATTERN.test(raw)) {
    throw new CommerceError(400, 'Invalid ZIP: write it as 12345 or 12345-6789', [
      { field: 'zip', message: 'must be 12345 or 12345-6789' },
    ])
  }
  return raw
}

/** An optional number in [min, max] (an integer when `integer`). */
export const numberParam = (
  name: string,
  raw: unknown,
  { integer = false, max, min }: { integer?: boolean; max: number; min: number },
): number | undefined => {
  if (raw === undefined || raw === '') return undefined
  const value = typeof raw === 'string' ? Number(raw) : NaN
  if (
    !Number.isFinite(value) ||
    value < min ||
    value > max ||
    (integer && !Number.isInteger(value))
  ) {
    const message = `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`
    throw new CommerceError(400, `Invalid ${name}: ${message}`, [{ field: name, message }])
  }
  return value
}
