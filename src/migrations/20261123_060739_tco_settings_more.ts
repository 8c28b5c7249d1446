import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tco_settings" ADD COLUMN "premium_fuel_extra" numeric;
  ALTER TABLE "tco_settings" ADD COLUMN "maintenance_per_mile" numeric;
  ALTER TABLE "tco_settings" ADD COLUMN "new_price_destination_percent" numeric;
  ALTER TABLE "tco_settings" ADD COLUMN "new_price_growth_percent" numeric;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tco_settings" DROP COLUMN "premium_fuel_extra";
  ALTER TABLE "tco_settings" DROP COLUMN "maintenance_per_mile";
  ALTER TABLE "tco_settings" DROP COLUMN "new_price_destination_percent";
  ALTER TABLE "tco_settings" DROP COLUMN "new_price_growth_percent";`)
}
