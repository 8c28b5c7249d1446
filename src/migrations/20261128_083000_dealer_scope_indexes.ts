import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A dealer's lists at scale (docs/performance.md, "The dealer scope at scale": 1,000 dealerships,
 * 1M leads, 200k consumers). Payload filters `dealerships` through the `_rels` table and counts
 * with it: a `(company_id, parent_id)` index lets both start from the dealership's rows (the
 * consumer count read all 1.2M rows, 2.5–4.0 s; 26–48 ms with it). The consumer page's parallel
 * plan scanned ~120,000 consumers newest-first; without workers on `consumer` it starts from the
 * dealership's rows (5–10 s to 15–157 ms). `(parent_id, path)` serves the triggers' lookups of a
 * record's dealerships whatever the statistics say; `(dealership_id, created_at)` a dealer's
 * newest leads. Not in Payload's schema: indexes and a storage setting only.
 */
const RELS = [
  'consumer_rels',
  'customer_rels',
  'address_rels',
  'credit_app_rels',
  'pre_approval_rels',
  'credit_report_rels',
]

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const table of RELS) {
    await db.execute(
      sql.raw(
        `CREATE INDEX IF NOT EXISTS "${table}_company_parent_idx" ON "${table}" ("company_id", "parent_id");
         CREATE INDEX IF NOT EXISTS "${table}_parent_path_idx" ON "${table}" ("parent_id", "path");`,
      ),
    )
  }
  await db.execute(sql`
    CREATE INDEX IF NOT EXISTS "lead_dealership_created_at_idx" ON "lead" ("dealership_id", "created_at");
    ALTER TABLE "consumer" SET (parallel_workers = 0);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of RELS) {
    await db.execute(
      sql.raw(
        `DROP INDEX IF EXISTS "${table}_company_parent_idx";
         DROP INDEX IF EXISTS "${table}_parent_path_idx";`,
      ),
    )
  }
  await db.execute(sql`
    DROP INDEX IF EXISTS "lead_dealership_created_at_idx";
    ALTER TABLE "consumer" RESET (parallel_workers);`)
}
