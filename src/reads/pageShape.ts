/** The shape of a compiled list's answer: the page fields Payload's find (or the cursor's reading) answers. */
import type { PaginatedDocs } from 'payload'

import { pageAfterCursor } from '@/api/cursor'
import type { ListParams } from '@/api/params'

type Doc = Record<string, unknown>

/** The page by Payload's find's rules, or by the cursor's (src/api/cursor.ts). */
export const pageOf = (
  docs: Doc[],
  total: number,
  params: ListParams,
  joined: boolean,
): PaginatedDocs<Doc> => {
  const { limit, page } = params
  if (params.after) return pageAfterCursor(docs, limit, params.after, total)
  // One page or none, as Payload's find answers it: an empty page of a joined filter is page 1 of
  // 0, any other page of a filter that matched nothing counts as 1 page.
  const alone = {
    docs,
    hasNextPage: false,
    hasPrevPage: false,
    limit,
    nextPage: null,
    prevPage: null,
  }
  if (!docs.length && joined)
    return { ...alone, page: 1, pagingCounter: 0, totalDocs: 0, totalPages: 0 }
  if (!total) return { ...alone, page, pagingCounter: 1, totalDocs: docs.length, totalPages: 1 }
  const totalPages = Math.ceil(total / limit)
  const hasPrevPage = page > 1
  const hasNextPage = totalPages > page
  return {
    docs,
    hasNextPage,
    hasPrevPage,
    limit,
    nextPage: hasNextPage ? page + 1 : null,
    page,
    pagingCounter: (page - 1) * limit + 1,
    prevPage: hasPrevPage ? page - 1 : null,
    totalDocs: total,
    totalPages,
  }
}
