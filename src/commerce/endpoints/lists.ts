import type { CollectionSlug, PaginatedDocs, PayloadRequest, Where } from 'payload'

import { encodeCursor, type Position, rowsAfter, sortWithId } from '../../api/cursor'
import { apiEndpoint } from '../../api/endpoint'
import { paged } from '../../api/envelope'
import { type ListParams, parseListParams } from '../../api/params'
import { joinOptions, joinsAsArrays } from './joins'

/** Top-level fields of a collection that a list may be sorted by. */
const sortableFields = (req: PayloadRequest, collection: CollectionSlug): string[] =>
  req.payload.collections[collection].config.fields.flatMap((field) =>
    'name' in field &&
    !['join', 'relationship', 'group', 'array'].includes(field.type) &&
    !('hasMany' in field && field.hasMany)
      ? [field.name]
      : [],
  )

/** One page by page number: Payload's paging, counted as it counts. */
const pageByNumber = (req: PayloadRequest, collection: CollectionSlug, params: ListParams) =>
  req.payload.find({
    collection,
    depth: params.depth,
    limit: params.limit,
    overrideAccess: false,
    page: params.page,
    req,
    sort: sortWithId(params.order),
    where: params.where as Where | undefined,
    ...joinOptions(req, collection),
  })

/**
 * The page after a cursor: no OFFSET, no count of the rows before it. The total is the count of
 * the list's filter alone, as on a numbered page.
 */
const pageAfter = async (
  req: PayloadRequest,
  collection: CollectionSlug,
  params: ListParams,
  after: Position,
): Promise<PaginatedDocs> => {
  const filter = params.where as Where | undefined
  const { docs } = await req.payload.find({
    collection,
    depth: params.depth,
    limit: params.limit,
    overrideAccess: false,
    pagination: false,
    req,
    sort: sortWithId(params.order),
    where: filter ? { and: [filter, rowsAfter(after)] } : rowsAfter(after),
    ...joinOptions(req, collection),
  })
  const { totalDocs } = await req.payload.count({
    collection,
    overrideAccess: false,
    req,
    where: filter,
  })
  const page = Math.floor((after.n - 1) / params.limit) + 1
  const totalPages = Math.ceil(totalDocs / params.limit)
  const hasNextPage = after.n - 1 + docs.length < totalDocs
  return {
    docs,
    hasNextPage,
    hasPrevPage: after.n > 1,
    limit: params.limit,
    nextPage: hasNextPage ? page + 1 : null,
    page,
    pagingCounter: after.n,
    prevPage: after.n > 1 ? Math.max(1, page - 1) : null,
    totalDocs,
    totalPages,
  }
}

/** Where the page after `result` starts, or null on the last page. */
const cursorAfter = (result: PaginatedDocs, { order }: ListParams): null | string => {
  const last = result.docs.at(-1) as Record<string, unknown> | undefined
  if (!result.hasNextPage || !last) return null
  const value = last[order.field]
  return encodeCursor({
    d: order.direction,
    f: order.field,
    id: last.id as number | string,
    n: result.pagingCounter + result.docs.length,
    v: value === undefined ? null : (value as Position['v']),
  })
}

const list = (collection: CollectionSlug) => async (req: PayloadRequest) => {
  const params = parseListParams(req.query, sortableFields(req, collection))
  const result = params.after
    ? await pageAfter(req, collection, params, params.after)
    : await pageByNumber(req, collection, params)
  return paged(
    {
      ...result,
      docs: result.docs.map((doc) =>
        joinsAsArrays(doc as unknown as Record<string, unknown>, req, collection),
      ),
    },
    cursorAfter(result, params),
  )
}

/** 6. GET /webevents — paged, read-only. */
export const listWebEvents = apiEndpoint({
  method: 'get',
  path: '/webevents',
  run: list('web-event'),
})

/** 7. GET /companies — paged; facilitators are companies too (`where[isFacilitator][equals]=true`); `locations` is an array. */
export const listCompanies = apiEndpoint({
  method: 'get',
  path: '/companies',
  run: list('company'),
})
