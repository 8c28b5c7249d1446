import type { PaginatedDocs } from 'payload'

/** `{data, success: true}` */
export const ok = <T>(data: T) => ({ data, success: true as const })

/** The contract's paged list body, from Payload's paginated result, and where the next page starts. */
export const paged = <T>(result: PaginatedDocs<T>, nextCursor: null | string) => ({
  data: result.docs,
  success: true as const,
  page: result.page ?? 1,
  nextPage: result.nextPage ?? null,
  prevPage: result.prevPage ?? null,
  totalPages: result.totalPages,
  totalCount: result.totalDocs,
  limit: result.limit,
  pagingCounter: result.pagingCounter,
  hasPrevPage: result.hasPrevPage,
  hasNextPage: result.hasNextPage,
  nextCursor,
})
