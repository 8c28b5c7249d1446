import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

const nameOf = (alias: string) =>
  `nullif(trim(concat_ws(' ', trim(${alias}."first_name"), trim(${alias}."last_name"))), '')`

// Generated, then the backfill written by hand: the titles of the records already stored, as
// src/fields/titles.ts works them out on save (test/int/titles.test.ts compares the two): a
// record in the trash names nobody there, as a save does not read it.
export const backfillComplianceTitles = sql.raw(`
  UPDATE "do_not_contact" d SET "title" = concat_ws(' · ', 'Do not contact', coalesce(${nameOf('c')}, ${nameOf('l')}))
    FROM "do_not_contact" d2
    LEFT JOIN "consumer" c ON c."id" = d2."consumer_id" AND c."deleted_at" IS NULL
    LEFT JOIN "lead" l ON l."id" = d2."lead_id" AND l."deleted_at" IS NULL
   WHERE d2."id" = d."id";
  UPDATE "consumer_requests" r SET "title" = concat_ws(' · ', CASE WHEN r2."kind" = 'deletion' THEN 'Deletion request' ELSE 'Access request' END, ${nameOf('c')})
    FROM "consumer_requests" r2
    LEFT JOIN "consumer" c ON c."id" = r2."consumer_id" AND c."deleted_at" IS NULL
   WHERE r2."id" = r."id";`)

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "do_not_contact" ADD COLUMN "title" varchar;
  ALTER TABLE "consumer_requests" ADD COLUMN "title" varchar;
  CREATE INDEX "do_not_contact_title_idx" ON "do_not_contact" USING btree ("title");
  CREATE INDEX "consumer_requests_title_idx" ON "consumer_requests" USING btree ("title");`)
  await db.execute(backfillComplianceTitles)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "do_not_contact_title_idx";
  DROP INDEX "consumer_requests_title_idx";
  ALTER TABLE "do_not_contact" DROP COLUMN "title";
  ALTER TABLE "consumer_requests" DROP COLUMN "title";`)
}
