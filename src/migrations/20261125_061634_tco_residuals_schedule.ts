import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "tco_settings_residuals" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"match" varchar NOT NULL,
  	"residual" numeric NOT NULL
  );
  
  CREATE TABLE "tco_settings_maintenance_schedule" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"item" varchar,
  	"every_miles" numeric NOT NULL,
  	"cost" numeric NOT NULL
  );
  
  ALTER TABLE "tco_settings" ADD COLUMN "new_price_unknown_trim_percent" numeric;
  ALTER TABLE "tco_settings_residuals" ADD CONSTRAINT "tco_settings_residuals_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tco_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "tco_settings_maintenance_schedule" ADD CONSTRAINT "tco_settings_maintenance_schedule_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tco_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "tco_settings_residuals_order_idx" ON "tco_settings_residuals" USING btree ("_order");
  CREATE INDEX "tco_settings_residuals_parent_id_idx" ON "tco_settings_residuals" USING btree ("_parent_id");
  CREATE INDEX "tco_settings_maintenance_schedule_order_idx" ON "tco_settings_maintenance_schedule" USING btree ("_order");
  CREATE INDEX "tco_settings_maintenance_schedule_parent_id_idx" ON "tco_settings_maintenance_schedule" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "tco_settings_residuals" CASCADE;
  DROP TABLE "tco_settings_maintenance_schedule" CASCADE;
  ALTER TABLE "tco_settings" DROP COLUMN "new_price_unknown_trim_percent";`)
}
