/** Payload's own SQL for a list's filter and sort (drizzle's `buildQuery`), and the page-id and count queries made from it. */
import { buildQuery } from '@payloadcms/drizzle'
import { type SQL, sql } from 'drizzle-orm'
import type { Payload, PayloadRequest, Where } from 'payload'

import type { Plan } from './plan'

export type Built = {
  joins: { condition: SQL; table: unknown; type?: string }[]
  orderBy: { column: unknown; order: (column: unknown) => SQL }[]
  selectFields: Record<string, unknown>
  where?: SQL
}

/** Payload's own SQL for a filter and a sort (what its find runs), as drizzle query parts. */
export const payloadQuery = (
  req: PayloadRequest,
  plan: Plan,
  where: Where | undefined,
  sort: string[],
): Built =>
  buildQuery({
    adapter: req.payload.db as never,
    fields: plan.config.flattenedFields,
    locale: undefined,
    sort: sort as never,
    tableName: plan.table,
    where: where ?? {},
  }) as unknown as Built

type Drizzle = {
  select: (fields?: unknown) => Query
  selectDistinct: (fields: unknown) => Query
}
type Query = {
  $dynamic: () => Query
  from: (table: unknown) => Query
  leftJoin: (table: unknown, on: SQL) => Query
  limit: (n: number) => Query
  offset: (n: number) => Query
  orderBy: (...columns: SQL[]) => Query
  where: (where: SQL) => Query
}

// drizzle's query builder, typed here by the few methods used (its own types are per schema).
const drizzleOf = (payload: Payload): Drizzle => Reflect.get(payload.db as object, 'drizzle')

const withJoins = (query: Query, built: Built): Query => {
  let result = built.where ? query.where(built.where) : query
  for (const { condition, table, type } of built.joins) {
    result = (Reflect.get(result, type ?? 'leftJoin') as Query['leftJoin']).call(
      result,
      table,
      condition,
    )
  }
  return result
}

/**
 * The page's ids in order, as Payload's find selects them: distinct when the filter joins other
 * tables (the sort's columns are then selected too, under names of their own).
 */
export const idsOf = (
  req: PayloadRequest,
  plan: Plan,
  built: Built,
  limit: number,
  offset: number,
): Query => {
  const db = drizzleOf(req.payload)
  const table = Reflect.get(req.payload.db, 'tables')[plan.table]
  const id = sql`${sql.identifier(plan.table)}.id`.as('page_id')
  const select = built.joins.length
    ? db.selectDistinct({
        id,
        ...Object.fromEntries(
          built.orderBy.map(({ column }, n) => [`o${n}`, sql`${column}`.as(`o${n}`)]),
        ),
      })
    : db.select({ id })
  return withJoins(select.from(table).$dynamic(), built)
    .orderBy(...built.orderBy.map(({ column, order }) => order(column)))
    .offset(offset)
    .limit(limit)
}

/**
 * The count Payload's find answers (its countDistinct): the filter's rows, distinct ids when the
 * filter joins other tables; with no filter, the kept row count.
 */
export const countOf = (req: PayloadRequest, plan: Plan, built: Built): SQL => {
  const table = Reflect.get(req.payload.db, 'tables')[plan.table]
  if (!built.where && !built.joins.length) {
    return sql`coalesce((SELECT row_count FROM row_counts WHERE table_name = ${plan.table}), (SELECT count(*) FROM ${sql.identifier(plan.table)}))`
  }
  const db = drizzleOf(req.payload)
  return sql`${withJoins(
    db
      .select({
        count: built.joins.length
          ? sql`count(DISTINCT ${sql.identifier(plan.table)}.id)`
          : sql`count(*)`,
      })
      .from(table)
      .$dynamic(),
    built,
  )}`
}
