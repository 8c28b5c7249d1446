/**
 * Keyset paging for the commerce lists (6, 7): every page answers a `nextCursor`, and
 * `?cursor=<it>` reads the rows after the last one of that page, in the same order, with no
 * OFFSET (page 5,000 of web events costs what page 1 does). Rows are ordered by the sort field,
 * then by id, so that rows with equal values keep one order and none is skipped or repeated.
 *
 * A cursor is the position it was made at — sort field and direction, the last row's value and
 * id, the number of the next row — as base64url JSON. It is not signed: a made-up cursor can only
 * select rows the caller may read anyway. Its `pagingCounter` counts from where the chain of
 * cursors started; rows added or removed before that position since are not reflected in it.
 */
import type { PaginatedDocs, Where } from 'payload'
import { z } from 'zod'

export type Order = { direction: 'asc' | 'desc'; field: string }

const position = z.object({
  d: z.enum(['asc', 'desc']),
  f: z.string(),
  id: z.union([z.string(), z.number()]),
  n: z.number().int().min(1),
  v: z.union([z.string(), z.number(), z.boolean(), z.null()]),
})
export type Position = z.infer<typeof position>

export const CURSOR_RULE = 'must be the nextCursor of an answer of this list'

/** The cursor of a position; `v` is the sort field's value as read (decodeCursor checks it). */
export const encodeCursor = (at: Omit<Position, 'v'> & { v: unknown }): string =>
  Buffer.from(JSON.stringify(at)).toString('base64url')

/** The position, or null when `text` is not a cursor. */
export const decodeCursor = (text: string): null | Position => {
  try {
    return position.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')))
  } catch {
    return null
  }
}

/** Payload's sort for `order`, id last (the tie-breaker keyset paging needs). */
export const sortWithId = ({ direction, field }: Order): string[] => {
  const sign = direction === 'desc' ? '-' : ''
  return field === 'id' ? [`${sign}id`] : [`${sign}${field}`, `${sign}id`]
}

/**
 * The rows after `at`, in PostgreSQL's order: ascending puts nulls last, descending first. The
 * redundant bound on the field (`<=`/`>=`) lets the field's index start at the position; with
 * `nulls: false` (rows already known to hold a value) no null branch stands in its way.
 */
export const rowsAfter = ({ d, f, id, v }: Position, { nulls = true } = {}): Where => {
  const beyond = d === 'asc' ? 'greater_than' : 'less_than'
  const idAfter: Where = { id: { [beyond]: id } }
  if (f === 'id') return idAfter
  const isNull: Where = { [f]: { exists: false } }
  const notNull: Where = { [f]: { exists: true } }
  if (v === null) {
    return d === 'asc' ? { and: [isNull, idAfter] } : { or: [{ and: [isNull, idAfter] }, notNull] }
  }
  const within: Where = {
    and: [
      { [f]: { [d === 'asc' ? 'greater_than_equal' : 'less_than_equal']: v } },
      { or: [{ [f]: { [beyond]: v } }, idAfter] },
    ],
  }
  return d === 'asc' && nulls ? { or: [within, isNull] } : within
}

/**
 * The page read after a cursor, from its rows (one more than `limit` was read, so whether another
 * page follows is known from the rows themselves) and the filter's total. Its number and
 * `pagingCounter` count from where the chain of cursors started.
 */
export const pageAfterCursor = <T>(
  read: T[],
  limit: number,
  after: Position,
  totalDocs: number,
): PaginatedDocs<T> => {
  const page = Math.floor((after.n - 1) / limit) + 1
  const hasNextPage = read.length > limit
  return {
    docs: read.slice(0, limit),
    hasNextPage,
    hasPrevPage: after.n > 1,
    limit,
    nextPage: hasNextPage ? page + 1 : null,
    page,
    pagingCounter: after.n,
    prevPage: after.n > 1 ? Math.max(1, page - 1) : null,
    totalDocs,
    totalPages: Math.ceil(totalDocs / limit),
  }
}
