import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_users_role" ADD VALUE 'compliance';
  ALTER TYPE "public"."enum_api_clients_role" ADD VALUE 'lead-source' BEFORE 'admin';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // The old roles cannot hold these: a compliance officer becomes a dealer of no company (who
  // sees nothing) and a lead-source key is disabled, so neither gains a power on the way down.
  await db.execute(sql`
  UPDATE "users" SET "role" = 'dealer', "company_id" = NULL WHERE "role" = 'compliance';
  UPDATE "api_clients" SET "role" = 'lead-agent', "enabled" = false WHERE "role" = 'lead-source';
   ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE text;
  ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'staff'::text;
  DROP TYPE "public"."enum_users_role";
  CREATE TYPE "public"."enum_users_role" AS ENUM('admin', 'staff', 'dealer');
  ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'staff'::"public"."enum_users_role";
  ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."enum_users_role" USING "role"::"public"."enum_users_role";
  ALTER TABLE "api_clients" ALTER COLUMN "role" SET DATA TYPE text;
  DROP TYPE "public"."enum_api_clients_role";
  CREATE TYPE "public"."enum_api_clients_role" AS ENUM('integrator', 'lead-agent', 'admin');
  ALTER TABLE "api_clients" ALTER COLUMN "role" SET DATA TYPE "public"."enum_api_clients_role" USING "role"::"public"."enum_api_clients_role";`)
}
