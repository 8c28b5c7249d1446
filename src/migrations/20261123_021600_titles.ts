import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Written by hand: the titles of the records already stored, as src/admin/titles.ts and the
// collections work them out on save (test/int/titles.test.ts compares the two).
export const backfillTitles = sql`
  UPDATE "consumer" SET "title" = coalesce(nullif(trim(concat_ws(' ', trim("first_name"), trim("last_name"))), ''), "id");
  UPDATE "lead" SET "title" = coalesce(nullif(trim(concat_ws(' ', trim("first_name"), trim("last_name"))), ''), "id"::text);
  UPDATE "contact" SET "title" = coalesce(nullif(trim(concat_ws(' ', trim("first_name"), trim("last_name"))), ''), "id");
  UPDATE "credit_app" a SET "title" = coalesce(nullif(concat_ws(' · ',
      nullif(concat_ws(' — ',
        nullif(trim(concat_ws(' ', trim(c."first_name"), trim(c."last_name"))), ''),
        nullif(concat_ws(' ', v."year", trim(v."make"), trim(v."model")), '')), ''),
      CASE a."provider" WHEN 'provider_a' THEN 'Provider A' WHEN 'provider_b' THEN 'Provider B' END), ''), a."id")
    FROM "credit_app" a2
    LEFT JOIN "consumer" c ON c."id" = a2."consumer_id"
    LEFT JOIN "vehicle" v ON v."id" = a2."vehicle_id"
   WHERE a2."id" = a."id";
  UPDATE "deal" d SET "title" = concat_ws(' · ', 'Deal',
      nullif(concat_ws(' ', v."year", trim(v."make"), trim(v."model")), ''), co."name")
    FROM "deal" d2
    LEFT JOIN "vehicle" v ON v."id" = d2."vehicle_id"
    LEFT JOIN "location" l ON l."id" = d2."dealer_location_id"
    LEFT JOIN "company" co ON co."id" = coalesce(l."company_id_id", d2."facilitator_id")
   WHERE d2."id" = d."id";`

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "credit_app" ADD COLUMN "title" varchar;
  ALTER TABLE "_credit_app_v" ADD COLUMN "version_title" varchar;
  ALTER TABLE "consumer" ADD COLUMN "title" varchar;
  ALTER TABLE "_consumer_v" ADD COLUMN "version_title" varchar;
  ALTER TABLE "deal" ADD COLUMN "title" varchar;
  ALTER TABLE "_deal_v" ADD COLUMN "version_title" varchar;
  ALTER TABLE "contact" ADD COLUMN "title" varchar;
  ALTER TABLE "_contact_v" ADD COLUMN "version_title" varchar;
  ALTER TABLE "lead" ADD COLUMN "title" varchar;
  CREATE INDEX "credit_app_title_idx" ON "credit_app" USING btree ("title");
  CREATE INDEX "_credit_app_v_version_version_title_idx" ON "_credit_app_v" USING btree ("version_title");
  CREATE INDEX "consumer_title_idx" ON "consumer" USING btree ("title");
  CREATE INDEX "_consumer_v_version_version_title_idx" ON "_consumer_v" USING btree ("version_title");
  CREATE INDEX "deal_title_idx" ON "deal" USING btree ("title");
  CREATE INDEX "_deal_v_version_version_title_idx" ON "_deal_v" USING btree ("version_title");
  CREATE INDEX "contact_title_idx" ON "contact" USING btree ("title");
  CREATE INDEX "_contact_v_version_version_title_idx" ON "_contact_v" USING btree ("version_title");
  CREATE INDEX "lead_title_idx" ON "lead" USING btree ("title");`)
  await db.execute(backfillTitles)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "credit_app_title_idx";
  DROP INDEX "_credit_app_v_version_version_title_idx";
  DROP INDEX "consumer_title_idx";
  DROP INDEX "_consumer_v_version_version_title_idx";
  DROP INDEX "deal_title_idx";
  DROP INDEX "_deal_v_version_version_title_idx";
  DROP INDEX "contact_title_idx";
  DROP INDEX "_contact_v_version_version_title_idx";
  DROP INDEX "lead_title_idx";
  ALTER TABLE "credit_app" DROP COLUMN "title";
  ALTER TABLE "_credit_app_v" DROP COLUMN "version_title";
  ALTER TABLE "consumer" DROP COLUMN "title";
  ALTER TABLE "_consumer_v" DROP COLUMN "version_title";
  ALTER TABLE "deal" DROP COLUMN "title";
  ALTER TABLE "_deal_v" DROP COLUMN "version_title";
  ALTER TABLE "contact" DROP COLUMN "title";
  ALTER TABLE "_contact_v" DROP COLUMN "version_title";
  ALTER TABLE "lead" DROP COLUMN "title";`)
}
