import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Written by hand (no schema change). The dashboard counts this week's and today's leads, lead
 * events and deals on every visit, each a window on `created_at` outside the trash (and, for
 * lead events and deals, one more column). Payload's index on `created_at` holds the time alone,
 * so each row in the window was read from the table for its `deleted_at`: at five million lead
 * events, a week's 17,000 rows on 15,000 pages, 290–550 ms. The same index with those columns
 * included answers the count from the index alone: 3.8 ms (docs/performance.md, "The dashboard
 * in one statement").
 *
 * Each index is rebuilt under its own name, with the same key, so Payload's schema (which knows
 * indexes by name and key) still holds it and no index is added for writes to keep up: an update
 * of these rows changes `updated_at`, so it writes every index anyway. Building one locks out
 * writes to its table while it builds (about 7 s at five million lead events); an index already
 * built this way, by hand with CONCURRENTLY beforehand (docs/deployment.md), is left as it is.
 */
const COVERED: Record<string, string[]> = {
  deal: ['deleted_at', 'current_bid_price'],
  lead: ['deleted_at'],
  lead_events: ['deleted_at', 'status'],
}

const rebuild = async ({ db }: MigrateUpArgs, table: string, include: string[]) => {
  const name = `${table}_created_at_idx`
  const columns = include.length ? ` INCLUDE (${include.map((c) => `"${c}"`).join(', ')})` : ''
  const wanted = include.length ? `INCLUDE (${include.join(', ')})` : ''
  const { rows } = await db.execute(
    sql`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ${name}`,
  )
  const now = String(rows[0]?.indexdef ?? '')
  if (rows.length && (wanted ? now.endsWith(wanted) : !now.includes('INCLUDE'))) return
  await db.execute(
    sql.raw(`CREATE INDEX "${name}_new" ON "${table}" USING btree ("created_at")${columns};
      DROP INDEX IF EXISTS "${name}";
      ALTER INDEX "${name}_new" RENAME TO "${name}";`),
  )
}

export async function up(args: MigrateUpArgs): Promise<void> {
  for (const [table, include] of Object.entries(COVERED)) await rebuild(args, table, include)
}

export async function down(args: MigrateDownArgs): Promise<void> {
  for (const table of Object.keys(COVERED)) await rebuild(args, table, [])
}
