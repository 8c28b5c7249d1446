import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_sanctions_screening_status" ADD VALUE 'superseded';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // A list marked superseded reads as done once the value is gone.
  await db.execute(sql`
   UPDATE "sanctions_list" SET "screening_status" = 'done' WHERE "screening_status" = 'superseded';
   ALTER TABLE "sanctions_list" ALTER COLUMN "screening_status" SET DATA TYPE text;
  DROP TYPE "public"."enum_sanctions_screening_status";
  CREATE TYPE "public"."enum_sanctions_screening_status" AS ENUM('queued', 'running', 'done');
  ALTER TABLE "sanctions_list" ALTER COLUMN "screening_status" SET DATA TYPE "public"."enum_sanctions_screening_status" USING "screening_status"::"public"."enum_sanctions_screening_status";`)
}
