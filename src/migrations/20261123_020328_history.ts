import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "_credit_app_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" varchar,
  	"version_pre_approval_id" varchar NOT NULL,
  	"version_consumer_id" varchar NOT NULL,
  	"version_vehicle_id" varchar NOT NULL,
  	"version_provider" "enum_credit_provider",
  	"version_to_provider" boolean DEFAULT false,
  	"version_provider_response" jsonb,
  	"version_provider_submission_status" "enum_credit_app_submission_status",
  	"version_provider_submission_attempts" numeric,
  	"version_provider_submission_message" varchar,
  	"version_provider_submission_provider_reference" varchar,
  	"version_provider_submission_idempotency_key" varchar,
  	"version_provider_submission_queued_at" timestamp(3) with time zone,
  	"version_provider_submission_last_attempt_at" timestamp(3) with time zone,
  	"version_provider_submission_next_attempt_at" timestamp(3) with time zone,
  	"version_provider_submission_completed_at" timestamp(3) with time zone,
  	"version_first_name" varchar,
  	"version_last_name" varchar,
  	"version_ssn" varchar,
  	"version_email" varchar,
  	"version_phone_number" varchar,
  	"version_birth_date" varchar,
  	"version_co_applicant_consumer_id" varchar,
  	"version_co_applicant_first_name" varchar,
  	"version_co_applicant_last_name" varchar,
  	"version_co_applicant_s_s_n" varchar,
  	"version_co_applicant_email" varchar,
  	"version_co_applicant_phone_number" varchar,
  	"version_co_applicant_birth_date" varchar,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_consumer_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" varchar,
  	"version_first_name" varchar NOT NULL,
  	"version_last_name" varchar NOT NULL,
  	"version_birth_date" varchar NOT NULL,
  	"version_phone_number" varchar NOT NULL,
  	"version_email" varchar,
  	"version_ssn" varchar,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_consumer_v_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "_consumer_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"address_id" varchar
  );
  
  CREATE TABLE "_deal_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" varchar,
  	"version_dealer_location_id" varchar,
  	"version_vehicle_id" varchar,
  	"version_customer_id" varchar,
  	"version_co_buyer_or_co_seller_customer_id" varchar,
  	"version_facilitator_id" varchar,
  	"version_facilitator_location_id" varchar,
  	"version_minimum_bid_price" numeric,
  	"version_current_bid_price" numeric,
  	"version_maximum_bid_price" numeric,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_contact_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" varchar,
  	"version_first_name" varchar,
  	"version_last_name" varchar,
  	"version_is_automated_agent" boolean DEFAULT false,
  	"version_address_id" varchar,
  	"version_primary_phone_number" varchar,
  	"version_primary_email" varchar,
  	"version_email" varchar,
  	"version_phone_number" varchar,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_contact_v_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "_company_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" varchar,
  	"version_name" varchar NOT NULL,
  	"version_address" varchar,
  	"version_is_facilitator" boolean DEFAULT false,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_listing_v_version_photos" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"image_id" integer,
  	"url" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_listing_v_version_exterior_colors" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"hex" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_listing_v_version_interior_colors" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"hex" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_listing_v_version_options" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"description" varchar NOT NULL,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_listing_v_version_specs" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"category" varchar NOT NULL,
  	"feature" varchar NOT NULL,
  	"value" varchar,
  	"available" boolean DEFAULT true,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_listing_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_vin" varchar NOT NULL,
  	"version_year" numeric,
  	"version_make" varchar,
  	"version_model" varchar,
  	"version_trim" varchar,
  	"version_series" varchar,
  	"version_style" varchar,
  	"version_drivetrain" varchar,
  	"version_engine" varchar,
  	"version_transmission" varchar,
  	"version_fuel" varchar,
  	"version_doors" numeric,
  	"version_seats" numeric,
  	"version_used" boolean DEFAULT false,
  	"version_cpo" boolean DEFAULT false,
  	"version_price" numeric,
  	"version_miles" numeric,
  	"version_history_report_url" varchar,
  	"version_base_invoice" numeric,
  	"version_options_msrp" numeric,
  	"version_combined_mpg" numeric,
  	"version_kwh_per100_miles" numeric,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_lead_events_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_lead_id" integer,
  	"version_type" "enum_lead_event_type",
  	"version_status" "enum_lead_event_status",
  	"version_next_steps" varchar,
  	"version_created_by_id" integer,
  	"version_current_status_for_id" integer,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_vdp_emails_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_lead_id" integer,
  	"version_created_by_id" integer,
  	"version_last_modified_by_id" integer,
  	"version_vin_count" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "_vdp_emails_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"vin_id" integer
  );
  
  ALTER TABLE "credit_app" ADD COLUMN "last_modified_by_id" integer;
  ALTER TABLE "consumer" ADD COLUMN "last_modified_by_id" integer;
  ALTER TABLE "deal" ADD COLUMN "last_modified_by_id" integer;
  ALTER TABLE "contact" ADD COLUMN "last_modified_by_id" integer;
  ALTER TABLE "company" ADD COLUMN "last_modified_by_id" integer;
  ALTER TABLE "listing" ADD COLUMN "last_modified_by_id" integer;
  ALTER TABLE "lead_events" ADD COLUMN "last_modified_by_id" integer;
  ALTER TABLE "_credit_app_v" ADD CONSTRAINT "_credit_app_v_parent_id_credit_app_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."credit_app"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_credit_app_v" ADD CONSTRAINT "_credit_app_v_version_pre_approval_id_pre_approval_id_fk" FOREIGN KEY ("version_pre_approval_id") REFERENCES "public"."pre_approval"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_credit_app_v" ADD CONSTRAINT "_credit_app_v_version_consumer_id_consumer_id_fk" FOREIGN KEY ("version_consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_credit_app_v" ADD CONSTRAINT "_credit_app_v_version_vehicle_id_vehicle_id_fk" FOREIGN KEY ("version_vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_credit_app_v" ADD CONSTRAINT "_credit_app_v_version_co_applicant_consumer_id_consumer_id_fk" FOREIGN KEY ("version_co_applicant_consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_credit_app_v" ADD CONSTRAINT "_credit_app_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_consumer_v" ADD CONSTRAINT "_consumer_v_parent_id_consumer_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_consumer_v" ADD CONSTRAINT "_consumer_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_consumer_v_texts" ADD CONSTRAINT "_consumer_v_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_consumer_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_consumer_v_rels" ADD CONSTRAINT "_consumer_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_consumer_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_consumer_v_rels" ADD CONSTRAINT "_consumer_v_rels_address_fk" FOREIGN KEY ("address_id") REFERENCES "public"."address"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_parent_id_deal_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."deal"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_version_dealer_location_id_location_id_fk" FOREIGN KEY ("version_dealer_location_id") REFERENCES "public"."location"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_version_vehicle_id_vehicle_id_fk" FOREIGN KEY ("version_vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_version_customer_id_customer_id_fk" FOREIGN KEY ("version_customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_version_co_buyer_or_co_seller_customer_id_customer_id_fk" FOREIGN KEY ("version_co_buyer_or_co_seller_customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_version_facilitator_id_company_id_fk" FOREIGN KEY ("version_facilitator_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_version_facilitator_location_id_location_id_fk" FOREIGN KEY ("version_facilitator_location_id") REFERENCES "public"."location"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_deal_v" ADD CONSTRAINT "_deal_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_contact_v" ADD CONSTRAINT "_contact_v_parent_id_contact_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."contact"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_contact_v" ADD CONSTRAINT "_contact_v_version_address_id_address_id_fk" FOREIGN KEY ("version_address_id") REFERENCES "public"."address"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_contact_v" ADD CONSTRAINT "_contact_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_contact_v_texts" ADD CONSTRAINT "_contact_v_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_contact_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_company_v" ADD CONSTRAINT "_company_v_parent_id_company_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_company_v" ADD CONSTRAINT "_company_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_listing_v_version_photos" ADD CONSTRAINT "_listing_v_version_photos_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_listing_v_version_photos" ADD CONSTRAINT "_listing_v_version_photos_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_listing_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_listing_v_version_exterior_colors" ADD CONSTRAINT "_listing_v_version_exterior_colors_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_listing_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_listing_v_version_interior_colors" ADD CONSTRAINT "_listing_v_version_interior_colors_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_listing_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_listing_v_version_options" ADD CONSTRAINT "_listing_v_version_options_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_listing_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_listing_v_version_specs" ADD CONSTRAINT "_listing_v_version_specs_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_listing_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_listing_v" ADD CONSTRAINT "_listing_v_parent_id_listing_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."listing"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_listing_v" ADD CONSTRAINT "_listing_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_events_v" ADD CONSTRAINT "_lead_events_v_parent_id_lead_events_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lead_events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_events_v" ADD CONSTRAINT "_lead_events_v_version_lead_id_lead_id_fk" FOREIGN KEY ("version_lead_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_events_v" ADD CONSTRAINT "_lead_events_v_version_created_by_id_users_id_fk" FOREIGN KEY ("version_created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_events_v" ADD CONSTRAINT "_lead_events_v_version_current_status_for_id_lead_id_fk" FOREIGN KEY ("version_current_status_for_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_events_v" ADD CONSTRAINT "_lead_events_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_vdp_emails_v" ADD CONSTRAINT "_vdp_emails_v_parent_id_vdp_emails_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."vdp_emails"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_vdp_emails_v" ADD CONSTRAINT "_vdp_emails_v_version_lead_id_lead_id_fk" FOREIGN KEY ("version_lead_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_vdp_emails_v" ADD CONSTRAINT "_vdp_emails_v_version_created_by_id_users_id_fk" FOREIGN KEY ("version_created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_vdp_emails_v" ADD CONSTRAINT "_vdp_emails_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_vdp_emails_v_rels" ADD CONSTRAINT "_vdp_emails_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_vdp_emails_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_vdp_emails_v_rels" ADD CONSTRAINT "_vdp_emails_v_rels_vin_fk" FOREIGN KEY ("vin_id") REFERENCES "public"."vin"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "_credit_app_v_parent_idx" ON "_credit_app_v" USING btree ("parent_id");
  CREATE INDEX "_credit_app_v_version_version_pre_approval_idx" ON "_credit_app_v" USING btree ("version_pre_approval_id");
  CREATE INDEX "_credit_app_v_version_version_consumer_idx" ON "_credit_app_v" USING btree ("version_consumer_id");
  CREATE INDEX "_credit_app_v_version_version_vehicle_idx" ON "_credit_app_v" USING btree ("version_vehicle_id");
  CREATE INDEX "_credit_app_v_version_version_co_applicant_consumer_idx" ON "_credit_app_v" USING btree ("version_co_applicant_consumer_id");
  CREATE INDEX "_credit_app_v_version_version_last_modified_by_idx" ON "_credit_app_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_credit_app_v_version_version_updated_at_idx" ON "_credit_app_v" USING btree ("version_updated_at");
  CREATE INDEX "_credit_app_v_version_version_created_at_idx" ON "_credit_app_v" USING btree ("version_created_at");
  CREATE INDEX "_credit_app_v_created_at_idx" ON "_credit_app_v" USING btree ("created_at");
  CREATE INDEX "_credit_app_v_updated_at_idx" ON "_credit_app_v" USING btree ("updated_at");
  CREATE INDEX "_consumer_v_parent_idx" ON "_consumer_v" USING btree ("parent_id");
  CREATE INDEX "_consumer_v_version_version_last_name_idx" ON "_consumer_v" USING btree ("version_last_name");
  CREATE INDEX "_consumer_v_version_version_phone_number_idx" ON "_consumer_v" USING btree ("version_phone_number");
  CREATE INDEX "_consumer_v_version_version_email_idx" ON "_consumer_v" USING btree ("version_email");
  CREATE INDEX "_consumer_v_version_version_last_modified_by_idx" ON "_consumer_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_consumer_v_version_version_updated_at_idx" ON "_consumer_v" USING btree ("version_updated_at");
  CREATE INDEX "_consumer_v_version_version_created_at_idx" ON "_consumer_v" USING btree ("version_created_at");
  CREATE INDEX "_consumer_v_created_at_idx" ON "_consumer_v" USING btree ("created_at");
  CREATE INDEX "_consumer_v_updated_at_idx" ON "_consumer_v" USING btree ("updated_at");
  CREATE INDEX "_consumer_v_texts_order_parent" ON "_consumer_v_texts" USING btree ("order","parent_id");
  CREATE INDEX "_consumer_v_texts_parent_idx" ON "_consumer_v_texts" USING btree ("parent_id");
  CREATE INDEX "_consumer_v_rels_order_idx" ON "_consumer_v_rels" USING btree ("order");
  CREATE INDEX "_consumer_v_rels_parent_idx" ON "_consumer_v_rels" USING btree ("parent_id");
  CREATE INDEX "_consumer_v_rels_path_idx" ON "_consumer_v_rels" USING btree ("path");
  CREATE INDEX "_consumer_v_rels_address_id_idx" ON "_consumer_v_rels" USING btree ("address_id");
  CREATE INDEX "_deal_v_parent_idx" ON "_deal_v" USING btree ("parent_id");
  CREATE INDEX "_deal_v_version_dealer_version_dealer_location_idx" ON "_deal_v" USING btree ("version_dealer_location_id");
  CREATE INDEX "_deal_v_version_version_vehicle_idx" ON "_deal_v" USING btree ("version_vehicle_id");
  CREATE INDEX "_deal_v_version_version_customer_idx" ON "_deal_v" USING btree ("version_customer_id");
  CREATE INDEX "_deal_v_version_version_co_buyer_or_co_seller_customer_idx" ON "_deal_v" USING btree ("version_co_buyer_or_co_seller_customer_id");
  CREATE INDEX "_deal_v_version_version_facilitator_idx" ON "_deal_v" USING btree ("version_facilitator_id");
  CREATE INDEX "_deal_v_version_version_facilitator_location_idx" ON "_deal_v" USING btree ("version_facilitator_location_id");
  CREATE INDEX "_deal_v_version_version_last_modified_by_idx" ON "_deal_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_deal_v_version_version_updated_at_idx" ON "_deal_v" USING btree ("version_updated_at");
  CREATE INDEX "_deal_v_version_version_created_at_idx" ON "_deal_v" USING btree ("version_created_at");
  CREATE INDEX "_deal_v_created_at_idx" ON "_deal_v" USING btree ("created_at");
  CREATE INDEX "_deal_v_updated_at_idx" ON "_deal_v" USING btree ("updated_at");
  CREATE INDEX "_contact_v_parent_idx" ON "_contact_v" USING btree ("parent_id");
  CREATE INDEX "_contact_v_version_version_last_name_idx" ON "_contact_v" USING btree ("version_last_name");
  CREATE INDEX "_contact_v_version_version_address_idx" ON "_contact_v" USING btree ("version_address_id");
  CREATE INDEX "_contact_v_version_version_primary_email_idx" ON "_contact_v" USING btree ("version_primary_email");
  CREATE INDEX "_contact_v_version_version_last_modified_by_idx" ON "_contact_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_contact_v_version_version_updated_at_idx" ON "_contact_v" USING btree ("version_updated_at");
  CREATE INDEX "_contact_v_version_version_created_at_idx" ON "_contact_v" USING btree ("version_created_at");
  CREATE INDEX "_contact_v_created_at_idx" ON "_contact_v" USING btree ("created_at");
  CREATE INDEX "_contact_v_updated_at_idx" ON "_contact_v" USING btree ("updated_at");
  CREATE INDEX "_contact_v_texts_order_parent" ON "_contact_v_texts" USING btree ("order","parent_id");
  CREATE INDEX "_contact_v_texts_parent_idx" ON "_contact_v_texts" USING btree ("parent_id");
  CREATE INDEX "_company_v_parent_idx" ON "_company_v" USING btree ("parent_id");
  CREATE INDEX "_company_v_version_version_name_idx" ON "_company_v" USING btree ("version_name");
  CREATE INDEX "_company_v_version_version_is_facilitator_idx" ON "_company_v" USING btree ("version_is_facilitator");
  CREATE INDEX "_company_v_version_version_last_modified_by_idx" ON "_company_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_company_v_version_version_updated_at_idx" ON "_company_v" USING btree ("version_updated_at");
  CREATE INDEX "_company_v_version_version_created_at_idx" ON "_company_v" USING btree ("version_created_at");
  CREATE INDEX "_company_v_created_at_idx" ON "_company_v" USING btree ("created_at");
  CREATE INDEX "_company_v_updated_at_idx" ON "_company_v" USING btree ("updated_at");
  CREATE INDEX "_listing_v_version_photos_order_idx" ON "_listing_v_version_photos" USING btree ("_order");
  CREATE INDEX "_listing_v_version_photos_parent_id_idx" ON "_listing_v_version_photos" USING btree ("_parent_id");
  CREATE INDEX "_listing_v_version_photos_image_idx" ON "_listing_v_version_photos" USING btree ("image_id");
  CREATE INDEX "_listing_v_version_exterior_colors_order_idx" ON "_listing_v_version_exterior_colors" USING btree ("_order");
  CREATE INDEX "_listing_v_version_exterior_colors_parent_id_idx" ON "_listing_v_version_exterior_colors" USING btree ("_parent_id");
  CREATE INDEX "_listing_v_version_interior_colors_order_idx" ON "_listing_v_version_interior_colors" USING btree ("_order");
  CREATE INDEX "_listing_v_version_interior_colors_parent_id_idx" ON "_listing_v_version_interior_colors" USING btree ("_parent_id");
  CREATE INDEX "_listing_v_version_options_order_idx" ON "_listing_v_version_options" USING btree ("_order");
  CREATE INDEX "_listing_v_version_options_parent_id_idx" ON "_listing_v_version_options" USING btree ("_parent_id");
  CREATE INDEX "_listing_v_version_specs_order_idx" ON "_listing_v_version_specs" USING btree ("_order");
  CREATE INDEX "_listing_v_version_specs_parent_id_idx" ON "_listing_v_version_specs" USING btree ("_parent_id");
  CREATE INDEX "_listing_v_parent_idx" ON "_listing_v" USING btree ("parent_id");
  CREATE INDEX "_listing_v_version_version_vin_idx" ON "_listing_v" USING btree ("version_vin");
  CREATE INDEX "_listing_v_version_version_last_modified_by_idx" ON "_listing_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_listing_v_version_version_updated_at_idx" ON "_listing_v" USING btree ("version_updated_at");
  CREATE INDEX "_listing_v_version_version_created_at_idx" ON "_listing_v" USING btree ("version_created_at");
  CREATE INDEX "_listing_v_created_at_idx" ON "_listing_v" USING btree ("created_at");
  CREATE INDEX "_listing_v_updated_at_idx" ON "_listing_v" USING btree ("updated_at");
  CREATE INDEX "_lead_events_v_parent_idx" ON "_lead_events_v" USING btree ("parent_id");
  CREATE INDEX "_lead_events_v_version_version_lead_idx" ON "_lead_events_v" USING btree ("version_lead_id");
  CREATE INDEX "_lead_events_v_version_version_type_idx" ON "_lead_events_v" USING btree ("version_type");
  CREATE INDEX "_lead_events_v_version_version_status_idx" ON "_lead_events_v" USING btree ("version_status");
  CREATE INDEX "_lead_events_v_version_version_created_by_idx" ON "_lead_events_v" USING btree ("version_created_by_id");
  CREATE INDEX "_lead_events_v_version_version_current_status_for_idx" ON "_lead_events_v" USING btree ("version_current_status_for_id");
  CREATE INDEX "_lead_events_v_version_version_last_modified_by_idx" ON "_lead_events_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_lead_events_v_version_version_updated_at_idx" ON "_lead_events_v" USING btree ("version_updated_at");
  CREATE INDEX "_lead_events_v_version_version_created_at_idx" ON "_lead_events_v" USING btree ("version_created_at");
  CREATE INDEX "_lead_events_v_created_at_idx" ON "_lead_events_v" USING btree ("created_at");
  CREATE INDEX "_lead_events_v_updated_at_idx" ON "_lead_events_v" USING btree ("updated_at");
  CREATE INDEX "_vdp_emails_v_parent_idx" ON "_vdp_emails_v" USING btree ("parent_id");
  CREATE INDEX "_vdp_emails_v_version_version_lead_idx" ON "_vdp_emails_v" USING btree ("version_lead_id");
  CREATE INDEX "_vdp_emails_v_version_version_created_by_idx" ON "_vdp_emails_v" USING btree ("version_created_by_id");
  CREATE INDEX "_vdp_emails_v_version_version_last_modified_by_idx" ON "_vdp_emails_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_vdp_emails_v_version_version_updated_at_idx" ON "_vdp_emails_v" USING btree ("version_updated_at");
  CREATE INDEX "_vdp_emails_v_version_version_created_at_idx" ON "_vdp_emails_v" USING btree ("version_created_at");
  CREATE INDEX "_vdp_emails_v_created_at_idx" ON "_vdp_emails_v" USING btree ("created_at");
  CREATE INDEX "_vdp_emails_v_updated_at_idx" ON "_vdp_emails_v" USING btree ("updated_at");
  CREATE INDEX "_vdp_emails_v_rels_order_idx" ON "_vdp_emails_v_rels" USING btree ("order");
  CREATE INDEX "_vdp_emails_v_rels_parent_idx" ON "_vdp_emails_v_rels" USING btree ("parent_id");
  CREATE INDEX "_vdp_emails_v_rels_path_idx" ON "_vdp_emails_v_rels" USING btree ("path");
  CREATE INDEX "_vdp_emails_v_rels_vin_id_idx" ON "_vdp_emails_v_rels" USING btree ("vin_id");
  ALTER TABLE "credit_app" ADD CONSTRAINT "credit_app_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consumer" ADD CONSTRAINT "consumer_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deal" ADD CONSTRAINT "deal_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contact" ADD CONSTRAINT "contact_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "company" ADD CONSTRAINT "company_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "listing" ADD CONSTRAINT "listing_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "credit_app_last_modified_by_idx" ON "credit_app" USING btree ("last_modified_by_id");
  CREATE INDEX "consumer_last_modified_by_idx" ON "consumer" USING btree ("last_modified_by_id");
  CREATE INDEX "deal_last_modified_by_idx" ON "deal" USING btree ("last_modified_by_id");
  CREATE INDEX "contact_last_modified_by_idx" ON "contact" USING btree ("last_modified_by_id");
  CREATE INDEX "company_last_modified_by_idx" ON "company" USING btree ("last_modified_by_id");
  CREATE INDEX "listing_last_modified_by_idx" ON "listing" USING btree ("last_modified_by_id");
  CREATE INDEX "lead_events_last_modified_by_idx" ON "lead_events" USING btree ("last_modified_by_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "_credit_app_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_consumer_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_consumer_v_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_consumer_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_deal_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_contact_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_contact_v_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_company_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_listing_v_version_photos" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_listing_v_version_exterior_colors" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_listing_v_version_interior_colors" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_listing_v_version_options" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_listing_v_version_specs" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_listing_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_lead_events_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_vdp_emails_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_vdp_emails_v_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_credit_app_v" CASCADE;
  DROP TABLE "_consumer_v" CASCADE;
  DROP TABLE "_consumer_v_texts" CASCADE;
  DROP TABLE "_consumer_v_rels" CASCADE;
  DROP TABLE "_deal_v" CASCADE;
  DROP TABLE "_contact_v" CASCADE;
  DROP TABLE "_contact_v_texts" CASCADE;
  DROP TABLE "_company_v" CASCADE;
  DROP TABLE "_listing_v_version_photos" CASCADE;
  DROP TABLE "_listing_v_version_exterior_colors" CASCADE;
  DROP TABLE "_listing_v_version_interior_colors" CASCADE;
  DROP TABLE "_listing_v_version_options" CASCADE;
  DROP TABLE "_listing_v_version_specs" CASCADE;
  DROP TABLE "_listing_v" CASCADE;
  DROP TABLE "_lead_events_v" CASCADE;
  DROP TABLE "_vdp_emails_v" CASCADE;
  DROP TABLE "_vdp_emails_v_rels" CASCADE;
  ALTER TABLE "credit_app" DROP CONSTRAINT "credit_app_last_modified_by_id_users_id_fk";
  
  ALTER TABLE "consumer" DROP CONSTRAINT "consumer_last_modified_by_id_users_id_fk";
  
  ALTER TABLE "deal" DROP CONSTRAINT "deal_last_modified_by_id_users_id_fk";
  
  ALTER TABLE "contact" DROP CONSTRAINT "contact_last_modified_by_id_users_id_fk";
  
  ALTER TABLE "company" DROP CONSTRAINT "company_last_modified_by_id_users_id_fk";
  
  ALTER TABLE "listing" DROP CONSTRAINT "listing_last_modified_by_id_users_id_fk";
  
  ALTER TABLE "lead_events" DROP CONSTRAINT "lead_events_last_modified_by_id_users_id_fk";
  
  DROP INDEX "credit_app_last_modified_by_idx";
  DROP INDEX "consumer_last_modified_by_idx";
  DROP INDEX "deal_last_modified_by_idx";
  DROP INDEX "contact_last_modified_by_idx";
  DROP INDEX "company_last_modified_by_idx";
  DROP INDEX "listing_last_modified_by_idx";
  DROP INDEX "lead_events_last_modified_by_idx";
  ALTER TABLE "credit_app" DROP COLUMN "last_modified_by_id";
  ALTER TABLE "consumer" DROP COLUMN "last_modified_by_id";
  ALTER TABLE "deal" DROP COLUMN "last_modified_by_id";
  ALTER TABLE "contact" DROP COLUMN "last_modified_by_id";
  ALTER TABLE "company" DROP COLUMN "last_modified_by_id";
  ALTER TABLE "listing" DROP COLUMN "last_modified_by_id";
  ALTER TABLE "lead_events" DROP COLUMN "last_modified_by_id";`)
}
