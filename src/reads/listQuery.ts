/** Payload's own SQL for a list's filter and sort (drizzle's `buildQuery`), and the page-id and count queries made from it. */
import { is, type SQL, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import type { PayloadRequest, Where } from 'payload'

import { drizzleOf, drizzleTableOf, queryPartsOf } from '@/db/adapter'
import { keptCount } from '@/db/rowCounts'

import type { Plan } from './plan'

/**
 * Payload's query parts. Its declaration says `where` is always there; buildQuery leaves it
 * undefined when the filter is empty, which is how an unfiltered page is told apart.
 */
export type Built = Omit<ReturnType<typeof queryPartsOf>, 'where'> & { where?: SQL }

/** Payload's own SQL for a filter and a sort (what its find runs), as drizzle query parts. */
export const payloadQuery = (
  req: PayloadRequest,
  plan: Plan,
  where: Where | undefined,
  sort: string[],
): Built =>
  queryPartsOf(req.payload, {
    fields: plan.config.flattenedFields,
    sort,
    tableName: plan.table,
    where,
  })

const tableOf = (req: PayloadRequest, name: string) => {
  const table = drizzleTableOf(req.payload, name)
  if (!table) throw new Error(`no table ${name}`)
  return table
}

type Join = Built['joins'][number]

// Payload's joins are typed for SQLite's tables too; on this adapter they are PostgreSQL's
// (drizzle's `is` also knows aliased tables, which Payload's joins use).
const isPgJoin = (join: Join): join is Join & { table: PgTable } => is(join.table, PgTable)

const withJoins = <
  Q extends {
    innerJoin: (table: PgTable, on: SQL) => Q
    leftJoin: (table: PgTable, on: SQL) => Q
    rightJoin: (table: PgTable, on: SQL) => Q
    where: (where: SQL) => Q
  },
>(
  query: Q,
  built: Built,
): Q => {
  let result = built.where ? query.where(built.where) : query
  for (const join of built.joins) {
    if (!isPgJoin(join)) throw new Error('a join on a table that is not PostgreSQL')
    result = result[join.type ?? 'leftJoin'](join.table, join.condition)
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
) => {
  const db = drizzleOf(req.payload)
  const table = tableOf(req, plan.table)
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
 * filter joins other tables; with no filter, the kept row count. With a `cap`, the rows are
 * read only up to cap + 1, so a count past the cap costs what the cap does.
 */
export const countOf = (req: PayloadRequest, table: string, built: Built, cap?: number): SQL => {
  const name = sql.identifier(table)
  if (!built.where && !built.joins.length && cap === undefined) {
    return sql`coalesce(${sql.raw(keptCount(table, false))}, (SELECT count(*) FROM ${name}))`
  }
  const db = drizzleOf(req.payload)
  const from = tableOf(req, table)
  if (cap !== undefined) {
    const rows = built.joins.length
      ? db.selectDistinct({ id: sql`${name}.id` })
      : db.select({ id: sql`${name}.id` })
    return sql`SELECT count(*) FROM (${withJoins(rows.from(from).$dynamic(), built).limit(cap + 1)}) capped`
  }
  return sql`${withJoins(
    db
      .select({
        count: built.joins.length ? sql`count(DISTINCT ${name}.id)` : sql`count(*)`,
      })
      .from(from)
      .$dynamic(),
    built,
  )}`
}
