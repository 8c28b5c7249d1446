/**
 * Pages of the commerce lists (6, 7): by page number (Payload's paging) or after a cursor (keyset
 * paging, src/api/cursor.ts), and the cursor of the page that follows.
 */
import type { CollectionSlug, PaginatedDocs, PayloadRequest } from 'payload'

import { encodeCursor, pageAfterCursor, type Position, rowsAfter, sortWithId } from '@/api/cursor'
import type { ListParams } from '@/api/params'
import { isRecord } from '@/lib/isRecord'

import { joinOptions } from './endpoints/joins'

/** What a page asks Payload for, by number or by cursor alike. */
const findOptions = (req: PayloadRequest, collection: CollectionSlug, params: ListParams) => ({
  collection,
  depth: params.depth,
  overrideAccess: false,
  req,
  sort: sortWithId(params.order),
  ...joinOptions(req, collection),
})

/** One page by page number: Payload's paging, counted as it counts. */
export const pageByNumber = (req: PayloadRequest, collection: CollectionSlug, params: ListParams) =>
  req.payload.find({
    ...findOptions(req, collection, params),
    limit: params.limit,
    page: params.page,
    where: params.where,
  })

/**
 * The page after a cursor: no OFFSET, no count of the rows before it. One row more than the page
 * is read, so whether another page follows is known from the rows themselves, whatever was
 * added or removed since the chain began. The total is the count of the filter alone.
 */
export const pageAfter = async (
  req: PayloadRequest,
  collection: CollectionSlug,
  params: ListParams,
  after: Position,
): Promise<PaginatedDocs> => {
  const filter = params.where
  const { docs: read } = await req.payload.find({
    ...findOptions(req, collection, params),
    limit: params.limit + 1,
    pagination: false,
    where: filter ? { and: [filter, rowsAfter(after)] } : rowsAfter(after),
  })
  const { totalDocs } = await req.payload.count({
    collection,
    overrideAccess: false,
    req,
    where: filter,
  })
  return pageAfterCursor(read, params.limit, after, totalDocs)
}

/** Where the page after `result` starts, or null on the last page. */
export const cursorAfter = (result: PaginatedDocs, { order }: ListParams): null | string => {
  const last: unknown = result.docs.at(-1)
  if (!result.hasNextPage || !isRecord(last)) return null
  const { id } = last
  if (typeof id !== 'number' && typeof id !== 'string') return null
  const value = last[order.field]
  return encodeCursor({
    d: order.direction,
    f: order.field,
    id,
    n: result.pagingCounter + result.docs.length,
    v: value === undefined ? null : value,
  })
}
