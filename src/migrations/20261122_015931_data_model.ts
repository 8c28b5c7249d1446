import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_credit_provider" AS ENUM('provider_a', 'provider_b');
  CREATE TYPE "public"."enum_lead_event_type" AS ENUM('Cancel', 'Customer Answered', 'Customer Call', 'Customer DNC Request', 'Customer Email', 'Customer Needs More Options', 'Customer Search Provided', 'Customer Selects Vehicle', 'Customer Text', 'Lead Created', 'Loan Service Redirect', 'Outbound Email', 'Outbound Phone Call', 'Outbound Phone Call Answered', 'Outbound Phone Call Not Answered', 'Outbound Text', 'Outbound Voicemail Left', 'Scheduled Call', 'Search Results Found', 'Status Check', 'Time Passed');
  CREATE TYPE "public"."enum_lead_event_status" AS ENUM('Provide Customer With Three Options', 'Customer Provided Options', 'Answer Text Message', 'Had Conversation', 'Intake Form Submitted', 'Send Text Message', 'Send Text Template 1', 'Waiting For Meeting', 'Call Customer', 'First Communication Attempt', 'First Communication Attempt (phone and text)', 'Searching', 'Second Communication Attempt', 'Send Text Nudge 1', 'Waiting For Email Response', 'Looking For Financing', 'Customer Not Interested', 'No Contact', 'Customer Not Responding', 'Customer Interested');
  CREATE TABLE "credit_app" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"pre_approval_id" varchar NOT NULL,
  	"consumer_id" varchar NOT NULL,
  	"vehicle_id" varchar NOT NULL,
  	"provider" "enum_credit_provider",
  	"to_provider" boolean,
  	"provider_response" jsonb,
  	"first_name" varchar,
  	"last_name" varchar,
  	"ssn" varchar,
  	"email" varchar,
  	"phone_number" varchar,
  	"birth_date" varchar,
  	"co_applicant_consumer_id" varchar,
  	"co_applicant_first_name" varchar,
  	"co_applicant_last_name" varchar,
  	"co_applicant_s_s_n" varchar,
  	"co_applicant_email" varchar,
  	"co_applicant_phone_number" varchar,
  	"co_applicant_birth_date" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "pre_approval" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"valid_until_time" timestamp(3) with time zone NOT NULL,
  	"credit_band_id" varchar NOT NULL,
  	"consumer_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "credit_band" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"minimum_credit_score" numeric,
  	"maximum_credit_score" numeric,
  	"is_unknown" boolean,
  	"is_n_s" boolean,
  	"is_prime" boolean,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "credit_report" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"credit_score" numeric,
  	"time" timestamp(3) with time zone,
  	"credit_band_id" varchar,
  	"pre_approval_id" varchar,
  	"has_unknown_score" boolean,
  	"has_n_s" boolean,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "consumer" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"first_name" varchar NOT NULL,
  	"last_name" varchar NOT NULL,
  	"birth_date" varchar NOT NULL,
  	"phone_number" varchar NOT NULL,
  	"email" varchar,
  	"ssn" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "consumer_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "consumer_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"address_id" varchar
  );
  
  CREATE TABLE "deal" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"dealer_location_id" varchar,
  	"vehicle_id" varchar,
  	"customer_id" varchar,
  	"co_buyer_or_co_seller_customer_id" varchar,
  	"facilitator_id" varchar,
  	"facilitator_location_id" varchar,
  	"minimum_bid_price" numeric,
  	"current_bid_price" numeric,
  	"maximum_bid_price" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "customer" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "customer_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "customer_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"address_id" varchar
  );
  
  CREATE TABLE "contact" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"first_name" varchar,
  	"last_name" varchar,
  	"is_automated_agent" boolean,
  	"address_id" varchar,
  	"primary_phone_number" varchar,
  	"primary_email" varchar,
  	"email" varchar,
  	"phone_number" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "contact_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "company" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"address" varchar,
  	"is_facilitator" boolean,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "location" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"company_id_id" varchar NOT NULL,
  	"line1" varchar NOT NULL,
  	"line2" varchar,
  	"city_id" varchar NOT NULL,
  	"zip" varchar NOT NULL,
  	"address" varchar,
  	"phone" varchar,
  	"latitude" numeric,
  	"longitude" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "address" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"line1" varchar NOT NULL,
  	"line2" varchar,
  	"zip" varchar NOT NULL,
  	"city_id" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "city" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"state_id" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "state" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"name" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "web_event" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"anonymous_id" varchar,
  	"account_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "account" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"lead" varchar,
  	"consumer_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "account_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "vehicle" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"vin" varchar NOT NULL,
  	"year" numeric NOT NULL,
  	"make" varchar NOT NULL,
  	"model" varchar NOT NULL,
  	"trim" varchar,
  	"engine" varchar NOT NULL,
  	"drivetrain" varchar NOT NULL,
  	"body_style" varchar NOT NULL,
  	"transmission" varchar NOT NULL,
  	"seat_count" numeric,
  	"door_count" numeric,
  	"interior_color" varchar,
  	"exterior_color" varchar,
  	"spec_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "vehicle_spec" (
  	"id" varchar PRIMARY KEY NOT NULL,
  	"year" numeric NOT NULL,
  	"make" varchar NOT NULL,
  	"model" varchar NOT NULL,
  	"trim" varchar,
  	"engine" varchar NOT NULL,
  	"drivetrain" varchar NOT NULL,
  	"body_style" varchar NOT NULL,
  	"transmission" varchar NOT NULL,
  	"squish_vin" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "vehicle_spec_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "lead" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"first_name" varchar,
  	"last_name" varchar,
  	"email" varchar,
  	"phone_number" varchar,
  	"source" varchar,
  	"consumer_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "lead_events" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"lead_id" integer,
  	"type" "enum_lead_event_type",
  	"status" "enum_lead_event_status",
  	"next_steps" varchar,
  	"created_by_id" integer,
  	"current_status_for_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "vdp_emails" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"lead_id" integer,
  	"created_by_id" integer,
  	"last_modified_by_id" integer,
  	"vin_count" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "vdp_emails_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"vin_id" integer
  );
  
  CREATE TABLE "vin" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"vin" varchar NOT NULL,
  	"vehicle_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "errors" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"message" varchar NOT NULL,
  	"stack" varchar,
  	"digest" varchar,
  	"url" varchar,
  	"source" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "credit_app_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "pre_approval_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "credit_band_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "credit_report_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "consumer_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "deal_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "customer_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "contact_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "company_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "location_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "address_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "city_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "state_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "web_event_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "account_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "vehicle_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "vehicle_spec_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "lead_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "lead_events_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "vdp_emails_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "vin_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "errors_id" integer;
  ALTER TABLE "credit_app" ADD CONSTRAINT "credit_app_pre_approval_id_pre_approval_id_fk" FOREIGN KEY ("pre_approval_id") REFERENCES "public"."pre_approval"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "credit_app" ADD CONSTRAINT "credit_app_consumer_id_consumer_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "credit_app" ADD CONSTRAINT "credit_app_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "credit_app" ADD CONSTRAINT "credit_app_co_applicant_consumer_id_consumer_id_fk" FOREIGN KEY ("co_applicant_consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pre_approval" ADD CONSTRAINT "pre_approval_credit_band_id_credit_band_id_fk" FOREIGN KEY ("credit_band_id") REFERENCES "public"."credit_band"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pre_approval" ADD CONSTRAINT "pre_approval_consumer_id_consumer_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "credit_report" ADD CONSTRAINT "credit_report_credit_band_id_credit_band_id_fk" FOREIGN KEY ("credit_band_id") REFERENCES "public"."credit_band"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "credit_report" ADD CONSTRAINT "credit_report_pre_approval_id_pre_approval_id_fk" FOREIGN KEY ("pre_approval_id") REFERENCES "public"."pre_approval"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consumer_texts" ADD CONSTRAINT "consumer_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."consumer"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "consumer_rels" ADD CONSTRAINT "consumer_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."consumer"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "consumer_rels" ADD CONSTRAINT "consumer_rels_address_fk" FOREIGN KEY ("address_id") REFERENCES "public"."address"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "deal" ADD CONSTRAINT "deal_dealer_location_id_location_id_fk" FOREIGN KEY ("dealer_location_id") REFERENCES "public"."location"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deal" ADD CONSTRAINT "deal_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deal" ADD CONSTRAINT "deal_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deal" ADD CONSTRAINT "deal_co_buyer_or_co_seller_customer_id_customer_id_fk" FOREIGN KEY ("co_buyer_or_co_seller_customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deal" ADD CONSTRAINT "deal_facilitator_id_company_id_fk" FOREIGN KEY ("facilitator_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "deal" ADD CONSTRAINT "deal_facilitator_location_id_location_id_fk" FOREIGN KEY ("facilitator_location_id") REFERENCES "public"."location"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "customer_texts" ADD CONSTRAINT "customer_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "customer_rels" ADD CONSTRAINT "customer_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "customer_rels" ADD CONSTRAINT "customer_rels_address_fk" FOREIGN KEY ("address_id") REFERENCES "public"."address"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "contact" ADD CONSTRAINT "contact_address_id_address_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."address"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contact_texts" ADD CONSTRAINT "contact_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."contact"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "location" ADD CONSTRAINT "location_company_id_id_company_id_fk" FOREIGN KEY ("company_id_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "location" ADD CONSTRAINT "location_city_id_city_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."city"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "address" ADD CONSTRAINT "address_city_id_city_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."city"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "city" ADD CONSTRAINT "city_state_id_state_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."state"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "web_event" ADD CONSTRAINT "web_event_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "account" ADD CONSTRAINT "account_consumer_id_consumer_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "account_texts" ADD CONSTRAINT "account_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "vehicle" ADD CONSTRAINT "vehicle_spec_id_vehicle_spec_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."vehicle_spec"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "vehicle_spec_texts" ADD CONSTRAINT "vehicle_spec_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."vehicle_spec"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "lead" ADD CONSTRAINT "lead_consumer_id_consumer_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_current_status_for_id_lead_id_fk" FOREIGN KEY ("current_status_for_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "vdp_emails" ADD CONSTRAINT "vdp_emails_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "vdp_emails" ADD CONSTRAINT "vdp_emails_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "vdp_emails" ADD CONSTRAINT "vdp_emails_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "vdp_emails_rels" ADD CONSTRAINT "vdp_emails_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."vdp_emails"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "vdp_emails_rels" ADD CONSTRAINT "vdp_emails_rels_vin_fk" FOREIGN KEY ("vin_id") REFERENCES "public"."vin"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "vin" ADD CONSTRAINT "vin_vehicle_id_vehicle_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "credit_app_pre_approval_idx" ON "credit_app" USING btree ("pre_approval_id");
  CREATE INDEX "credit_app_consumer_idx" ON "credit_app" USING btree ("consumer_id");
  CREATE INDEX "credit_app_vehicle_idx" ON "credit_app" USING btree ("vehicle_id");
  CREATE INDEX "credit_app_co_applicant_consumer_idx" ON "credit_app" USING btree ("co_applicant_consumer_id");
  CREATE INDEX "credit_app_updated_at_idx" ON "credit_app" USING btree ("updated_at");
  CREATE INDEX "credit_app_created_at_idx" ON "credit_app" USING btree ("created_at");
  CREATE INDEX "pre_approval_valid_until_time_idx" ON "pre_approval" USING btree ("valid_until_time");
  CREATE INDEX "pre_approval_credit_band_idx" ON "pre_approval" USING btree ("credit_band_id");
  CREATE INDEX "pre_approval_consumer_idx" ON "pre_approval" USING btree ("consumer_id");
  CREATE INDEX "pre_approval_updated_at_idx" ON "pre_approval" USING btree ("updated_at");
  CREATE INDEX "pre_approval_created_at_idx" ON "pre_approval" USING btree ("created_at");
  CREATE INDEX "credit_band_updated_at_idx" ON "credit_band" USING btree ("updated_at");
  CREATE INDEX "credit_band_created_at_idx" ON "credit_band" USING btree ("created_at");
  CREATE INDEX "credit_report_time_idx" ON "credit_report" USING btree ("time");
  CREATE INDEX "credit_report_credit_band_idx" ON "credit_report" USING btree ("credit_band_id");
  CREATE INDEX "credit_report_pre_approval_idx" ON "credit_report" USING btree ("pre_approval_id");
  CREATE INDEX "credit_report_updated_at_idx" ON "credit_report" USING btree ("updated_at");
  CREATE INDEX "credit_report_created_at_idx" ON "credit_report" USING btree ("created_at");
  CREATE INDEX "consumer_last_name_idx" ON "consumer" USING btree ("last_name");
  CREATE INDEX "consumer_phone_number_idx" ON "consumer" USING btree ("phone_number");
  CREATE INDEX "consumer_email_idx" ON "consumer" USING btree ("email");
  CREATE INDEX "consumer_updated_at_idx" ON "consumer" USING btree ("updated_at");
  CREATE INDEX "consumer_created_at_idx" ON "consumer" USING btree ("created_at");
  CREATE INDEX "consumer_texts_order_parent" ON "consumer_texts" USING btree ("order","parent_id");
  CREATE INDEX "consumer_rels_order_idx" ON "consumer_rels" USING btree ("order");
  CREATE INDEX "consumer_rels_parent_idx" ON "consumer_rels" USING btree ("parent_id");
  CREATE INDEX "consumer_rels_path_idx" ON "consumer_rels" USING btree ("path");
  CREATE INDEX "consumer_rels_address_id_idx" ON "consumer_rels" USING btree ("address_id");
  CREATE INDEX "deal_dealer_dealer_location_idx" ON "deal" USING btree ("dealer_location_id");
  CREATE INDEX "deal_vehicle_idx" ON "deal" USING btree ("vehicle_id");
  CREATE INDEX "deal_customer_idx" ON "deal" USING btree ("customer_id");
  CREATE INDEX "deal_co_buyer_or_co_seller_customer_idx" ON "deal" USING btree ("co_buyer_or_co_seller_customer_id");
  CREATE INDEX "deal_facilitator_idx" ON "deal" USING btree ("facilitator_id");
  CREATE INDEX "deal_facilitator_location_idx" ON "deal" USING btree ("facilitator_location_id");
  CREATE INDEX "deal_updated_at_idx" ON "deal" USING btree ("updated_at");
  CREATE INDEX "deal_created_at_idx" ON "deal" USING btree ("created_at");
  CREATE INDEX "customer_name_idx" ON "customer" USING btree ("name");
  CREATE INDEX "customer_updated_at_idx" ON "customer" USING btree ("updated_at");
  CREATE INDEX "customer_created_at_idx" ON "customer" USING btree ("created_at");
  CREATE INDEX "customer_texts_order_parent" ON "customer_texts" USING btree ("order","parent_id");
  CREATE INDEX "customer_rels_order_idx" ON "customer_rels" USING btree ("order");
  CREATE INDEX "customer_rels_parent_idx" ON "customer_rels" USING btree ("parent_id");
  CREATE INDEX "customer_rels_path_idx" ON "customer_rels" USING btree ("path");
  CREATE INDEX "customer_rels_address_id_idx" ON "customer_rels" USING btree ("address_id");
  CREATE INDEX "contact_last_name_idx" ON "contact" USING btree ("last_name");
  CREATE INDEX "contact_address_idx" ON "contact" USING btree ("address_id");
  CREATE INDEX "contact_primary_email_idx" ON "contact" USING btree ("primary_email");
  CREATE INDEX "contact_updated_at_idx" ON "contact" USING btree ("updated_at");
  CREATE INDEX "contact_created_at_idx" ON "contact" USING btree ("created_at");
  CREATE INDEX "contact_texts_order_parent" ON "contact_texts" USING btree ("order","parent_id");
  CREATE INDEX "company_name_idx" ON "company" USING btree ("name");
  CREATE INDEX "company_is_facilitator_idx" ON "company" USING btree ("is_facilitator");
  CREATE INDEX "company_updated_at_idx" ON "company" USING btree ("updated_at");
  CREATE INDEX "company_created_at_idx" ON "company" USING btree ("created_at");
  CREATE INDEX "location_company_id_idx" ON "location" USING btree ("company_id_id");
  CREATE INDEX "location_city_idx" ON "location" USING btree ("city_id");
  CREATE INDEX "location_zip_idx" ON "location" USING btree ("zip");
  CREATE INDEX "location_updated_at_idx" ON "location" USING btree ("updated_at");
  CREATE INDEX "location_created_at_idx" ON "location" USING btree ("created_at");
  CREATE INDEX "address_zip_idx" ON "address" USING btree ("zip");
  CREATE INDEX "address_city_idx" ON "address" USING btree ("city_id");
  CREATE INDEX "address_updated_at_idx" ON "address" USING btree ("updated_at");
  CREATE INDEX "address_created_at_idx" ON "address" USING btree ("created_at");
  CREATE INDEX "city_name_idx" ON "city" USING btree ("name");
  CREATE INDEX "city_state_idx" ON "city" USING btree ("state_id");
  CREATE INDEX "city_updated_at_idx" ON "city" USING btree ("updated_at");
  CREATE INDEX "city_created_at_idx" ON "city" USING btree ("created_at");
  CREATE UNIQUE INDEX "state_name_idx" ON "city" USING btree ("state_id","name");
  CREATE UNIQUE INDEX "state_code_idx" ON "state" USING btree ("code");
  CREATE INDEX "state_updated_at_idx" ON "state" USING btree ("updated_at");
  CREATE INDEX "state_created_at_idx" ON "state" USING btree ("created_at");
  CREATE INDEX "web_event_name_idx" ON "web_event" USING btree ("name");
  CREATE INDEX "web_event_anonymous_id_idx" ON "web_event" USING btree ("anonymous_id");
  CREATE INDEX "web_event_account_idx" ON "web_event" USING btree ("account_id");
  CREATE INDEX "web_event_updated_at_idx" ON "web_event" USING btree ("updated_at");
  CREATE INDEX "web_event_created_at_idx" ON "web_event" USING btree ("created_at");
  CREATE INDEX "account_lead_idx" ON "account" USING btree ("lead");
  CREATE INDEX "account_consumer_idx" ON "account" USING btree ("consumer_id");
  CREATE INDEX "account_updated_at_idx" ON "account" USING btree ("updated_at");
  CREATE INDEX "account_created_at_idx" ON "account" USING btree ("created_at");
  CREATE INDEX "account_texts_order_parent" ON "account_texts" USING btree ("order","parent_id");
  CREATE UNIQUE INDEX "vehicle_vin_idx" ON "vehicle" USING btree ("vin");
  CREATE INDEX "vehicle_make_idx" ON "vehicle" USING btree ("make");
  CREATE INDEX "vehicle_model_idx" ON "vehicle" USING btree ("model");
  CREATE INDEX "vehicle_spec_idx" ON "vehicle" USING btree ("spec_id");
  CREATE INDEX "vehicle_updated_at_idx" ON "vehicle" USING btree ("updated_at");
  CREATE INDEX "vehicle_created_at_idx" ON "vehicle" USING btree ("created_at");
  CREATE INDEX "vehicle_spec_make_idx" ON "vehicle_spec" USING btree ("make");
  CREATE INDEX "vehicle_spec_model_idx" ON "vehicle_spec" USING btree ("model");
  CREATE INDEX "vehicle_spec_squish_vin_idx" ON "vehicle_spec" USING btree ("squish_vin");
  CREATE INDEX "vehicle_spec_updated_at_idx" ON "vehicle_spec" USING btree ("updated_at");
  CREATE INDEX "vehicle_spec_created_at_idx" ON "vehicle_spec" USING btree ("created_at");
  CREATE INDEX "vehicle_spec_texts_order_parent" ON "vehicle_spec_texts" USING btree ("order","parent_id");
  CREATE INDEX "lead_last_name_idx" ON "lead" USING btree ("last_name");
  CREATE INDEX "lead_email_idx" ON "lead" USING btree ("email");
  CREATE INDEX "lead_consumer_idx" ON "lead" USING btree ("consumer_id");
  CREATE INDEX "lead_updated_at_idx" ON "lead" USING btree ("updated_at");
  CREATE INDEX "lead_created_at_idx" ON "lead" USING btree ("created_at");
  CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id");
  CREATE INDEX "lead_events_type_idx" ON "lead_events" USING btree ("type");
  CREATE INDEX "lead_events_status_idx" ON "lead_events" USING btree ("status");
  CREATE INDEX "lead_events_created_by_idx" ON "lead_events" USING btree ("created_by_id");
  CREATE INDEX "lead_events_current_status_for_idx" ON "lead_events" USING btree ("current_status_for_id");
  CREATE INDEX "lead_events_updated_at_idx" ON "lead_events" USING btree ("updated_at");
  CREATE INDEX "lead_events_created_at_idx" ON "lead_events" USING btree ("created_at");
  CREATE INDEX "vdp_emails_lead_idx" ON "vdp_emails" USING btree ("lead_id");
  CREATE INDEX "vdp_emails_created_by_idx" ON "vdp_emails" USING btree ("created_by_id");
  CREATE INDEX "vdp_emails_last_modified_by_idx" ON "vdp_emails" USING btree ("last_modified_by_id");
  CREATE INDEX "vdp_emails_updated_at_idx" ON "vdp_emails" USING btree ("updated_at");
  CREATE INDEX "vdp_emails_created_at_idx" ON "vdp_emails" USING btree ("created_at");
  CREATE INDEX "vdp_emails_rels_order_idx" ON "vdp_emails_rels" USING btree ("order");
  CREATE INDEX "vdp_emails_rels_parent_idx" ON "vdp_emails_rels" USING btree ("parent_id");
  CREATE INDEX "vdp_emails_rels_path_idx" ON "vdp_emails_rels" USING btree ("path");
  CREATE INDEX "vdp_emails_rels_vin_id_idx" ON "vdp_emails_rels" USING btree ("vin_id");
  CREATE UNIQUE INDEX "vin_vin_idx" ON "vin" USING btree ("vin");
  CREATE INDEX "vin_vehicle_idx" ON "vin" USING btree ("vehicle_id");
  CREATE INDEX "vin_updated_at_idx" ON "vin" USING btree ("updated_at");
  CREATE INDEX "vin_created_at_idx" ON "vin" USING btree ("created_at");
  CREATE INDEX "errors_digest_idx" ON "errors" USING btree ("digest");
  CREATE INDEX "errors_source_idx" ON "errors" USING btree ("source");
  CREATE INDEX "errors_updated_at_idx" ON "errors" USING btree ("updated_at");
  CREATE INDEX "errors_created_at_idx" ON "errors" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_credit_app_fk" FOREIGN KEY ("credit_app_id") REFERENCES "public"."credit_app"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_pre_approval_fk" FOREIGN KEY ("pre_approval_id") REFERENCES "public"."pre_approval"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_credit_band_fk" FOREIGN KEY ("credit_band_id") REFERENCES "public"."credit_band"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_credit_report_fk" FOREIGN KEY ("credit_report_id") REFERENCES "public"."credit_report"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_consumer_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_deal_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deal"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_customer_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_contact_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contact"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_location_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_address_fk" FOREIGN KEY ("address_id") REFERENCES "public"."address"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_city_fk" FOREIGN KEY ("city_id") REFERENCES "public"."city"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_state_fk" FOREIGN KEY ("state_id") REFERENCES "public"."state"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_web_event_fk" FOREIGN KEY ("web_event_id") REFERENCES "public"."web_event"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_account_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_vehicle_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicle"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_vehicle_spec_fk" FOREIGN KEY ("vehicle_spec_id") REFERENCES "public"."vehicle_spec"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_lead_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_lead_events_fk" FOREIGN KEY ("lead_events_id") REFERENCES "public"."lead_events"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_vdp_emails_fk" FOREIGN KEY ("vdp_emails_id") REFERENCES "public"."vdp_emails"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_vin_fk" FOREIGN KEY ("vin_id") REFERENCES "public"."vin"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_errors_fk" FOREIGN KEY ("errors_id") REFERENCES "public"."errors"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_credit_app_id_idx" ON "payload_locked_documents_rels" USING btree ("credit_app_id");
  CREATE INDEX "payload_locked_documents_rels_pre_approval_id_idx" ON "payload_locked_documents_rels" USING btree ("pre_approval_id");
  CREATE INDEX "payload_locked_documents_rels_credit_band_id_idx" ON "payload_locked_documents_rels" USING btree ("credit_band_id");
  CREATE INDEX "payload_locked_documents_rels_credit_report_id_idx" ON "payload_locked_documents_rels" USING btree ("credit_report_id");
  CREATE INDEX "payload_locked_documents_rels_consumer_id_idx" ON "payload_locked_documents_rels" USING btree ("consumer_id");
  CREATE INDEX "payload_locked_documents_rels_deal_id_idx" ON "payload_locked_documents_rels" USING btree ("deal_id");
  CREATE INDEX "payload_locked_documents_rels_customer_id_idx" ON "payload_locked_documents_rels" USING btree ("customer_id");
  CREATE INDEX "payload_locked_documents_rels_contact_id_idx" ON "payload_locked_documents_rels" USING btree ("contact_id");
  CREATE INDEX "payload_locked_documents_rels_company_id_idx" ON "payload_locked_documents_rels" USING btree ("company_id");
  CREATE INDEX "payload_locked_documents_rels_location_id_idx" ON "payload_locked_documents_rels" USING btree ("location_id");
  CREATE INDEX "payload_locked_documents_rels_address_id_idx" ON "payload_locked_documents_rels" USING btree ("address_id");
  CREATE INDEX "payload_locked_documents_rels_city_id_idx" ON "payload_locked_documents_rels" USING btree ("city_id");
  CREATE INDEX "payload_locked_documents_rels_state_id_idx" ON "payload_locked_documents_rels" USING btree ("state_id");
  CREATE INDEX "payload_locked_documents_rels_web_event_id_idx" ON "payload_locked_documents_rels" USING btree ("web_event_id");
  CREATE INDEX "payload_locked_documents_rels_account_id_idx" ON "payload_locked_documents_rels" USING btree ("account_id");
  CREATE INDEX "payload_locked_documents_rels_vehicle_id_idx" ON "payload_locked_documents_rels" USING btree ("vehicle_id");
  CREATE INDEX "payload_locked_documents_rels_vehicle_spec_id_idx" ON "payload_locked_documents_rels" USING btree ("vehicle_spec_id");
  CREATE INDEX "payload_locked_documents_rels_lead_id_idx" ON "payload_locked_documents_rels" USING btree ("lead_id");
  CREATE INDEX "payload_locked_documents_rels_lead_events_id_idx" ON "payload_locked_documents_rels" USING btree ("lead_events_id");
  CREATE INDEX "payload_locked_documents_rels_vdp_emails_id_idx" ON "payload_locked_documents_rels" USING btree ("vdp_emails_id");
  CREATE INDEX "payload_locked_documents_rels_vin_id_idx" ON "payload_locked_documents_rels" USING btree ("vin_id");
  CREATE INDEX "payload_locked_documents_rels_errors_id_idx" ON "payload_locked_documents_rels" USING btree ("errors_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "credit_app" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pre_approval" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "credit_band" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "credit_report" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "consumer" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "consumer_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "consumer_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "deal" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "customer" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "customer_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "customer_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "contact" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "contact_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "company" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "location" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "address" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "city" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "state" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "web_event" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "account" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "account_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "vehicle" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "vehicle_spec" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "vehicle_spec_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "lead" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "lead_events" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "vdp_emails" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "vdp_emails_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "vin" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "errors" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "credit_app" CASCADE;
  DROP TABLE "pre_approval" CASCADE;
  DROP TABLE "credit_band" CASCADE;
  DROP TABLE "credit_report" CASCADE;
  DROP TABLE "consumer" CASCADE;
  DROP TABLE "consumer_texts" CASCADE;
  DROP TABLE "consumer_rels" CASCADE;
  DROP TABLE "deal" CASCADE;
  DROP TABLE "customer" CASCADE;
  DROP TABLE "customer_texts" CASCADE;
  DROP TABLE "customer_rels" CASCADE;
  DROP TABLE "contact" CASCADE;
  DROP TABLE "contact_texts" CASCADE;
  DROP TABLE "company" CASCADE;
  DROP TABLE "location" CASCADE;
  DROP TABLE "address" CASCADE;
  DROP TABLE "city" CASCADE;
  DROP TABLE "state" CASCADE;
  DROP TABLE "web_event" CASCADE;
  DROP TABLE "account" CASCADE;
  DROP TABLE "account_texts" CASCADE;
  DROP TABLE "vehicle" CASCADE;
  DROP TABLE "vehicle_spec" CASCADE;
  DROP TABLE "vehicle_spec_texts" CASCADE;
  DROP TABLE "lead" CASCADE;
  DROP TABLE "lead_events" CASCADE;
  DROP TABLE "vdp_emails" CASCADE;
  DROP TABLE "vdp_emails_rels" CASCADE;
  DROP TABLE "vin" CASCADE;
  DROP TABLE "errors" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_credit_app_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_pre_approval_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_credit_band_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_credit_report_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_consumer_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_deal_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_customer_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_contact_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_company_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_location_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_address_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_city_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_state_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_web_event_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_account_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_vehicle_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_vehicle_spec_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_lead_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_lead_events_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_vdp_emails_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_vin_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_errors_fk";
  
  DROP INDEX "payload_locked_documents_rels_credit_app_id_idx";
  DROP INDEX "payload_locked_documents_rels_pre_approval_id_idx";
  DROP INDEX "payload_locked_documents_rels_credit_band_id_idx";
  DROP INDEX "payload_locked_documents_rels_credit_report_id_idx";
  DROP INDEX "payload_locked_documents_rels_consumer_id_idx";
  DROP INDEX "payload_locked_documents_rels_deal_id_idx";
  DROP INDEX "payload_locked_documents_rels_customer_id_idx";
  DROP INDEX "payload_locked_documents_rels_contact_id_idx";
  DROP INDEX "payload_locked_documents_rels_company_id_idx";
  DROP INDEX "payload_locked_documents_rels_location_id_idx";
  DROP INDEX "payload_locked_documents_rels_address_id_idx";
  DROP INDEX "payload_locked_documents_rels_city_id_idx";
  DROP INDEX "payload_locked_documents_rels_state_id_idx";
  DROP INDEX "payload_locked_documents_rels_web_event_id_idx";
  DROP INDEX "payload_locked_documents_rels_account_id_idx";
  DROP INDEX "payload_locked_documents_rels_vehicle_id_idx";
  DROP INDEX "payload_locked_documents_rels_vehicle_spec_id_idx";
  DROP INDEX "payload_locked_documents_rels_lead_id_idx";
  DROP INDEX "payload_locked_documents_rels_lead_events_id_idx";
  DROP INDEX "payload_locked_documents_rels_vdp_emails_id_idx";
  DROP INDEX "payload_locked_documents_rels_vin_id_idx";
  DROP INDEX "payload_locked_documents_rels_errors_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "credit_app_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "pre_approval_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "credit_band_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "credit_report_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "consumer_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "deal_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "customer_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "contact_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "company_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "location_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "address_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "city_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "state_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "web_event_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "account_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "vehicle_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "vehicle_spec_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "lead_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "lead_events_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "vdp_emails_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "vin_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "errors_id";
  DROP TYPE "public"."enum_credit_provider";
  DROP TYPE "public"."enum_lead_event_type";
  DROP TYPE "public"."enum_lead_event_status";`)
}
