import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

import { down as dropRowCounts, up as keepRowCounts } from './20261122_233000_row_counts'

/**
 * Written by hand (no schema change): `row_counts` and its triggers, replaced by `live_row_counts`
 * (20261130_160000_live_row_counts), were kept for one release because the release before that
 * one read them while a rolling release rolled (docs/deployment.md). No release reads them now.
 * Besides, every write of a web event or a company updated the table's one counter row, so
 * concurrent writers of a table queued on it. This undoes the migration that added them, and its
 * down redoes it (the two tables counted again).
 */
export async function up(args: MigrateUpArgs): Promise<void> {
  await dropRowCounts(args)
}

export async function down(args: MigrateDownArgs): Promise<void> {
  await keepRowCounts(args)
}
