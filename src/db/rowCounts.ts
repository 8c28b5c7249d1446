/**
 * Exact row counts without counting: for the large collections below, statement-level triggers
 * keep each table's number of rows in `row_counts` (migration 20261122_233000_row_counts), in the
 * same transaction as the insert or delete, so the figure is exact for whoever reads it. A count
 * Payload asks for with no filter at all (an unfiltered list page, `payload.count` of everything)
 * reads that one row instead of scanning the table: at 1,000,000 web events, 0.1 ms against
 * 22–30 ms. Any filter (a caller's `where`, an access rule) counts as before.
 *
 * The cost: every insert or delete on these tables updates that table's one counter row, so
 * concurrent writers to the same table queue on it until they commit (each request commits at
 * once: web events and companies are created one per request, through the REST API or the admin
 * UI). A transaction that writes both tables takes both rows; always write companies first. The
 * counts serve only queries with no filter at all; with `row_counts` missing (the migration
 * reverted), such a count fails, so revert this migration only with the code that reads it. The triggers fire in `session_replication_role = replica`
 * sessions too (npm run generate uses one), so under logical replication `row_counts` itself must
 * not be replicated: each side's triggers keep its own.
 *
 * Leads, lead events and the audit log are counted the same way in `live_row_counts`, in a row
 * per writing backend (migration 20261130_160000_live_row_counts says why), and serve the staff's
 * lists of them.
 */
import { sql } from '@payloadcms/db-postgres'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Payload } from 'payload'

import { aroundCountDistinct, poolOf } from './adapter'

const COUNTED = new Set(['company', 'web_event'])

/**
 * Counted by shard in `live_row_counts` (migration 20261130_160000_live_row_counts): these
 * trashed tables' rows outside the trash, so a count whose only condition is Payload's trash
 * filter (a staff list of every lead) reads 16 rows, and the audit log's every row.
 */
const LIVE_COUNTED = new Set(['lead', 'lead_events'])
const ALL_COUNTED = new Set(['audit_log'])

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
 * A table's number is spread over a row per backend that wrote it; beyond this many rows, the
 * rows of backends that have ended are folded into shard 0 (no backend has process id 0). A
 * backend writing while its row is folded waits for the fold and then adds a row anew.
 */
const FOLD_ABOVE = 64
const FOLD = `WITH gone AS (
    DELETE FROM live_row_counts WHERE shard <> 0
      AND shard NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
    RETURNING table_name, row_count)
  INSERT INTO live_row_counts SELECT table_name, 0, sum(row_count) FROM gone GROUP BY table_name
  ON CONFLICT (table_name, shard) DO UPDATE SET row_count = live_row_counts.row_count + excluded.row_count`

let folding: Promise<unknown> | undefined

/** Folds ended backends' rows, once at a time, on the primary, beside the read that found them. */
const foldLater = (payload: Payload): void => {
  folding ??= poolOf(payload)
    .query(FOLD)
    .catch((error: unknown) => payload.logger.warn({ err: error }, 'live row counts not folded'))
    .finally(() => (folding = undefined))
}

/** Installs the counter lookups on Payload's PostgreSQL adapter (config `onInit`). */
export const countFromRowCounts = (payload: Payload): void =>
  aroundCountDistinct(payload, async (args, countDistinct) => {
    if (args.joins.length || args.column) return countDistinct(args)
    if (liveCounter(args.tableName, args.where)) {
      const { rows } = await args.db.execute(
        sql`SELECT sum(row_count) AS row_count, count(*) AS shards FROM live_row_counts
          WHERE table_name = ${args.tableName}`,
      )
      // A table the migration has not counted yet is counted as Payload does.
      if (rows[0]?.row_count == null) return countDistinct(args)
      if (Number(rows[0].shards) > FOLD_ABOVE) foldLater(payload)
      return Number(rows[0].row_count)
    }
    if (args.where || !COUNTED.has(args.tableName)) return countDistinct(args)
    const { rows } = await args.db.execute(
      sql`SELECT row_count FROM row_counts WHERE table_name = ${args.tableName}`,
    )
    return rows[0] ? Number(rows[0].row_count) : countDistinct(args)
  })
