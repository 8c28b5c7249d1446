import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // The lists move from their child tables into the lead's own row, values kept (written by hand).
  await db.execute(sql`
  ALTER TABLE "lead" ADD COLUMN "adf_phones" jsonb;
  ALTER TABLE "lead" ADD COLUMN "adf_vehicles" jsonb;
  UPDATE "lead" SET "adf_phones" = (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
      'number', p."number", 'type', p."type", 'time', p."time", 'preferred', p."preferred"
    )) ORDER BY p."_order") FROM "lead_adf_phones" p WHERE p."_parent_id" = "lead"."id")
  WHERE EXISTS (SELECT 1 FROM "lead_adf_phones" p WHERE p."_parent_id" = "lead"."id");
  UPDATE "lead" SET "adf_vehicles" = (
    SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
      'interest', v."interest", 'status', v."status", 'year', v."year", 'make', v."make",
      'model', v."model", 'trim', v."trim", 'vin', v."vin", 'vehicle', v."vehicle_id",
      'stock', v."stock", 'odometer', v."odometer", 'odometerUnits', v."odometer_units",
      'price', v."price", 'priceType', v."price_type", 'priceCurrency', v."price_currency",
      'financeMethod', v."finance_method", 'downPayment', v."down_payment",
      'monthlyPayment', v."monthly_payment", 'financeTotal', v."finance_total",
      'comments', v."comments"
    )) ORDER BY v."_order") FROM "lead_adf_vehicles" v WHERE v."_parent_id" = "lead"."id")
  WHERE EXISTS (SELECT 1 FROM "lead_adf_vehicles" v WHERE v."_parent_id" = "lead"."id");
  DROP TABLE "lead_adf_phones" CASCADE;
  DROP TABLE "lead_adf_vehicles" CASCADE;
  DROP TYPE "public"."enum_lead_adf_phone_type";
  DROP TYPE "public"."enum_lead_adf_phone_time";
  DROP TYPE "public"."enum_lead_adf_interest";
  DROP TYPE "public"."enum_lead_adf_vehicle_status";
  DROP TYPE "public"."enum_lead_adf_price_type";
  DROP TYPE "public"."enum_lead_adf_finance_method";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_lead_adf_phone_type" AS ENUM('voice', 'fax', 'cellphone', 'pager');
  CREATE TYPE "public"."enum_lead_adf_phone_time" AS ENUM('morning', 'afternoon', 'evening', 'nopreference', 'day');
  CREATE TYPE "public"."enum_lead_adf_interest" AS ENUM('buy', 'lease', 'sell', 'trade_in', 'test_drive');
  CREATE TYPE "public"."enum_lead_adf_vehicle_status" AS ENUM('new', 'used');
  CREATE TYPE "public"."enum_lead_adf_price_type" AS ENUM('quote', 'offer', 'msrp', 'invoice', 'call', 'appraisal', 'asking');
  CREATE TYPE "public"."enum_lead_adf_finance_method" AS ENUM('cash', 'finance', 'lease');
  CREATE TABLE "lead_adf_phones" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"number" varchar,
  	"type" "enum_lead_adf_phone_type",
  	"time" "enum_lead_adf_phone_time",
  	"preferred" boolean
  );
  
  CREATE TABLE "lead_adf_vehicles" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"interest" "enum_lead_adf_interest",
  	"status" "enum_lead_adf_vehicle_status",
  	"year" numeric,
  	"make" varchar,
  	"model" varchar,
  	"trim" varchar,
  	"vin" varchar,
  	"vehicle_id" varchar,
  	"stock" varchar,
  	"odometer" numeric,
  	"odometer_units" varchar,
  	"price" numeric,
  	"price_type" "enum_lead_adf_price_type",
  	"price_currency" varchar,
  	"finance_method" "enum_lead_adf_finance_method",
  	"down_payment" numeric,
  	"monthly_payment" numeric,
  	"finance_total" numeric,
  	"comments" varchar
  );
  
  ALTER TABLE "lead_adf_phones" ADD CONSTRAINT "lead_adf_phones_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "lead_adf_vehicles" ADD CONSTRAINT "lead_adf_vehicles_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_adf_vehicles" ADD CONSTRAINT "lead_adf_vehicles_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "lead_adf_phones_order_idx" ON "lead_adf_phones" USING btree ("_order");
  CREATE INDEX "lead_adf_phones_parent_id_idx" ON "lead_adf_phones" USING btree ("_parent_id");
  CREATE INDEX "lead_adf_vehicles_order_idx" ON "lead_adf_vehicles" USING btree ("_order");
  CREATE INDEX "lead_adf_vehicles_parent_id_idx" ON "lead_adf_vehicles" USING btree ("_parent_id");
  CREATE INDEX "lead_adf_vehicles_vehicle_idx" ON "lead_adf_vehicles" USING btree ("vehicle_id");
  ALTER TABLE "lead" DROP COLUMN "adf_phones";
  ALTER TABLE "lead" DROP COLUMN "adf_vehicles";`)
}
