/** The statements of a list page: a prepared one for an unfiltered page, a rendered one for a filtered page or a page after a cursor. */
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { PayloadRequest, Where } from 'payload'

import { rowsAfter } from '@/api/cursor'
import type { ListParams } from '@/api/params'
import { keptCount } from '@/db/rowCounts'

import { type Built, countOf, idsOf, payloadQuery } from './listQuery'
import type { Plan } from './plan'
import { nameOf, type Variant } from './variants'

const dialect = new PgDialect()

/** A page's statement: a prepared one (limit and offset to come), or one with its values. */
export type PageStatement = { name: string; text: string } | { text: string; values: unknown[] }

/** The unfiltered page's statement for a sort (`sortKey`: its fields joined), if built already. */
export const knownPage = (variant: Variant, sortKey: string) => variant.pages?.get(sortKey)

/**
 * The statement of a page with no filter at all (the usual first page): its text depends only on
 * the shape and the sort, so it is built once and prepared, and the page's limit and offset are
 * its two values. The total is the kept row count where there is one (src/db/rowCounts.ts).
 */
export const unfilteredPage = (
  plan: Plan,
  variant: Variant,
  built: Built,
  sortKey: string,
): { name: string; text: string } => {
  const known = knownPage(variant, sortKey)
  if (known) return known
  const order = dialect.sqlToQuery(
    sql.join(
      built.orderBy.map(({ column, order }) => order(column)),
      sql`, `,
    ),
  ).sql
  const table = `"${plan.table}"`
  const live = plan.trash ? ` WHERE ${table}.deleted_at IS NULL` : ''
  const text = `WITH page AS (SELECT s.id, row_number() OVER () AS n FROM (SELECT ${table}.id FROM ${table}${live} ORDER BY ${order} LIMIT $1 OFFSET $2) s)
    SELECT (${variant.text}) AS docs, coalesce(${keptCount(plan.table, plan.trash)}, (SELECT count(*) FROM ${table}${live}))::bigint AS total`
  const statement = { name: nameOf(text), text }
  variant.pages ??= new Map()
  variant.pages.set(sortKey, statement)
  return statement
}

/** The statement of a filtered page, or of a page after a cursor: drizzle renders Payload's filter SQL. */
export const filteredPage = (
  req: PayloadRequest,
  plan: Plan,
  variant: Variant,
  counted: Built,
  filter: Where,
  sort: string[],
  params: ListParams,
): { text: string; values: unknown[] } => {
  const paged = params.after
    ? payloadQuery(req, plan, { and: [filter, rowsAfter(params.after)] }, sort)
    : counted
  const ids = params.after
    ? idsOf(req, plan, paged, params.limit + 1, 0)
    : idsOf(req, plan, paged, params.limit, (params.page - 1) * params.limit)
  const query =
    dialect.sqlToQuery(sql`WITH page AS (SELECT s.page_id AS id, row_number() OVER () AS n FROM ${ids} s)
      SELECT (${sql.raw(variant.text)}) AS docs, (${countOf(req, plan.table, counted)})::bigint AS total`)
  return { text: query.sql, values: query.params }
}
