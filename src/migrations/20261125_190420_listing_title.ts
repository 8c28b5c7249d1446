import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Written by hand: the titles of the listings already stored, as collections/Listings.ts works
// them out on save (its own year, make, model and trim, else its vehicle's, else the VIN).
const describe = (alias: string) =>
  sql.raw(`nullif(concat_ws(' ', ${alias}."year"::text, nullif(trim(${alias}."make"), ''),
    nullif(trim(${alias}."model"), ''), nullif(trim(${alias}."trim"), '')), '')`)

export const backfillListingTitles = sql`
  UPDATE "listing" l SET "title" = coalesce(${describe('l2')}, ${describe('v')}, l2."vin")
    FROM "listing" l2
    LEFT JOIN "vehicle" v ON v."id" = l2."vin"
   WHERE l2."id" = l."id";`

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "listing" ADD COLUMN "title" varchar;
  ALTER TABLE "_listing_v" ADD COLUMN "version_title" varchar;
  CREATE INDEX "listing_title_idx" ON "listing" USING btree ("title");
  CREATE INDEX "_listing_v_version_version_title_idx" ON "_listing_v" USING btree ("version_title");`)
  await db.execute(backfillListingTitles)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "listing_title_idx";
  DROP INDEX "_listing_v_version_version_title_idx";
  ALTER TABLE "listing" DROP COLUMN "title";
  ALTER TABLE "_listing_v" DROP COLUMN "version_title";`)
}
