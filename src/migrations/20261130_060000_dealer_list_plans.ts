import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The admin pages at a million leads (docs/performance.md, "At a million leads"). A dealer's
 * credit-apps list (200,000 apps, 1,000 of the dealer's) took a parallel plan that walked the apps
 * newest first and looked each one up in `credit_app_rels`, 120,000 of them for ten rows:
 * 650–1,000 ms. Without workers on `credit_app` it starts from the dealership's 1,000 rows: 14 ms.
 * The staff's unfiltered count then scans alone, 42 → 62 ms. The same as `consumer` had
 * (20261128_083000_dealer_scope_indexes).
 *
 * The dashboard counts the leads nobody is assigned to on every visit; a partial index holds only
 * those (with their age, the to-do list's order), so the count and its first rows read that many
 * entries, not the whole table: 97 → 57 ms when all of a million leads match, nothing read when
 * none does. Not in Payload's schema: an index and a storage setting only.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "credit_app" SET (parallel_workers = 0);
    CREATE INDEX IF NOT EXISTS "lead_unassigned_idx" ON "lead" ("created_at")
      WHERE "assignee_id" IS NULL AND "merged_into_id" IS NULL AND "do_not_contact_at" IS NULL
        AND "deleted_at" IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
    ALTER TABLE "credit_app" RESET (parallel_workers);
    DROP INDEX IF EXISTS "lead_unassigned_idx";`)
}
