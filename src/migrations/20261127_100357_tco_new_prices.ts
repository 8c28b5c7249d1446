import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_tco_settings_new_prices_powertrain" AS ENUM('gasoline', 'hybrid', 'plug-in', 'electric');
  CREATE TYPE "public"."enum_tco_settings_new_prices_body" AS ENUM('car', 'suv', 'truck', 'van');
  CREATE TABLE "tco_settings_new_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"make" varchar NOT NULL,
  	"model" varchar NOT NULL,
  	"powertrain" "enum_tco_settings_new_prices_powertrain" DEFAULT 'gasoline' NOT NULL,
  	"body" "enum_tco_settings_new_prices_body",
  	"year" numeric NOT NULL,
  	"msrp" numeric NOT NULL,
  	"destination" numeric,
  	"source" varchar NOT NULL
  );
  
  ALTER TABLE "tco_settings_new_prices" ADD CONSTRAINT "tco_settings_new_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tco_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "tco_settings_new_prices_order_idx" ON "tco_settings_new_prices" USING btree ("_order");
  CREATE INDEX "tco_settings_new_prices_parent_id_idx" ON "tco_settings_new_prices" USING btree ("_parent_id");
  ALTER TABLE "tco_settings" DROP COLUMN "new_price_destination_percent";
  ALTER TABLE "tco_settings" DROP COLUMN "new_price_growth_percent";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "tco_settings_new_prices" CASCADE;
  ALTER TABLE "tco_settings" ADD COLUMN "new_price_destination_percent" numeric;
  ALTER TABLE "tco_settings" ADD COLUMN "new_price_growth_percent" numeric;
  DROP TYPE "public"."enum_tco_settings_new_prices_powertrain";
  DROP TYPE "public"."enum_tco_settings_new_prices_body";`)
}
