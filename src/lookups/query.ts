/** Query parameters of the lookups as zod schemas, refused with 400s that name the parameter. */
import { z } from 'zod'

import { parseQuery, queryParam } from '@/api/query'
import type { Problem } from '@/errors'
import { CommerceError } from '@/errors'
import { ZIP_PATTERN } from '@/validation/formats'

const ZIP_RULE = 'must be 12345 or 12345-6789'

export const zipParam = queryParam(
  z.string({ error: ZIP_RULE }).regex(ZIP_PATTERN, ZIP_RULE).optional(),
)

/** An optional number in [min, max] (an integer when `integer`). */
export const numberParam = ({
  integer = false,
  max,
  min,
}: {
  integer?: boolean
  max: number
  min: number
}) => {
  const rule = `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`
  const bounded = z.number({ error: rule }).min(min, rule).max(max, rule)
  return queryParam(
    z
      .string({ error: rule })
      .transform(Number)
      .pipe(integer ? bounded.int(rule) : bounded)
      .optional(),
  )
}

/** Messages that say more than `Invalid <name>: <rule>`. */
const HEADLINES: Record<string, string> = {
  zip: 'Invalid ZIP: write it as 12345 or 12345-6789',
}

const invalid = ({ field, message }: Problem) =>
  new CommerceError(400, HEADLINES[field] ?? `Invalid ${field}: ${message}`, [{ field, message }])

export const parseLookupQuery = <T extends z.ZodType>(schema: T, query: Record<string, unknown>) =>
  parseQuery(schema, query, invalid)
