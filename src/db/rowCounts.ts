/**
 * Exact row counts without counting. Statement-level triggers keep the number of rows of the large
 * tables below in `live_row_counts` (migration 20261130_160000_live_row_counts), in the writer's
 * transaction, so the figure is exact for whoever reads it: of leads and lead events, the rows
 * outside the trash; of web events, companies and the audit log, every row. A count Payload asks
 * for with no condition but those (an unfiltered list page, a staff list of every lead,
 * `payload.count` of everything) sums that table's rows of `live_row_counts` instead of scanning
 * the table: at 1,000,000 web events, 0.1 ms against 22–30 ms; at 5,000,000 lead events, against
 * 0.4–0.8 s. Any other condition (a caller's `where`, an access rule) counts as before.
 *
 * Each writing backend adds to a row of its own, so concurrent writers never queue on a counter
 * (the migration gives the figures); rows of backends that have ended are folded here. With
 * `live_row_counts` missing (the migration reverted), such a count fails, so revert it only with
 * the code that reads it. The triggers fire in `session_replication_role = replica` sessions too
 * (npm run generate uses one), so under logical replication `live_row_counts` itself must not be
 * replicated: each side's triggers keep its own.
 */
import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Payload } from 'payload'

import { aroundCountDistinct, type Queryable } from './adapter'

/** Tables whose rows outside the trash are kept. */
const LIVE_COUNTED = new Set(['lead', 'lead_events'])
/** Tables whose every row is kept. */
const ALL_COUNTED = new Set(['audit_log', 'company', 'web_event'])

const keptSum = (table: string) =>
  `(SELECT sum(row_count) FROM live_row_counts WHERE table_name = '${table}')`

/**
 * SQL of the kept number of `table`'s rows (with `trash`, of those outside it; trashed rows are
 * few and indexed), or of NULL when it is not kept, for statements the read compiler writes.
 */
export const keptCount = (table: string, trash: boolean): string => {
  if (LIVE_COUNTED.has(table)) return trash ? keptSum(table) : 'NULL'
  if (!ALL_COUNTED.has(table)) return 'NULL'
  return trash
    ? `${keptSum(table)} - (SELECT count(*) FROM "${table}" WHERE "${table}".deleted_at IS NOT NULL)`
    : keptSum(table)
}

const dialect = new PgDialect()

/**
 * Whether `where` is exactly Payload's trash filter of `table` and nothing else, however many
 * parentheses an `and` of one condition put around it (the filter itself has none).
 */
const onlyOutsideTrash = (table: string, where: SQL): boolean => {
  const { params, sql: text } = dialect.sqlToQuery(where)
  return params.length === 0 && text.replace(/^\(+|\)+$/g, '') === `"${table}"."deleted_at" is null`
}

const liveCounter = (tableName: string, where: SQL | undefined): boolean =>
  where
    ? LIVE_COUNTED.has(tableName) && onlyOutsideTrash(tableName, where)
    : ALL_COUNTED.has(tableName)

/**
 * Folds the rows of backends that have ended into shard 0 (no backend has process id 0), keeping
 * each table's number: the job runner does so every minute, so a table's rows stay about as many
 * as the backends that wrote it since. A backend writing while its row is folded waits for the
 * fold and then adds a row anew.
 */
export const foldRowCounts = (db: Queryable): Promise<unknown> =>
  db.query({
    text: `WITH gone AS (
      DELETE FROM live_row_counts WHERE shard <> 0
        AND shard NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
      RETURNING table_name, row_count)
    INSERT INTO live_row_counts SELECT table_name, 0, sum(row_count) FROM gone GROUP BY table_name
    ON CONFLICT (table_name, shard)
    DO UPDATE SET row_count = live_row_counts.row_count + excluded.row_count`,
  })

/** Installs the counter lookups on Payload's PostgreSQL adapter (config `onInit`). */
export const countFromRowCounts = (payload: Payload): void =>
  aroundCountDistinct(payload, async (args, countDistinct) => {
    if (args.joins.length || args.column || !liveCounter(args.tableName, args.where)) {
      return countDistinct(args)
    }
    // A select, as Payload's own count: with read replicas it goes where the page's rows are read.
    const [kept] = await args.db
      .select({ rowCount: sql<null | string>`sum(row_count)` })
      .from(sql`live_row_counts`)
      .where(sql`table_name = ${args.tableName}`)
    // A table the migration has not counted yet is counted as Payload does.
    return kept?.rowCount == null ? countDistinct(args) : Number(kept.rowCount)
  })
