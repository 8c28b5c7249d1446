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
 */
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { aroundCountDistinct } from './adapter'

const COUNTED = new Set(['company', 'web_event'])

/** Installs the counter lookup on Payload's PostgreSQL adapter (config `onInit`). */
export const countFromRowCounts = (payload: Payload): void =>
  aroundCountDistinct(payload, async (args, countDistinct) => {
    if (args.where || args.joins.length || args.column || !COUNTED.has(args.tableName)) {
      return countDistinct(args)
    }
    const { rows } = await args.db.execute(
      sql`SELECT row_count FROM row_counts WHERE table_name = ${args.tableName}`,
    )
    // A table the migration has not counted yet is counted as Payload does.
    return rows[0] ? Number(rows[0].row_count) : countDistinct(args)
  })
