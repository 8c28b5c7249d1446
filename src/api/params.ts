import { checkLimit, checkPage, DEFAULT_LIMIT, MAX_LIMIT } from '../lib/paging'
import { CommerceError, messages } from './errors'

/** Relation depth: default 2 (Payload's own default), at most 5. */
export const DEFAULT_DEPTH = 2
export const MAX_DEPTH = 5
export { DEFAULT_LIMIT, MAX_LIMIT }

const invalid = (field: string, message: string) =>
  new CommerceError(400, messages.badRequest, [{ field, message }])

const wholeNumber = (
  value: unknown,
  field: string,
  { min }: { min: number },
): number | undefined => {
  if (value === undefined || value === '') return undefined
  // Payload's Local API writes the depth it used back into req.query, as a number.
  if (typeof value === 'number' && Number.isInteger(value) && value >= min) return value
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < min) {
    throw invalid(field, `must be an integer of at least ${min}`)
  }
  return Number(value)
}

/** `limit` or `page` by the rules every list shares (src/lib/paging.ts); undefined when not given. */
const paging = (
  value: unknown,
  field: string,
  check: (raw: string) => null | string,
): number | undefined => {
  if (value === undefined || value === '') return undefined
  const problem = typeof value === 'string' ? check(value) : 'must be given once, as a whole number'
  if (problem) throw invalid(field, problem)
  return Number(value)
}

export const parseDepth = (query: Record<string, unknown>): number => {
  const depth = wholeNumber(query.depth, 'depth', { min: 0 }) ?? DEFAULT_DEPTH
  if (depth > MAX_DEPTH) throw invalid('depth', `must be at most ${MAX_DEPTH}`)
  return depth
}

export type ListParams = {
  depth: number
  limit: number
  page: number
  sort?: string
  where?: Record<string, unknown>
}

/**
 * `sort` (a top-level field, `-` for descending), `limit`, `page`, `where` (Payload's operators,
 * nested query string or JSON) and `depth` of a paged list.
 */
export const parseListParams = (
  query: Record<string, unknown>,
  sortable: readonly string[],
): ListParams => {
  const limit = Math.min(paging(query.limit, 'limit', checkLimit) ?? DEFAULT_LIMIT, MAX_LIMIT)
  const page = paging(query.page, 'page', checkPage) ?? 1
  let sort: string | undefined
  if (query.sort !== undefined && query.sort !== '') {
    const field = typeof query.sort === 'string' ? query.sort.replace(/^-/, '') : ''
    if (!sortable.includes(field))
      throw invalid('sort', `must be one of ${sortable.join(', ')}, optionally preceded by -`)
    sort = query.sort as string
  }
  // A JSON `where` has been turned into the nested form already (src/server/jsonWhere.ts).
  const where = query.where
  if (
    where !== undefined &&
    (typeof where !== 'object' || where === null || Array.isArray(where))
  ) {
    throw invalid('where', 'must be a filter object, e.g. where[name][like]=acme')
  }
  return {
    depth: parseDepth(query),
    limit,
    page,
    sort,
    where: where as Record<string, unknown> | undefined,
  }
}
