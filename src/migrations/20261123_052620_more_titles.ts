import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Written by hand: the titles of the records already stored, as src/admin/titles.ts works them
// out on save (test/int/titles.test.ts compares the two).
export const backfillMoreTitles = sql`
  UPDATE "pre_approval" p SET "title" = concat_ws(' · ', 'Pre-approval', nullif(trim(concat_ws(' ', trim(c."first_name"), trim(c."last_name"))), ''), nullif(trim(b."name"), ''))
    FROM "pre_approval" p2
    LEFT JOIN "consumer" c ON c."id" = p2."consumer_id"
    LEFT JOIN "credit_band" b ON b."id" = p2."credit_band_id"
   WHERE p2."id" = p."id";
  UPDATE "credit_report" r SET "title" = concat_ws(' · ', 'Credit report', r2."credit_score"::text, nullif(trim(concat_ws(' ', trim(c."first_name"), trim(c."last_name"))), ''))
    FROM "credit_report" r2
    LEFT JOIN "pre_approval" p ON p."id" = r2."pre_approval_id"
    LEFT JOIN "consumer" c ON c."id" = p."consumer_id"
   WHERE r2."id" = r."id";
  UPDATE "account" a SET "title" = concat_ws(' · ', 'Account', coalesce(nullif(trim(concat_ws(' ', trim(c."first_name"), trim(c."last_name"))), ''), 'lead ' || nullif(trim(a2."lead"), '')))
    FROM "account" a2
    LEFT JOIN "consumer" c ON c."id" = a2."consumer_id"
   WHERE a2."id" = a."id";
  UPDATE "vdp_emails" e SET "title" = concat_ws(' · ', 'VDP e-mail', nullif(trim(concat_ws(' ', trim(c."first_name"), trim(c."last_name"))), ''),
      n.count || CASE WHEN n.count = 1 THEN ' VIN' ELSE ' VINs' END)
    FROM "vdp_emails" e2
    LEFT JOIN "lead" c ON c."id" = e2."lead_id"
    CROSS JOIN LATERAL (SELECT count(*) AS count FROM "vdp_emails_rels" v WHERE v."parent_id" = e2."id" AND v."path" = 'vins') n
   WHERE e2."id" = e."id";`

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "pre_approval" ADD COLUMN "title" varchar;
  ALTER TABLE "credit_report" ADD COLUMN "title" varchar;
  ALTER TABLE "account" ADD COLUMN "title" varchar;
  ALTER TABLE "vdp_emails" ADD COLUMN "title" varchar;
  ALTER TABLE "_vdp_emails_v" ADD COLUMN "version_title" varchar;
  CREATE INDEX "pre_approval_title_idx" ON "pre_approval" USING btree ("title");
  CREATE INDEX "credit_report_title_idx" ON "credit_report" USING btree ("title");
  CREATE INDEX "account_title_idx" ON "account" USING btree ("title");
  CREATE INDEX "vdp_emails_title_idx" ON "vdp_emails" USING btree ("title");
  CREATE INDEX "_vdp_emails_v_version_version_title_idx" ON "_vdp_emails_v" USING btree ("version_title");`)
  await db.execute(backfillMoreTitles)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "pre_approval_title_idx";
  DROP INDEX "credit_report_title_idx";
  DROP INDEX "account_title_idx";
  DROP INDEX "vdp_emails_title_idx";
  DROP INDEX "_vdp_emails_v_version_version_title_idx";
  ALTER TABLE "pre_approval" DROP COLUMN "title";
  ALTER TABLE "credit_report" DROP COLUMN "title";
  ALTER TABLE "account" DROP COLUMN "title";
  ALTER TABLE "vdp_emails" DROP COLUMN "title";
  ALTER TABLE "_vdp_emails_v" DROP COLUMN "version_title";`)
}
