/** A compiled read of a list page: Payload's hooks, access and filter checks first, then one statement for the page and its total. */
import { type PaginatedDocs, type PayloadRequest, type PopulateType, type Where } from 'payload'

import { sortWithId } from '@/api/cursor'
import type { ListParams } from '@/api/params'
import { isRecord } from '@/lib/isRecord'

import { callerFilter, liveOnly } from './beforeRead'
import { compiledReads, fallBack, planFor, unlessRefused } from './gate'
import { payloadQuery } from './listQuery'
import { pageOf } from './pageShape'
import { filteredPage, knownPage, type PageStatement, unfilteredPage } from './pageStatements'
import { collectionOf } from './plan'
import { sendStatement } from './send'
import { documentOf } from './statement'
import { type Variant, variantOf } from './variants'

type Doc = Record<string, unknown>

/**
 * A page of a commerce list as Payload's find (or the cursor's reading) answers it, asked with
 * `populate`, or undefined.
 */
export const compiledPage = (
  req: PayloadRequest,
  slug: string,
  params: ListParams,
  populate: PopulateType,
): Promise<PaginatedDocs<Doc> | undefined> =>
  unlessRefused(async () => {
    const plan = planFor(req, slug)
    if (!plan) return undefined
    const sortField = plan.config.flattenedFields.find(({ name }) => name === params.order.field)
    if (sortField && 'access' in sortField && sortField.access?.read)
      return fallBack(`${slug}.${params.order.field}: sorting by a field with read access`)
    const sort = sortWithId(params.order)
    const { filter } = await callerFilter(req, plan.config, {
      collection: collectionOf(req.payload, slug),
      depth: params.depth,
      limit: params.limit,
      page: params.page,
      req,
      sort,
      where: params.where,
    })
    // The sort as the hooks leave it, before Payload's query builder appends its default order.
    const sortKey = sort.join()
    const key = `${slug}:${params.depth}:list:${JSON.stringify(populate)}`
    const variant = variantOf(req, key, (decisions) => {
      const document = documentOf(
        { decisions, depth: params.depth, payload: req.payload, req, shape: { populate } },
        plan,
        't0',
        params.depth,
        false,
      )
      return {
        text: `SELECT coalesce(json_agg(${document.sql} ORDER BY page.n), '[]') FROM page JOIN "${plan.table}" t0 ON t0.id = page.id`,
        walk: document.walk,
      }
    })
    // The usual first page (full access, no filter: combineQueries' `{and: [{}]}`) once its
    // statement is prepared for this sort: Payload's SQL is not built again to find that out.
    const known = params.after || !isEmptyWhere(filter) ? undefined : knownPage(variant, sortKey)
    if (known) {
      compiledReads.reusedPages++
      return pageFrom(req, variant, params, known, false)
    }
    const bare = payloadQuery(req, plan, filter, sort)
    const unfiltered = !bare.where && !bare.joins.length && !params.after
    const live = liveOnly(plan.config, filter)
    const counted = plan.trash && !unfiltered ? payloadQuery(req, plan, live, sort) : bare
    const statement = unfiltered
      ? unfilteredPage(plan, variant, counted, sortKey)
      : filteredPage(req, plan, variant, counted, live, sort, params)
    return pageFrom(req, variant, params, statement, counted.joins.length > 0)
  })

/** Whether a filter holds no condition: `{}`, or `{and: [{}]}` (what combineQueries makes of full access). */
const isEmptyWhere = (where: Where): boolean =>
  Object.entries(where).every(
    ([key, value]) =>
      key === 'and' &&
      Array.isArray(value) &&
      value.every((part) => isRecord(part) && Object.keys(part).length === 0),
  )

/** Runs a page's statement (an unfiltered one takes the limit and offset) and walks its records. */
const pageFrom = async (
  req: PayloadRequest,
  variant: Variant,
  params: ListParams,
  statement: PageStatement,
  joined: boolean,
): Promise<PaginatedDocs<Doc>> => {
  const rows = await sendStatement(
    req,
    'values' in statement
      ? statement
      : { ...statement, values: [params.limit, (params.page - 1) * params.limit] },
  )
  const docs = (rows[0]?.docs ?? []) as Doc[]
  // Side by side, as Payload's find runs afterRead: the records' data keys are read together.
  const { walk } = variant
  if (walk) await Promise.all(docs.map((doc) => walk(doc, req)))
  compiledReads.served++
  return pageOf(docs, Number(rows[0]?.total ?? 0), params, joined)
}
