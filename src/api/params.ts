/**
 * Query parameters of the commerce endpoints as zod schemas, which the endpoints parse with and
 * the OpenAPI document describes (src/openapi/queryParameters.ts).
 */
import type { Where } from 'payload'
import { z } from 'zod'

import type { Problem } from '@/errors'
import { CommerceError, messages } from '@/errors'
import { isRecord } from '@/lib/isRecord'
import { DEFAULT_LIMIT, MAX_LIMIT, pageLimit, pageNumber } from '@/lib/paging'

import { CURSOR_RULE, decodeCursor, type Order, type Position } from './cursor'
import { parseQuery, queryParam } from './query'

/** Relation depth: default 2 (Payload's own default), at most 5. */
export const DEFAULT_DEPTH = 2
export const MAX_DEPTH = 5

const DEPTH_RULE = 'must be an integer of at least 0'
const DEPTH_CAP = `must be at most ${MAX_DEPTH}`

/**
 * `depth` as a query writes it (digits), or as Payload's Local API writes it back into req.query
 * (a whole number). The cap is checked before int(), which refuses integers beyond 2^53: those
 * are over the cap too, as is a digit string too long for a double (it reads as Infinity).
 */
const depth = queryParam(
  z
    .union(
      [
        z.string().regex(/^\d+$/, DEPTH_RULE).transform(Number),
        z.number().refine(Number.isInteger, DEPTH_RULE),
      ],
      { error: DEPTH_RULE },
    )
    .pipe(
      z.number({ error: DEPTH_CAP }).max(MAX_DEPTH, DEPTH_CAP).int(DEPTH_RULE).min(0, DEPTH_RULE),
    )
    .optional(),
).meta({
  description: `Levels of related records to embed; 0 returns ids. Default ${DEFAULT_DEPTH}, at most ${MAX_DEPTH}.`,
})

/** The query of a record's answer (endpoints 1–5, 8–10). */
export const depthQuery = z.object({ depth })

/**
 * A `where` filter as a query carries it: an object. Payload checks its paths, operators and
 * values when it runs the query (and hooks/validFilters.ts before that).
 */
export const whereFilter = z.custom<Where>(isRecord, {
  error: 'must be a filter object, e.g. where[name][like]=acme',
})

/**
 * `limit`, `page`, `sort` and `where` of a list, as the commerce lists and Payload's REST lists
 * read them (each list checks `sort` against its own fields). `where` is written as text (nested
 * parameters or JSON); Payload's query-string parser and src/http/input/jsonWhere.ts have made it an
 * object before a handler reads it.
 */
export const pagingQuery = z.object({
  limit: queryParam(pageLimit.optional()).meta({
    description: `Default ${DEFAULT_LIMIT}; values above ${MAX_LIMIT} are clamped.`,
  }),
  page: queryParam(pageNumber.default(1)),
  sort: queryParam(z.string().optional()).meta({
    description:
      'A top-level field; a leading "-" sorts descending. Payload\'s REST lists also take several, separated by commas, and a dotted path into a group or relation. A name that is not a field of the list is a 400, never ignored.',
  }),
  where: whereFilter.optional().meta({
    description:
      'Filter with Payload\'s operators, as a nested query string (`where[name][like]=acme`) or as JSON (`where={"name":{"like":"acme"}}`).',
    type: 'string',
  }),
})

/** The query of the commerce lists (6, 7): paging by page number or by cursor (src/api/cursor.ts). */
export const listQuery = pagingQuery.extend({
  ...depthQuery.shape,
  cursor: queryParam(z.string({ error: CURSOR_RULE }).optional()).meta({
    description:
      'The `nextCursor` of an answer of this list, with the same `sort`: the page after it, read without an offset (deep paging). Not with `page`.',
  }),
  page: queryParam(pageNumber.optional()).meta({ description: 'Default 1.' }),
})

/** `sort`: one of the list's top-level fields, optionally preceded by `-` (descending). */
const sortOf = (sortable: readonly string[]) => {
  const rule = `must be one of ${sortable.join(', ')}, optionally preceded by -`
  const field = z
    .string({ error: rule })
    .refine((sort) => sortable.includes(sort.replace(/^-/, '')), rule)
  return queryParam(field.optional())
}

const listQueryOf = (sortable: readonly string[]) => listQuery.extend({ sort: sortOf(sortable) })

/** One schema per list, built on its first request: a list's fields do not change. */
const listQueries = new Map<string, ReturnType<typeof listQueryOf>>()

const invalid = ({ field, message }: Problem) =>
  new CommerceError(400, messages.badRequest, [{ field, message }])

/** Why a raw `depth` (of any API path) is refused, or null when it is one; as the commerce endpoints read it. */
export const depthProblem = (raw: unknown): null | string => {
  const result = depthQuery.safeParse({ depth: raw })
  return result.success ? null : result.error.issues[0].message
}

export const parseDepth = (query: Record<string, unknown>): number =>
  parseQuery(depthQuery, query, invalid).depth ?? DEFAULT_DEPTH

export type ListParams = {
  /** The cursor's position, when the page is asked for by cursor. */
  after?: Position
  depth: number
  limit: number
  order: Order
  page: number
  where?: Where
}

/** `sort` as an order; without one, newest first (Payload's default). */
const orderOf = (sort: string | undefined): Order =>
  sort
    ? { direction: sort.startsWith('-') ? 'desc' : 'asc', field: sort.replace(/^-/, '') }
    : { direction: 'desc', field: 'createdAt' }

/** The cursor's position, which must have been made for `order`. */
const positionOf = (cursor: string, order: Order): Position => {
  const after = decodeCursor(cursor)
  if (!after) throw invalid({ field: 'cursor', message: CURSOR_RULE })
  if (after.f !== order.field || after.d !== order.direction) {
    throw invalid({ field: 'cursor', message: 'was made for another sort; send the same sort' })
  }
  return after
}

/**
 * `sort` (a top-level field, `-` for descending), `limit`, `page`, `where` (Payload's operators,
 * nested query string or JSON) and `depth` of a paged list.
 */
export const parseListParams = (
  query: Record<string, unknown>,
  sortable: readonly string[],
): ListParams => {
  const key = sortable.join()
  const schema = listQueries.get(key) ?? listQueryOf(sortable)
  listQueries.set(key, schema)
  const { cursor, depth, limit, page, sort, where } = parseQuery(schema, query, invalid)
  if (cursor !== undefined && page !== undefined) {
    throw invalid({ field: 'cursor', message: 'cannot be combined with page' })
  }
  const order = orderOf(sort)
  return {
    after: cursor === undefined ? undefined : positionOf(cursor, order),
    depth: depth ?? DEFAULT_DEPTH,
    limit: limit ?? DEFAULT_LIMIT,
    order,
    page: page ?? 1,
    where,
  }
}
