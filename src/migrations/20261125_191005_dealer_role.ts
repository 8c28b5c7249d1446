import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_lead_current_status" AS ENUM('Provide Customer With Three Options', 'Customer Provided Options', 'Answer Text Message', 'Had Conversation', 'Intake Form Submitted', 'Send Text Message', 'Send Text Template 1', 'Waiting For Meeting', 'Call Customer', 'First Communication Attempt', 'First Communication Attempt (phone and text)', 'Searching', 'Second Communication Attempt', 'Send Text Nudge 1', 'Waiting For Email Response', 'Looking For Financing', 'Customer Not Interested', 'No Contact', 'Customer Not Responding', 'Customer Interested');
  CREATE TYPE "public"."enum_payload_query_presets_access_read_constraint" AS ENUM('everyone', 'onlyMe', 'specificUsers', 'staffAdmins');
  CREATE TYPE "public"."enum_payload_query_presets_access_update_constraint" AS ENUM('everyone', 'onlyMe', 'specificUsers', 'staffAdmins');
  CREATE TYPE "public"."enum_payload_query_presets_access_delete_constraint" AS ENUM('everyone', 'onlyMe', 'specificUsers', 'staffAdmins');
  CREATE TYPE "public"."enum_payload_query_presets_related_collection" AS ENUM('lead', 'leadEvents', 'vdpEmails', 'credit-app', 'consumer', 'deal', 'customer', 'contact', 'company', 'errors');
  ALTER TYPE "public"."enum_users_role" ADD VALUE 'dealer';
  CREATE TABLE "do_not_contact" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"lead_id" integer NOT NULL,
  	"consumer_id" varchar,
  	"recorded_at" timestamp(3) with time zone,
  	"recorded_by" varchar,
  	"event_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "location_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" varchar NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer
  );
  
  CREATE TABLE "payload_query_presets" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"is_shared" boolean DEFAULT false,
  	"access_read_constraint" "enum_payload_query_presets_access_read_constraint" DEFAULT 'onlyMe',
  	"access_update_constraint" "enum_payload_query_presets_access_update_constraint" DEFAULT 'onlyMe',
  	"access_delete_constraint" "enum_payload_query_presets_access_delete_constraint" DEFAULT 'onlyMe',
  	"where" jsonb,
  	"columns" jsonb,
  	"group_by" varchar,
  	"related_collection" "enum_payload_query_presets_related_collection" NOT NULL,
  	"is_temp" boolean,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_query_presets_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer
  );
  
  ALTER TABLE "credit_app" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "_credit_app_v" ADD COLUMN "version_deleted_at" timestamp(3) with time zone;
  ALTER TABLE "pre_approval" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "consumer" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "_consumer_v" ADD COLUMN "version_deleted_at" timestamp(3) with time zone;
  ALTER TABLE "deal" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "_deal_v" ADD COLUMN "version_deleted_at" timestamp(3) with time zone;
  ALTER TABLE "customer" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "contact" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "_contact_v" ADD COLUMN "version_deleted_at" timestamp(3) with time zone;
  ALTER TABLE "company" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "_company_v" ADD COLUMN "version_deleted_at" timestamp(3) with time zone;
  ALTER TABLE "location" ADD COLUMN "desk_rota_next" numeric DEFAULT 0;
  ALTER TABLE "location" ADD COLUMN "desk_manager_email" varchar;
  ALTER TABLE "location" ADD COLUMN "desk_time_zone" varchar;
  ALTER TABLE "location" ADD COLUMN "desk_hours_sunday" varchar;
  ALTER TABLE "location" ADD COLUMN "desk_hours_monday" varchar;
  ALTER TABLE "location" ADD COLUMN "desk_hours_tuesday" varchar;
  ALTER TABLE "location" ADD COLUMN "desk_hours_wednesday" varchar;
  ALTER TABLE "location" ADD COLUMN "desk_hours_thursday" varchar;
  ALTER TABLE "location" ADD COLUMN "desk_hours_friday" varchar;
  ALTER TABLE "location" ADD COLUMN "desk_hours_saturday" varchar;
  ALTER TABLE "lead" ADD COLUMN "assignee_id" integer;
  ALTER TABLE "lead" ADD COLUMN "follow_up_due" timestamp(3) with time zone;
  ALTER TABLE "lead" ADD COLUMN "current_status" "enum_lead_current_status";
  ALTER TABLE "lead" ADD COLUMN "first_contacted_at" timestamp(3) with time zone;
  ALTER TABLE "lead" ADD COLUMN "escalated_at" timestamp(3) with time zone;
  ALTER TABLE "lead" ADD COLUMN "do_not_contact_at" timestamp(3) with time zone;
  ALTER TABLE "lead" ADD COLUMN "do_not_contact_by" varchar;
  ALTER TABLE "lead" ADD COLUMN "do_not_contact_event_id" integer;
  ALTER TABLE "lead" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "lead_events" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "_lead_events_v" ADD COLUMN "version_deleted_at" timestamp(3) with time zone;
  ALTER TABLE "vdp_emails" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "_vdp_emails_v" ADD COLUMN "version_deleted_at" timestamp(3) with time zone;
  ALTER TABLE "errors" ADD COLUMN "deleted_at" timestamp(3) with time zone;
  ALTER TABLE "users" ADD COLUMN "company_id" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "do_not_contact_id" integer;
  ALTER TABLE "do_not_contact" ADD CONSTRAINT "do_not_contact_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "do_not_contact" ADD CONSTRAINT "do_not_contact_consumer_id_consumer_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "do_not_contact" ADD CONSTRAINT "do_not_contact_event_id_lead_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."lead_events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "location_rels" ADD CONSTRAINT "location_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."location"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "location_rels" ADD CONSTRAINT "location_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_query_presets_rels" ADD CONSTRAINT "payload_query_presets_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_query_presets"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_query_presets_rels" ADD CONSTRAINT "payload_query_presets_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "do_not_contact_lead_idx" ON "do_not_contact" USING btree ("lead_id");
  CREATE INDEX "do_not_contact_consumer_idx" ON "do_not_contact" USING btree ("consumer_id");
  CREATE INDEX "do_not_contact_event_idx" ON "do_not_contact" USING btree ("event_id");
  CREATE INDEX "do_not_contact_updated_at_idx" ON "do_not_contact" USING btree ("updated_at");
  CREATE INDEX "do_not_contact_created_at_idx" ON "do_not_contact" USING btree ("created_at");
  CREATE INDEX "location_rels_order_idx" ON "location_rels" USING btree ("order");
  CREATE INDEX "location_rels_parent_idx" ON "location_rels" USING btree ("parent_id");
  CREATE INDEX "location_rels_path_idx" ON "location_rels" USING btree ("path");
  CREATE INDEX "location_rels_users_id_idx" ON "location_rels" USING btree ("users_id");
  CREATE INDEX "payload_query_presets_updated_at_idx" ON "payload_query_presets" USING btree ("updated_at");
  CREATE INDEX "payload_query_presets_created_at_idx" ON "payload_query_presets" USING btree ("created_at");
  CREATE INDEX "payload_query_presets_rels_order_idx" ON "payload_query_presets_rels" USING btree ("order");
  CREATE INDEX "payload_query_presets_rels_parent_idx" ON "payload_query_presets_rels" USING btree ("parent_id");
  CREATE INDEX "payload_query_presets_rels_path_idx" ON "payload_query_presets_rels" USING btree ("path");
  CREATE INDEX "payload_query_presets_rels_users_id_idx" ON "payload_query_presets_rels" USING btree ("users_id");
  ALTER TABLE "lead" ADD CONSTRAINT "lead_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead" ADD CONSTRAINT "lead_do_not_contact_event_id_lead_events_id_fk" FOREIGN KEY ("do_not_contact_event_id") REFERENCES "public"."lead_events"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "users" ADD CONSTRAINT "users_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_do_not_contact_fk" FOREIGN KEY ("do_not_contact_id") REFERENCES "public"."do_not_contact"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "credit_app_deleted_at_idx" ON "credit_app" USING btree ("deleted_at");
  CREATE INDEX "_credit_app_v_version_version_deleted_at_idx" ON "_credit_app_v" USING btree ("version_deleted_at");
  CREATE INDEX "pre_approval_deleted_at_idx" ON "pre_approval" USING btree ("deleted_at");
  CREATE INDEX "consumer_deleted_at_idx" ON "consumer" USING btree ("deleted_at");
  CREATE INDEX "_consumer_v_version_version_deleted_at_idx" ON "_consumer_v" USING btree ("version_deleted_at");
  CREATE INDEX "deal_deleted_at_idx" ON "deal" USING btree ("deleted_at");
  CREATE INDEX "_deal_v_version_version_deleted_at_idx" ON "_deal_v" USING btree ("version_deleted_at");
  CREATE INDEX "customer_deleted_at_idx" ON "customer" USING btree ("deleted_at");
  CREATE INDEX "contact_deleted_at_idx" ON "contact" USING btree ("deleted_at");
  CREATE INDEX "_contact_v_version_version_deleted_at_idx" ON "_contact_v" USING btree ("version_deleted_at");
  CREATE INDEX "company_deleted_at_idx" ON "company" USING btree ("deleted_at");
  CREATE INDEX "_company_v_version_version_deleted_at_idx" ON "_company_v" USING btree ("version_deleted_at");
  CREATE INDEX "lead_assignee_idx" ON "lead" USING btree ("assignee_id");
  CREATE INDEX "lead_follow_up_due_idx" ON "lead" USING btree ("follow_up_due");
  CREATE INDEX "lead_current_status_idx" ON "lead" USING btree ("current_status");
  CREATE INDEX "lead_first_contacted_at_idx" ON "lead" USING btree ("first_contacted_at");
  CREATE INDEX "lead_escalated_at_idx" ON "lead" USING btree ("escalated_at");
  CREATE INDEX "lead_do_not_contact_do_not_contact_at_idx" ON "lead" USING btree ("do_not_contact_at");
  CREATE INDEX "lead_do_not_contact_do_not_contact_event_idx" ON "lead" USING btree ("do_not_contact_event_id");
  CREATE INDEX "lead_deleted_at_idx" ON "lead" USING btree ("deleted_at");
  CREATE INDEX "lead_events_deleted_at_idx" ON "lead_events" USING btree ("deleted_at");
  CREATE INDEX "_lead_events_v_version_version_deleted_at_idx" ON "_lead_events_v" USING btree ("version_deleted_at");
  CREATE INDEX "vdp_emails_deleted_at_idx" ON "vdp_emails" USING btree ("deleted_at");
  CREATE INDEX "_vdp_emails_v_version_version_deleted_at_idx" ON "_vdp_emails_v" USING btree ("version_deleted_at");
  CREATE INDEX "errors_deleted_at_idx" ON "errors" USING btree ("deleted_at");
  CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");
  CREATE INDEX "payload_locked_documents_rels_do_not_contact_id_idx" ON "payload_locked_documents_rels" USING btree ("do_not_contact_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "do_not_contact" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "location_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_query_presets" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_query_presets_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "do_not_contact" CASCADE;
  DROP TABLE "location_rels" CASCADE;
  DROP TABLE "payload_query_presets" CASCADE;
  DROP TABLE "payload_query_presets_rels" CASCADE;
  ALTER TABLE "lead" DROP CONSTRAINT "lead_assignee_id_users_id_fk";
  
  ALTER TABLE "lead" DROP CONSTRAINT "lead_do_not_contact_event_id_lead_events_id_fk";
  
  ALTER TABLE "users" DROP CONSTRAINT "users_company_id_company_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_do_not_contact_fk";
  
  ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE text;
  ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'staff'::text;
  DROP TYPE "public"."enum_users_role";
  CREATE TYPE "public"."enum_users_role" AS ENUM('admin', 'staff');
  ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'staff'::"public"."enum_users_role";
  ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."enum_users_role" USING "role"::"public"."enum_users_role";
  DROP INDEX "lead_assignee_idx";
  DROP INDEX "lead_follow_up_due_idx";
  DROP INDEX "lead_current_status_idx";
  DROP INDEX "lead_first_contacted_at_idx";
  DROP INDEX "lead_escalated_at_idx";
  DROP INDEX "lead_do_not_contact_do_not_contact_at_idx";
  DROP INDEX "lead_do_not_contact_do_not_contact_event_idx";
  DROP INDEX "lead_deleted_at_idx";
  DROP INDEX "lead_events_deleted_at_idx";
  DROP INDEX "_lead_events_v_version_version_deleted_at_idx";
  DROP INDEX "vdp_emails_deleted_at_idx";
  DROP INDEX "_vdp_emails_v_version_version_deleted_at_idx";
  DROP INDEX "credit_app_deleted_at_idx";
  DROP INDEX "_credit_app_v_version_version_deleted_at_idx";
  DROP INDEX "pre_approval_deleted_at_idx";
  DROP INDEX "consumer_deleted_at_idx";
  DROP INDEX "_consumer_v_version_version_deleted_at_idx";
  DROP INDEX "deal_deleted_at_idx";
  DROP INDEX "_deal_v_version_version_deleted_at_idx";
  DROP INDEX "customer_deleted_at_idx";
  DROP INDEX "contact_deleted_at_idx";
  DROP INDEX "_contact_v_version_version_deleted_at_idx";
  DROP INDEX "company_deleted_at_idx";
  DROP INDEX "_company_v_version_version_deleted_at_idx";
  DROP INDEX "errors_deleted_at_idx";
  DROP INDEX "users_company_idx";
  DROP INDEX "payload_locked_documents_rels_do_not_contact_id_idx";
  ALTER TABLE "lead" DROP COLUMN "assignee_id";
  ALTER TABLE "lead" DROP COLUMN "follow_up_due";
  ALTER TABLE "lead" DROP COLUMN "current_status";
  ALTER TABLE "lead" DROP COLUMN "first_contacted_at";
  ALTER TABLE "lead" DROP COLUMN "escalated_at";
  ALTER TABLE "lead" DROP COLUMN "do_not_contact_at";
  ALTER TABLE "lead" DROP COLUMN "do_not_contact_by";
  ALTER TABLE "lead" DROP COLUMN "do_not_contact_event_id";
  ALTER TABLE "lead" DROP COLUMN "deleted_at";
  ALTER TABLE "lead_events" DROP COLUMN "deleted_at";
  ALTER TABLE "_lead_events_v" DROP COLUMN "version_deleted_at";
  ALTER TABLE "vdp_emails" DROP COLUMN "deleted_at";
  ALTER TABLE "_vdp_emails_v" DROP COLUMN "version_deleted_at";
  ALTER TABLE "credit_app" DROP COLUMN "deleted_at";
  ALTER TABLE "_credit_app_v" DROP COLUMN "version_deleted_at";
  ALTER TABLE "pre_approval" DROP COLUMN "deleted_at";
  ALTER TABLE "consumer" DROP COLUMN "deleted_at";
  ALTER TABLE "_consumer_v" DROP COLUMN "version_deleted_at";
  ALTER TABLE "deal" DROP COLUMN "deleted_at";
  ALTER TABLE "_deal_v" DROP COLUMN "version_deleted_at";
  ALTER TABLE "customer" DROP COLUMN "deleted_at";
  ALTER TABLE "contact" DROP COLUMN "deleted_at";
  ALTER TABLE "_contact_v" DROP COLUMN "version_deleted_at";
  ALTER TABLE "company" DROP COLUMN "deleted_at";
  ALTER TABLE "_company_v" DROP COLUMN "version_deleted_at";
  ALTER TABLE "location" DROP COLUMN "desk_rota_next";
  ALTER TABLE "location" DROP COLUMN "desk_manager_email";
  ALTER TABLE "location" DROP COLUMN "desk_time_zone";
  ALTER TABLE "location" DROP COLUMN "desk_hours_sunday";
  ALTER TABLE "location" DROP COLUMN "desk_hours_monday";
  ALTER TABLE "location" DROP COLUMN "desk_hours_tuesday";
  ALTER TABLE "location" DROP COLUMN "desk_hours_wednesday";
  ALTER TABLE "location" DROP COLUMN "desk_hours_thursday";
  ALTER TABLE "location" DROP COLUMN "desk_hours_friday";
  ALTER TABLE "location" DROP COLUMN "desk_hours_saturday";
  ALTER TABLE "errors" DROP COLUMN "deleted_at";
  ALTER TABLE "users" DROP COLUMN "company_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "do_not_contact_id";
  DROP TYPE "public"."enum_lead_current_status";
  DROP TYPE "public"."enum_payload_query_presets_access_read_constraint";
  DROP TYPE "public"."enum_payload_query_presets_access_update_constraint";
  DROP TYPE "public"."enum_payload_query_presets_access_delete_constraint";
  DROP TYPE "public"."enum_payload_query_presets_related_collection";`)
}
