/**
 * Paging rules shared by every list (commerce lists and Payload's REST lists): the contract's
 * default of 10, at most 100 a page (larger values are served as 100), and a page number a
 * database can still reach by OFFSET. Each rule is a zod schema of the raw query value, which
 * the commerce lists parse with, the query check of Payload's lists asks, and the OpenAPI
 * document describes.
 */
import { z } from 'zod'

export const DEFAULT_LIMIT = 10
export const MAX_LIMIT = 100
export const MAX_PAGE = 10_000_000

// `limit[]=5`, `limit=5&limit=6` or `page[a]=2` reach the parser as a list or an object.
const GIVEN_ONCE = 'must be given once, as a whole number'
const PAGE_RULE = `must be an integer from 1 to ${MAX_PAGE}`
const LIMIT_RULE = `must be an integer from 1 (at most ${MAX_LIMIT} are served)`

export const pageNumber = z
  .string({ error: GIVEN_ONCE })
  .regex(/^\d{1,10}$/, PAGE_RULE)
  .transform(Number)
  .pipe(z.number().int(PAGE_RULE).min(1, PAGE_RULE).max(MAX_PAGE, PAGE_RULE))

/** Served as at most MAX_LIMIT, however large. */
export const pageLimit = z
  .string({ error: GIVEN_ONCE })
  .regex(/^\d+$/, LIMIT_RULE)
  .transform((raw) => Math.min(Number(raw), MAX_LIMIT))
  .pipe(z.number().int(LIMIT_RULE).min(1, LIMIT_RULE))

const problemOf =
  (schema: z.ZodType) =>
  (raw: unknown): null | string => {
    const result = schema.safeParse(raw)
    return result.success ? null : result.error.issues[0].message
  }

/** Why a raw `page` value is refused, or null when it is a page number. */
export const checkPage = problemOf(pageNumber)

/** Why a raw `limit` value is refused, or null when it is a page size. */
export const checkLimit = problemOf(pageLimit)
