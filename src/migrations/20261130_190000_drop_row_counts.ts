import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

import { up as keepRowCounts } from './20261122_233000_row_counts'

/**
 * Written by hand (no schema change): `row_counts` and its triggers, replaced by `live_row_counts`
 * (20261130_160000_live_row_counts), were kept for one release because the release before that
 * one read them while a rolling release rolled (docs/deployment.md). No release reads them now.
 * Besides, every write of a web event or a company updated the table's one counter row, so
 * concurrent writers of a table queued on it.
 */
const COUNTED = ['web_event', 'company']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const table of COUNTED) {
    for (const operation of ['insert', 'delete', 'truncate']) {
      await db.execute(
        sql`DROP TRIGGER ${sql.raw(`"${table}_count_${operation}"`)} ON ${sql.raw(`"${table}"`)};`,
      )
    }
  }
  await db.execute(sql`
   DROP FUNCTION "row_counts_apply"();
   DROP TABLE "row_counts";`)
}

/** Counts the two tables again and puts the triggers back, as the migration that added them did. */
export async function down(args: MigrateDownArgs): Promise<void> {
  await keepRowCounts(args)
}
