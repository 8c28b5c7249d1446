import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_lead_adf_phone_type" AS ENUM('voice', 'fax', 'cellphone', 'pager');
  CREATE TYPE "public"."enum_lead_adf_phone_time" AS ENUM('morning', 'afternoon', 'evening', 'nopreference', 'day');
  CREATE TYPE "public"."enum_lead_adf_interest" AS ENUM('buy', 'lease', 'sell', 'trade_in', 'test_drive');
  CREATE TYPE "public"."enum_lead_adf_vehicle_status" AS ENUM('new', 'used');
  CREATE TYPE "public"."enum_lead_adf_price_type" AS ENUM('quote', 'offer', 'msrp', 'invoice', 'call', 'appraisal', 'asking');
  CREATE TYPE "public"."enum_lead_adf_finance_method" AS ENUM('cash', 'finance', 'lease');
  CREATE TYPE "public"."enum_lead_adf_origin" AS ENUM('http', 'mailbox');
  CREATE TYPE "public"."enum_lead_adf_status" AS ENUM('new', 'resend');
  CREATE TYPE "public"."enum_lead_adf_address_type" AS ENUM('home', 'work', 'delivery');
  CREATE TYPE "public"."enum_webhook_endpoint_format" AS ENUM('json', 'adf');
  ALTER TYPE "public"."enum_webhook_event_type" ADD VALUE 'lead.created' BEFORE 'lead_event.created';
  ALTER TYPE "public"."enum_webhook_event_type" ADD VALUE 'lead.updated' BEFORE 'lead_event.created';
  ALTER TYPE "public"."enum_webhook_delivery_event" ADD VALUE 'lead.created' BEFORE 'lead_event.created';
  ALTER TYPE "public"."enum_webhook_delivery_event" ADD VALUE 'lead.updated' BEFORE 'lead_event.created';
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
  
  ALTER TABLE "lead" ADD COLUMN "adf_origin" "enum_lead_adf_origin";
  ALTER TABLE "lead" ADD COLUMN "adf_status" "enum_lead_adf_status";
  ALTER TABLE "lead" ADD COLUMN "adf_request_date" timestamp(3) with time zone;
  ALTER TABLE "lead" ADD COLUMN "adf_prospect_id" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_prospect_id_source" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_middle_name" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_suffix" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_address_street" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_address_apartment" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_address_city" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_address_region_code" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_address_postal_code" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_address_country" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_address_type" "enum_lead_adf_address_type";
  ALTER TABLE "lead" ADD COLUMN "adf_timeframe_description" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_timeframe_earliest_date" timestamp(3) with time zone;
  ALTER TABLE "lead" ADD COLUMN "adf_timeframe_latest_date" timestamp(3) with time zone;
  ALTER TABLE "lead" ADD COLUMN "adf_comments" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_vendor_id" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_vendor_name" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_provider_id" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_provider_name" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_provider_service" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_provider_url" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_provider_email" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_provider_phone" varchar;
  ALTER TABLE "lead" ADD COLUMN "adf_document" varchar;
  ALTER TABLE "webhook_endpoints" ADD COLUMN "format" "enum_webhook_endpoint_format" DEFAULT 'json';
  ALTER TABLE "lead_adf_phones" ADD CONSTRAINT "lead_adf_phones_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "lead_adf_vehicles" ADD CONSTRAINT "lead_adf_vehicles_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_adf_vehicles" ADD CONSTRAINT "lead_adf_vehicles_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "lead_adf_phones_order_idx" ON "lead_adf_phones" USING btree ("_order");
  CREATE INDEX "lead_adf_phones_parent_id_idx" ON "lead_adf_phones" USING btree ("_parent_id");
  CREATE INDEX "lead_adf_vehicles_order_idx" ON "lead_adf_vehicles" USING btree ("_order");
  CREATE INDEX "lead_adf_vehicles_parent_id_idx" ON "lead_adf_vehicles" USING btree ("_parent_id");
  CREATE INDEX "lead_adf_vehicles_vehicle_idx" ON "lead_adf_vehicles" USING btree ("vehicle_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "lead_adf_phones" CASCADE;
  DROP TABLE "lead_adf_vehicles" CASCADE;
  ALTER TABLE "webhook_endpoints_events" ALTER COLUMN "value" SET DATA TYPE text;
  DROP TYPE "public"."enum_webhook_event_type";
  CREATE TYPE "public"."enum_webhook_event_type" AS ENUM('lead_event.created', 'lead_event.updated', 'vdp_email.updated', 'credit_app.created', 'credit_app.submission_status_changed', 'consumer.created', 'deal.created', 'deal.updated', 'error.created');
  ALTER TABLE "webhook_endpoints_events" ALTER COLUMN "value" SET DATA TYPE "public"."enum_webhook_event_type" USING "value"::"public"."enum_webhook_event_type";
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "event" SET DATA TYPE text;
  DROP TYPE "public"."enum_webhook_delivery_event";
  CREATE TYPE "public"."enum_webhook_delivery_event" AS ENUM('lead_event.created', 'lead_event.updated', 'vdp_email.updated', 'credit_app.created', 'credit_app.submission_status_changed', 'consumer.created', 'deal.created', 'deal.updated', 'error.created');
  ALTER TABLE "webhook_deliveries" ALTER COLUMN "event" SET DATA TYPE "public"."enum_webhook_delivery_event" USING "event"::"public"."enum_webhook_delivery_event";
  ALTER TABLE "lead" DROP COLUMN "adf_origin";
  ALTER TABLE "lead" DROP COLUMN "adf_status";
  ALTER TABLE "lead" DROP COLUMN "adf_request_date";
  ALTER TABLE "lead" DROP COLUMN "adf_prospect_id";
  ALTER TABLE "lead" DROP COLUMN "adf_prospect_id_source";
  ALTER TABLE "lead" DROP COLUMN "adf_middle_name";
  ALTER TABLE "lead" DROP COLUMN "adf_suffix";
  ALTER TABLE "lead" DROP COLUMN "adf_address_street";
  ALTER TABLE "lead" DROP COLUMN "adf_address_apartment";
  ALTER TABLE "lead" DROP COLUMN "adf_address_city";
  ALTER TABLE "lead" DROP COLUMN "adf_address_region_code";
  ALTER TABLE "lead" DROP COLUMN "adf_address_postal_code";
  ALTER TABLE "lead" DROP COLUMN "adf_address_country";
  ALTER TABLE "lead" DROP COLUMN "adf_address_type";
  ALTER TABLE "lead" DROP COLUMN "adf_timeframe_description";
  ALTER TABLE "lead" DROP COLUMN "adf_timeframe_earliest_date";
  ALTER TABLE "lead" DROP COLUMN "adf_timeframe_latest_date";
  ALTER TABLE "lead" DROP COLUMN "adf_comments";
  ALTER TABLE "lead" DROP COLUMN "adf_vendor_id";
  ALTER TABLE "lead" DROP COLUMN "adf_vendor_name";
  ALTER TABLE "lead" DROP COLUMN "adf_provider_id";
  ALTER TABLE "lead" DROP COLUMN "adf_provider_name";
  ALTER TABLE "lead" DROP COLUMN "adf_provider_service";
  ALTER TABLE "lead" DROP COLUMN "adf_provider_url";
  ALTER TABLE "lead" DROP COLUMN "adf_provider_email";
  ALTER TABLE "lead" DROP COLUMN "adf_provider_phone";
  ALTER TABLE "lead" DROP COLUMN "adf_document";
  ALTER TABLE "webhook_endpoints" DROP COLUMN "format";
  DROP TYPE "public"."enum_lead_adf_phone_type";
  DROP TYPE "public"."enum_lead_adf_phone_time";
  DROP TYPE "public"."enum_lead_adf_interest";
  DROP TYPE "public"."enum_lead_adf_vehicle_status";
  DROP TYPE "public"."enum_lead_adf_price_type";
  DROP TYPE "public"."enum_lead_adf_finance_method";
  DROP TYPE "public"."enum_lead_adf_origin";
  DROP TYPE "public"."enum_lead_adf_status";
  DROP TYPE "public"."enum_lead_adf_address_type";
  DROP TYPE "public"."enum_webhook_endpoint_format";`)
}
