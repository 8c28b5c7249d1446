import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "sanctions_match" ADD COLUMN "first_clearance_by" varchar;
  ALTER TABLE "sanctions_match" ADD COLUMN "first_clearance_at" timestamp(3) with time zone;
  ALTER TABLE "sanctions_match" ADD COLUMN "first_clearance_user_id" numeric;
  ALTER TABLE "sanctions_match" ADD COLUMN "first_clearance_reason" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "sanctions_match" DROP COLUMN "first_clearance_by";
  ALTER TABLE "sanctions_match" DROP COLUMN "first_clearance_at";
  ALTER TABLE "sanctions_match" DROP COLUMN "first_clearance_user_id";
  ALTER TABLE "sanctions_match" DROP COLUMN "first_clearance_reason";`)
}
