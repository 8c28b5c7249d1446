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
 * of these rows changes `updated_at`, so it writes every index anyway. The new indexes are all
 * built first, while reads go on and writes to their tables wait (about 7 s at five million lead
 * events); the old ones are dropped at the end, so the moment no read may run is the commit's.
 * A lock that waits more than 10 s behind a long transaction fails the migration, which is then
 * run again. An index already built this way and valid (by hand with CONCURRENTLY beforehand,
 * docs/deployment.md) is left as it is.
 */
const COVERED: Record<string, string[]> = {
  deal: ['deleted_at', 'current_bid_price'],
  lead: ['deleted_at'],
  lead_events: ['deleted_at', 'status'],
}

type Args = MigrateUpArgs | MigrateDownArgs

/** The tables whose `created_at` index is not yet as wanted, each with the one to build. */
const stillToBuild = async ({ db }: Args, wanted: Record<string, string[]>) => {
  const todo: [string, string][] = []
  for (const [table, include] of Object.entries(wanted)) {
    const name = `${table}_created_at_idx`
    const key = `USING btree (created_at)${include.length ? ` INCLUDE (${include.join(', ')})` : ''}`
    const { rows } = await db.execute(sql`
      SELECT pg_get_indexdef(i.indexrelid) AS definition, i.indisvalid AS valid
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relname = ${name} AND n.nspname = current_schema()`)
    const [found] = rows as { definition: string; valid: boolean }[]
    if (found?.valid && found.definition.endsWith(key)) continue
    todo.push([table, `CREATE INDEX "${name}_new" ON "${table}" ${key}`])
  }
  return todo
}

const rebuild = async (args: Args, wanted: Record<string, string[]>) => {
  const todo = await stillToBuild(args, wanted)
  if (!todo.length) return
  await args.db.execute(sql`SET LOCAL lock_timeout = '10s'; SET LOCAL statement_timeout = 0`)
  for (const [table, create] of todo) {
    await args.db.execute(sql.raw(`DROP INDEX IF EXISTS "${table}_created_at_idx_new"; ${create}`))
  }
  for (const [table] of todo) {
    const name = `${table}_created_at_idx`
    await args.db.execute(
      sql.raw(`DROP INDEX IF EXISTS "${name}"; ALTER INDEX "${name}_new" RENAME TO "${name}"`),
    )
  }
}

export async function up(args: MigrateUpArgs): Promise<void> {
  await rebuild(args, COVERED)
}

export async function down(args: MigrateDownArgs): Promise<void> {
  await rebuild(args, Object.fromEntries(Object.keys(COVERED).map((table) => [table, []])))
}
