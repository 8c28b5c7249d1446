import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "title" varchar;
  ALTER TABLE "sanctions_list" ADD COLUMN "title" varchar;
  CREATE INDEX "users_title_idx" ON "users" USING btree ("title");
  CREATE INDEX "sanctions_list_title_idx" ON "sanctions_list" USING btree ("title");`)
  // Written by hand: the titles of the stored records, as their title fields work them out on
  // save (collections/Users, src/fields/titles.ts sanctionsListTitle): a user's name (never an
  // e-mail address: colleagues filter on it); a list's load day (UTC) and entry count.
  await db.execute(sql`
   UPDATE "users" SET "title" = nullif(btrim("name"), '');
   UPDATE "sanctions_list" SET "title" = concat_ws(' · ', 'SDN list',
     to_char("created_at" AT TIME ZONE 'UTC', 'Mon FMDD, YYYY'),
     CASE WHEN "entry_count" IS NULL THEN NULL
          WHEN "entry_count" = 1 THEN '1 entry'
          ELSE to_char("entry_count", 'FM999,999,999') || ' entries' END);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "users_title_idx";
  DROP INDEX "sanctions_list_title_idx";
  ALTER TABLE "users" DROP COLUMN "title";
  ALTER TABLE "sanctions_list" DROP COLUMN "title";`)
}
