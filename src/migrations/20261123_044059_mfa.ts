import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "mfa_enabled" boolean DEFAULT false;
  ALTER TABLE "users" ADD COLUMN "mfa_enrolled_at" timestamp(3) with time zone;
  ALTER TABLE "users" ADD COLUMN "mfa_secret" varchar;
  ALTER TABLE "users" ADD COLUMN "mfa_last_time_step" numeric;
  ALTER TABLE "users" ADD COLUMN "mfa_recovery_codes" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" DROP COLUMN "mfa_enabled";
  ALTER TABLE "users" DROP COLUMN "mfa_enrolled_at";
  ALTER TABLE "users" DROP COLUMN "mfa_secret";
  ALTER TABLE "users" DROP COLUMN "mfa_last_time_step";
  ALTER TABLE "users" DROP COLUMN "mfa_recovery_codes";`)
}
