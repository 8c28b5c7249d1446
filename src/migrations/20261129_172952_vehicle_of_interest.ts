import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_lead_vehicle_of_interest_condition" AS ENUM('new', 'used', 'certified');
  ALTER TABLE "lead" ADD COLUMN "vehicle_of_interest_vin" varchar;
  ALTER TABLE "lead" ADD COLUMN "vehicle_of_interest_condition" "enum_lead_vehicle_of_interest_condition";
  ALTER TABLE "lead" ADD COLUMN "vehicle_of_interest_year" numeric;
  ALTER TABLE "lead" ADD COLUMN "vehicle_of_interest_make" varchar;
  ALTER TABLE "lead" ADD COLUMN "vehicle_of_interest_model" varchar;
  ALTER TABLE "lead" ADD COLUMN "vehicle_of_interest_trim" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" DROP COLUMN "vehicle_of_interest_vin";
  ALTER TABLE "lead" DROP COLUMN "vehicle_of_interest_condition";
  ALTER TABLE "lead" DROP COLUMN "vehicle_of_interest_year";
  ALTER TABLE "lead" DROP COLUMN "vehicle_of_interest_make";
  ALTER TABLE "lead" DROP COLUMN "vehicle_of_interest_model";
  ALTER TABLE "lead" DROP COLUMN "vehicle_of_interest_trim";
  DROP TYPE "public"."enum_lead_vehicle_of_interest_condition";`)
}
