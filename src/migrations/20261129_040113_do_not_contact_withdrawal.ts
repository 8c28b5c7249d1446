import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "do_not_contact" ADD COLUMN "withdrawn_at" timestamp(3) with time zone;
  ALTER TABLE "do_not_contact" ADD COLUMN "withdrawn_by" varchar;
  ALTER TABLE "do_not_contact" ADD COLUMN "withdrawn_reason" varchar;
  CREATE INDEX "do_not_contact_withdrawn_at_idx" ON "do_not_contact" USING btree ("withdrawn_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "do_not_contact_withdrawn_at_idx";
  ALTER TABLE "do_not_contact" DROP COLUMN "withdrawn_at";
  ALTER TABLE "do_not_contact" DROP COLUMN "withdrawn_by";
  ALTER TABLE "do_not_contact" DROP COLUMN "withdrawn_reason";`)
}
