import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

const nameOf = (first: string, last: string) =>
  `nullif(trim(concat_ws(' ', trim(${first}), trim(${last}))), '')`

/** The kinds' labels (src/compliance/consents/kinds.ts, KIND_LABELS) as of this migration. */
const kindLabel = (column: string) => `CASE ${column}
      WHEN 'credit-report-authorization' THEN 'Credit-report authorization'
      WHEN 'calls-and-texts' THEN 'Calls and texts'
      WHEN 'e-mail-marketing' THEN 'E-mail marketing'
      WHEN 'electronic-records' THEN 'Electronic records' END`

// Generated, then the backfill written by hand: the titles of the records already stored, as
// src/fields/titles.ts works them out on save (test/int/titles.test.ts compares the two): a
// record in the trash names nobody there, as a save does not read it.
export const backfillConsentTitles = sql.raw(`
  UPDATE "disclosures" SET "title" = concat_ws(' · ', ${kindLabel('"kind"::text')}, nullif(trim("version"), ''));
  UPDATE "consents" t SET "title" = concat_ws(' · ', ${kindLabel('c2."kind"::text')},
      coalesce(${nameOf('p."first_name"', 'p."last_name"')},
        CASE WHEN c2."role" = 'co-applicant' THEN ${nameOf('a."co_applicant_first_name"', 'a."co_applicant_last_name"')}
             ELSE ${nameOf('a."first_name"', 'a."last_name"')} END,
        nullif(trim(c2."phone_number"), ''), nullif(trim(c2."email"), '')),
      CASE WHEN c2."action" = 'revoke' THEN 'revoked' END)
    FROM "consents" c2
    LEFT JOIN "consumer" p ON p."id" = c2."consumer_id" AND p."deleted_at" IS NULL
    LEFT JOIN "credit_app" a ON a."id" = c2."credit_app_id" AND a."deleted_at" IS NULL
   WHERE c2."id" = t."id";`)

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "consents" ADD COLUMN "title" varchar;
  ALTER TABLE "disclosures" ADD COLUMN "title" varchar;
  CREATE INDEX "consents_title_idx" ON "consents" USING btree ("title");
  CREATE INDEX "disclosures_title_idx" ON "disclosures" USING btree ("title");`)
  await db.execute(backfillConsentTitles)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "consents_title_idx";
  DROP INDEX "disclosures_title_idx";
  ALTER TABLE "consents" DROP COLUMN "title";
  ALTER TABLE "disclosures" DROP COLUMN "title";`)
}
