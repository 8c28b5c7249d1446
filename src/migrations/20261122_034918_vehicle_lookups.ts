import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "listing_photos" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"image_id" integer,
  	"url" varchar
  );
  
  CREATE TABLE "listing_exterior_colors" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"hex" varchar NOT NULL
  );
  
  CREATE TABLE "listing_interior_colors" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"hex" varchar NOT NULL
  );
  
  CREATE TABLE "listing_options" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"description" varchar NOT NULL
  );
  
  CREATE TABLE "listing_specs" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"category" varchar NOT NULL,
  	"feature" varchar NOT NULL,
  	"value" varchar,
  	"available" boolean DEFAULT true
  );
  
  CREATE TABLE "listing" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"vin" varchar NOT NULL,
  	"year" numeric,
  	"make" varchar,
  	"model" varchar,
  	"trim" varchar,
  	"series" varchar,
  	"style" varchar,
  	"drivetrain" varchar,
  	"engine" varchar,
  	"transmission" varchar,
  	"fuel" varchar,
  	"doors" numeric,
  	"seats" numeric,
  	"used" boolean DEFAULT false,
  	"cpo" boolean DEFAULT false,
  	"price" numeric,
  	"miles" numeric,
  	"history_report_url" varchar,
  	"base_invoice" numeric,
  	"options_msrp" numeric,
  	"combined_mpg" numeric,
  	"kwh_per100_miles" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "media" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"alt" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  CREATE TABLE "lookup_cache" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"value" jsonb NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "tco_settings_states" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"state" varchar NOT NULL,
  	"sales_tax_percent" numeric,
  	"sales_tax_cap" numeric,
  	"gas_price" numeric,
  	"electricity_price" numeric,
  	"insurance_factor" numeric,
  	"title_fee" numeric,
  	"registration_fee" numeric
  );
  
  CREATE TABLE "tco_settings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"miles_per_year" numeric,
  	"down_payment_percent" numeric,
  	"term_months" numeric,
  	"apr_new_percent" numeric,
  	"apr_used_percent" numeric,
  	"fuel_growth_percent" numeric,
  	"insurance_growth_percent" numeric,
  	"insurance_base" numeric,
  	"title_fee" numeric,
  	"registration_fee" numeric,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "vehicle_spec" ADD COLUMN "msrp" numeric;
  ALTER TABLE "vehicle_spec" ADD COLUMN "invoice" numeric;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "listing_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "media_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "lookup_cache_id" integer;
  ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "listing_exterior_colors" ADD CONSTRAINT "listing_exterior_colors_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "listing_interior_colors" ADD CONSTRAINT "listing_interior_colors_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "listing_options" ADD CONSTRAINT "listing_options_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "listing_specs" ADD CONSTRAINT "listing_specs_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "tco_settings_states" ADD CONSTRAINT "tco_settings_states_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."tco_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "listing_photos_order_idx" ON "listing_photos" USING btree ("_order");
  CREATE INDEX "listing_photos_parent_id_idx" ON "listing_photos" USING btree ("_parent_id");
  CREATE INDEX "listing_photos_image_idx" ON "listing_photos" USING btree ("image_id");
  CREATE INDEX "listing_exterior_colors_order_idx" ON "listing_exterior_colors" USING btree ("_order");
  CREATE INDEX "listing_exterior_colors_parent_id_idx" ON "listing_exterior_colors" USING btree ("_parent_id");
  CREATE INDEX "listing_interior_colors_order_idx" ON "listing_interior_colors" USING btree ("_order");
  CREATE INDEX "listing_interior_colors_parent_id_idx" ON "listing_interior_colors" USING btree ("_parent_id");
  CREATE INDEX "listing_options_order_idx" ON "listing_options" USING btree ("_order");
  CREATE INDEX "listing_options_parent_id_idx" ON "listing_options" USING btree ("_parent_id");
  CREATE INDEX "listing_specs_order_idx" ON "listing_specs" USING btree ("_order");
  CREATE INDEX "listing_specs_parent_id_idx" ON "listing_specs" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "listing_vin_idx" ON "listing" USING btree ("vin");
  CREATE INDEX "listing_updated_at_idx" ON "listing" USING btree ("updated_at");
  CREATE INDEX "listing_created_at_idx" ON "listing" USING btree ("created_at");
  CREATE INDEX "media_updated_at_idx" ON "media" USING btree ("updated_at");
  CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at");
  CREATE UNIQUE INDEX "media_filename_idx" ON "media" USING btree ("filename");
  CREATE UNIQUE INDEX "lookup_cache_key_idx" ON "lookup_cache" USING btree ("key");
  CREATE INDEX "lookup_cache_expires_at_idx" ON "lookup_cache" USING btree ("expires_at");
  CREATE INDEX "lookup_cache_updated_at_idx" ON "lookup_cache" USING btree ("updated_at");
  CREATE INDEX "lookup_cache_created_at_idx" ON "lookup_cache" USING btree ("created_at");
  CREATE INDEX "tco_settings_states_order_idx" ON "tco_settings_states" USING btree ("_order");
  CREATE INDEX "tco_settings_states_parent_id_idx" ON "tco_settings_states" USING btree ("_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_listing_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listing"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_media_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_lookup_cache_fk" FOREIGN KEY ("lookup_cache_id") REFERENCES "public"."lookup_cache"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_listing_id_idx" ON "payload_locked_documents_rels" USING btree ("listing_id");
  CREATE INDEX "payload_locked_documents_rels_media_id_idx" ON "payload_locked_documents_rels" USING btree ("media_id");
  CREATE INDEX "payload_locked_documents_rels_lookup_cache_id_idx" ON "payload_locked_documents_rels" USING btree ("lookup_cache_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "listing_photos" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "listing_exterior_colors" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "listing_interior_colors" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "listing_options" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "listing_specs" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "listing" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "media" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "lookup_cache" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "tco_settings_states" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "tco_settings" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "listing_photos" CASCADE;
  DROP TABLE "listing_exterior_colors" CASCADE;
  DROP TABLE "listing_interior_colors" CASCADE;
  DROP TABLE "listing_options" CASCADE;
  DROP TABLE "listing_specs" CASCADE;
  DROP TABLE "listing" CASCADE;
  DROP TABLE "media" CASCADE;
  DROP TABLE "lookup_cache" CASCADE;
  DROP TABLE "tco_settings_states" CASCADE;
  DROP TABLE "tco_settings" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_listing_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_media_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_lookup_cache_fk";
  
  DROP INDEX "payload_locked_documents_rels_listing_id_idx";
  DROP INDEX "payload_locked_documents_rels_media_id_idx";
  DROP INDEX "payload_locked_documents_rels_lookup_cache_id_idx";
  ALTER TABLE "vehicle_spec" DROP COLUMN "msrp";
  ALTER TABLE "vehicle_spec" DROP COLUMN "invoice";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "listing_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "media_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "lookup_cache_id";`)
}
