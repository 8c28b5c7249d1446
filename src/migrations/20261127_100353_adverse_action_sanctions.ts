import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_adverse_action_kind" AS ENUM('declined', 'counteroffer', 'not_placed', 'counteroffer_not_accepted');
  CREATE TYPE "public"."enum_adverse_action_bureau" AS ENUM('equifax', 'experian', 'transunion');
  CREATE TYPE "public"."enum_adverse_action_delivery" AS ENUM('email', 'mail', 'in_person');
  CREATE TYPE "public"."enum_sanctions_match_status" AS ENUM('pending', 'cleared', 'confirmed');
  CREATE TYPE "public"."enum_sanctions_match_subject" AS ENUM('credit-app', 'deal');
  CREATE TYPE "public"."enum_sanctions_match_role" AS ENUM('applicant', 'co_applicant', 'buyer', 'co_buyer');
  CREATE TYPE "public"."enum_sanctions_screening_status" AS ENUM('queued', 'running', 'done');
  ALTER TYPE "public"."enum_credit_app_submission_status" ADD VALUE 'awaiting sanctions review';
  ALTER TYPE "public"."enum_credit_app_submission_status" ADD VALUE 'blocked';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'screenSanctionsList';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'screenSanctionsList';
  CREATE TABLE "adverse_action_notice_key_factors" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"factor" varchar NOT NULL
  );
  
  CREATE TABLE "adverse_action_notice" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"credit_app_id" varchar NOT NULL,
  	"kind" "enum_adverse_action_kind" NOT NULL,
  	"follows_id" integer,
  	"decided_at" timestamp(3) with time zone,
  	"due_at" timestamp(3) with time zone,
  	"applicant_name" varchar,
  	"applicant_email" varchar,
  	"applicant_address" varchar,
  	"reason" varchar,
  	"score" numeric,
  	"score_range_low" numeric,
  	"score_range_high" numeric,
  	"score_date" varchar,
  	"bureau" "enum_adverse_action_bureau",
  	"counteroffer" varchar,
  	"counteroffer_accepted_at" timestamp(3) with time zone,
  	"counteroffer_lapsed_at" timestamp(3) with time zone,
  	"creditor_name" varchar,
  	"creditor_address" varchar,
  	"creditor_phone" varchar,
  	"delivered_at" timestamp(3) with time zone,
  	"delivery_method" "enum_adverse_action_delivery",
  	"delivered_by" varchar,
  	"delivered_to" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "sanctions_match" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"status" "enum_sanctions_match_status" DEFAULT 'pending' NOT NULL,
  	"subject_collection" "enum_sanctions_match_subject" NOT NULL,
  	"subject_id" varchar NOT NULL,
  	"role" "enum_sanctions_match_role" NOT NULL,
  	"screened_name" varchar NOT NULL,
  	"listed_name" varchar,
  	"matched_name" varchar,
  	"ent_num" numeric NOT NULL,
  	"score" numeric,
  	"name_score" numeric,
  	"signals" varchar,
  	"programs" varchar,
  	"remarks" varchar,
  	"list_id" integer,
  	"reviewed_by" varchar,
  	"reviewed_at" timestamp(3) with time zone,
  	"review_reason" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "sanctions_list" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"entry_count" numeric,
  	"alias_count" numeric,
  	"address_count" numeric,
  	"loaded_by" varchar,
  	"screening_status" "enum_sanctions_screening_status",
  	"screening_screened" numeric,
  	"screening_total" numeric,
  	"screening_matches" numeric,
  	"screening_started_at" timestamp(3) with time zone,
  	"screening_finished_at" timestamp(3) with time zone,
  	"entries" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "adverse_action_notice_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "sanctions_match_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "sanctions_list_id" integer;
  ALTER TABLE "adverse_action_notice_key_factors" ADD CONSTRAINT "adverse_action_notice_key_factors_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."adverse_action_notice"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "adverse_action_notice" ADD CONSTRAINT "adverse_action_notice_credit_app_id_credit_app_id_fk" FOREIGN KEY ("credit_app_id") REFERENCES "public"."credit_app"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "adverse_action_notice" ADD CONSTRAINT "adverse_action_notice_follows_id_adverse_action_notice_id_fk" FOREIGN KEY ("follows_id") REFERENCES "public"."adverse_action_notice"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "sanctions_match" ADD CONSTRAINT "sanctions_match_list_id_sanctions_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_list"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "adverse_action_notice_key_factors_order_idx" ON "adverse_action_notice_key_factors" USING btree ("_order");
  CREATE INDEX "adverse_action_notice_key_factors_parent_id_idx" ON "adverse_action_notice_key_factors" USING btree ("_parent_id");
  CREATE INDEX "adverse_action_notice_credit_app_idx" ON "adverse_action_notice" USING btree ("credit_app_id");
  CREATE INDEX "adverse_action_notice_follows_idx" ON "adverse_action_notice" USING btree ("follows_id");
  CREATE INDEX "adverse_action_notice_due_at_idx" ON "adverse_action_notice" USING btree ("due_at");
  CREATE INDEX "adverse_action_notice_delivered_at_idx" ON "adverse_action_notice" USING btree ("delivered_at");
  CREATE INDEX "adverse_action_notice_updated_at_idx" ON "adverse_action_notice" USING btree ("updated_at");
  CREATE INDEX "adverse_action_notice_created_at_idx" ON "adverse_action_notice" USING btree ("created_at");
  CREATE INDEX "sanctions_match_status_idx" ON "sanctions_match" USING btree ("status");
  CREATE INDEX "sanctions_match_subject_id_idx" ON "sanctions_match" USING btree ("subject_id");
  CREATE INDEX "sanctions_match_list_idx" ON "sanctions_match" USING btree ("list_id");
  CREATE INDEX "sanctions_match_updated_at_idx" ON "sanctions_match" USING btree ("updated_at");
  CREATE INDEX "sanctions_match_created_at_idx" ON "sanctions_match" USING btree ("created_at");
  CREATE INDEX "sanctions_list_updated_at_idx" ON "sanctions_list" USING btree ("updated_at");
  CREATE INDEX "sanctions_list_created_at_idx" ON "sanctions_list" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_adverse_action_notice_fk" FOREIGN KEY ("adverse_action_notice_id") REFERENCES "public"."adverse_action_notice"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_sanctions_match_fk" FOREIGN KEY ("sanctions_match_id") REFERENCES "public"."sanctions_match"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_sanctions_list_fk" FOREIGN KEY ("sanctions_list_id") REFERENCES "public"."sanctions_list"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_adverse_action_notice_id_idx" ON "payload_locked_documents_rels" USING btree ("adverse_action_notice_id");
  CREATE INDEX "payload_locked_documents_rels_sanctions_match_id_idx" ON "payload_locked_documents_rels" USING btree ("sanctions_match_id");
  CREATE INDEX "payload_locked_documents_rels_sanctions_list_id_idx" ON "payload_locked_documents_rels" USING btree ("sanctions_list_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "adverse_action_notice_key_factors" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "adverse_action_notice" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "sanctions_match" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "sanctions_list" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "adverse_action_notice_key_factors" CASCADE;
  DROP TABLE "adverse_action_notice" CASCADE;
  DROP TABLE "sanctions_match" CASCADE;
  DROP TABLE "sanctions_list" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_adverse_action_notice_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_sanctions_match_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_sanctions_list_fk";
  
  ALTER TABLE "credit_app" ALTER COLUMN "provider_submission_status" SET DATA TYPE text;
  ALTER TABLE "_credit_app_v" ALTER COLUMN "version_provider_submission_status" SET DATA TYPE text;
  DROP TYPE "public"."enum_credit_app_submission_status";
  CREATE TYPE "public"."enum_credit_app_submission_status" AS ENUM('queued', 'sending', 'retrying', 'accepted', 'rejected', 'failed', 'cancelled');
  ALTER TABLE "credit_app" ALTER COLUMN "provider_submission_status" SET DATA TYPE "public"."enum_credit_app_submission_status" USING "provider_submission_status"::"public"."enum_credit_app_submission_status";
  ALTER TABLE "_credit_app_v" ALTER COLUMN "version_provider_submission_status" SET DATA TYPE "public"."enum_credit_app_submission_status" USING "version_provider_submission_status"::"public"."enum_credit_app_submission_status";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendCreditApp');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendCreditApp');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_adverse_action_notice_id_idx";
  DROP INDEX "payload_locked_documents_rels_sanctions_match_id_idx";
  DROP INDEX "payload_locked_documents_rels_sanctions_list_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "adverse_action_notice_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "sanctions_match_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "sanctions_list_id";
  DROP TYPE "public"."enum_adverse_action_kind";
  DROP TYPE "public"."enum_adverse_action_bureau";
  DROP TYPE "public"."enum_adverse_action_delivery";
  DROP TYPE "public"."enum_sanctions_match_status";
  DROP TYPE "public"."enum_sanctions_match_subject";
  DROP TYPE "public"."enum_sanctions_match_role";
  DROP TYPE "public"."enum_sanctions_screening_status";`)
}
