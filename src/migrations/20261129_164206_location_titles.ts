import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Generated, then the backfill written by hand: the titles of the locations already stored, as
// locationTitle (src/fields/titles.ts) works them out on save (test/int/titles.test.ts compares
// the two): a company in the trash is not read by a save, so its locations show the address alone.
export const backfillLocationTitles = sql.raw(`
  UPDATE "location" t SET "title" = coalesce(nullif(concat_ws(' · ', nullif(trim(c."name"), ''),
      CASE WHEN c."id" IS NULL THEN NULL WHEN c."is_facilitator" THEN 'auction' ELSE 'dealership' END,
      nullif(trim(l."address"), '')), ''), l."id")
    FROM "location" l
    LEFT JOIN "company" c ON c."id" = l."company_id_id" AND c."deleted_at" IS NULL
   WHERE l."id" = t."id";`)

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "location" ADD COLUMN "title" varchar;
  CREATE INDEX "location_title_idx" ON "location" USING btree ("title");`)
  await db.execute(backfillLocationTitles)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "location_title_idx";
  ALTER TABLE "location" DROP COLUMN "title";`)
}
