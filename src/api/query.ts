/**
 * Query parameters as zod schemas: one schema parses a parameter and documents it
 * (src/openapi/queryParameters.ts), so the two cannot drift apart.
 */
import { z } from 'zod'

import type { Problem } from '@/errors'

/** A parameter given empty (`?depth=`) counts as not given. */
export const queryParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((raw) => (raw === '' ? undefined : raw), schema)

/**
 * The query as `schema` reads it, or the first refused parameter (in the schema's order), thrown
 * as `refuse` words it. Every check names its own message: zod's wording never reaches a caller.
 */
export const parseQuery = <T extends z.ZodType>(
  schema: T,
  query: Record<string, unknown>,
  refuse: (problem: Problem) => Error,
): z.output<T> => {
  const result = schema.safeParse(query)
  if (result.success) return result.data
  const [issue] = result.error.issues
  throw refuse({ field: String(issue.path[0] ?? 'query'), message: issue.message })
}
