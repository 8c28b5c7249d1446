import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_consents_kind" AS ENUM('credit-report-authorization', 'calls-and-texts', 'e-mail-marketing', 'electronic-records');
  CREATE TYPE "public"."enum_consents_action" AS ENUM('grant', 'revoke');
  CREATE TYPE "public"."enum_consents_role" AS ENUM('applicant', 'co-applicant');
  CREATE TYPE "public"."enum_consents_method" AS ENUM('web-form', 'phone', 'in-person', 'api');
  CREATE TYPE "public"."enum_disclosures_kind" AS ENUM('credit-report-authorization', 'calls-and-texts', 'e-mail-marketing', 'electronic-records');
  CREATE TYPE "public"."enum_contact_rule_value" AS ENUM('Outbound Email', 'Outbound Phone Call', 'Outbound Phone Call Answered', 'Outbound Phone Call Not Answered', 'Outbound Text', 'Outbound Voicemail Left', 'Send Text Message', 'Send Text Nudge 1', 'Send Text Template 1');
  CREATE TYPE "public"."enum_contact_rule_consent" AS ENUM('calls-and-texts', 'e-mail-marketing');
  CREATE TYPE "public"."enum_contact_rule_requirement" AS ENUM('granted', 'not-revoked');
  ALTER TYPE "public"."enum_credit_app_submission_status" ADD VALUE 'awaiting authorization';
  CREATE TABLE "consents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "enum_consents_kind" NOT NULL,
  	"action" "enum_consents_action" NOT NULL,
  	"consumer_id" varchar,
  	"role" "enum_consents_role",
  	"credit_app_id" varchar,
  	"phone_number" varchar,
  	"email" varchar,
  	"seller_id" varchar,
  	"disclosure_id" integer,
  	"disclosure_version" varchar,
  	"disclosure_sha256" varchar,
  	"captured_at" timestamp(3) with time zone,
  	"method" "enum_consents_method" NOT NULL,
  	"ip" varchar,
  	"user_agent" varchar,
  	"note" varchar,
  	"recorded_by" varchar,
  	"recorded_by_account" varchar,
  	"contact_key" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "disclosures" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "enum_disclosures_kind" NOT NULL,
  	"version" varchar NOT NULL,
  	"text" varchar NOT NULL,
  	"sha256" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "contact_consent_rules_rules" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"value" "enum_contact_rule_value" NOT NULL,
  	"consent" "enum_contact_rule_consent" NOT NULL,
  	"requirement" "enum_contact_rule_requirement" NOT NULL
  );
  
  CREATE TABLE "contact_consent_rules" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "consents_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "disclosures_id" integer;
  ALTER TABLE "consents" ADD CONSTRAINT "consents_consumer_id_consumer_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consents" ADD CONSTRAINT "consents_credit_app_id_credit_app_id_fk" FOREIGN KEY ("credit_app_id") REFERENCES "public"."credit_app"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consents" ADD CONSTRAINT "consents_seller_id_company_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consents" ADD CONSTRAINT "consents_disclosure_id_disclosures_id_fk" FOREIGN KEY ("disclosure_id") REFERENCES "public"."disclosures"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contact_consent_rules_rules" ADD CONSTRAINT "contact_consent_rules_rules_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."contact_consent_rules"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "consents_kind_idx" ON "consents" USING btree ("kind");
  CREATE INDEX "consents_consumer_idx" ON "consents" USING btree ("consumer_id");
  CREATE INDEX "consents_credit_app_idx" ON "consents" USING btree ("credit_app_id");
  CREATE INDEX "consents_seller_idx" ON "consents" USING btree ("seller_id");
  CREATE INDEX "consents_disclosure_idx" ON "consents" USING btree ("disclosure_id");
  CREATE INDEX "consents_captured_at_idx" ON "consents" USING btree ("captured_at");
  CREATE INDEX "consents_contact_key_idx" ON "consents" USING btree ("contact_key");
  CREATE INDEX "consents_updated_at_idx" ON "consents" USING btree ("updated_at");
  CREATE INDEX "consents_created_at_idx" ON "consents" USING btree ("created_at");
  CREATE INDEX "disclosures_kind_idx" ON "disclosures" USING btree ("kind");
  CREATE INDEX "disclosures_updated_at_idx" ON "disclosures" USING btree ("updated_at");
  CREATE INDEX "disclosures_created_at_idx" ON "disclosures" USING btree ("created_at");
  CREATE INDEX "contact_consent_rules_rules_order_idx" ON "contact_consent_rules_rules" USING btree ("_order");
  CREATE INDEX "contact_consent_rules_rules_parent_id_idx" ON "contact_consent_rules_rules" USING btree ("_parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_consents_fk" FOREIGN KEY ("consents_id") REFERENCES "public"."consents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_disclosures_fk" FOREIGN KEY ("disclosures_id") REFERENCES "public"."disclosures"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_consents_id_idx" ON "payload_locked_documents_rels" USING btree ("consents_id");
  CREATE INDEX "payload_locked_documents_rels_disclosures_id_idx" ON "payload_locked_documents_rels" USING btree ("disclosures_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "consents" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "disclosures" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "contact_consent_rules_rules" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "contact_consent_rules" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "consents" CASCADE;
  DROP TABLE "disclosures" CASCADE;
  DROP TABLE "contact_consent_rules_rules" CASCADE;
  DROP TABLE "contact_consent_rules" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_consents_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_disclosures_fk";
  
  ALTER TABLE "credit_app" ALTER COLUMN "provider_submission_status" SET DATA TYPE text;
  ALTER TABLE "_credit_app_v" ALTER COLUMN "version_provider_submission_status" SET DATA TYPE text;
  DROP TYPE "public"."enum_credit_app_submission_status";
  CREATE TYPE "public"."enum_credit_app_submission_status" AS ENUM('queued', 'sending', 'retrying', 'accepted', 'rejected', 'failed', 'cancelled');
  ALTER TABLE "credit_app" ALTER COLUMN "provider_submission_status" SET DATA TYPE "public"."enum_credit_app_submission_status" USING "provider_submission_status"::"public"."enum_credit_app_submission_status";
  ALTER TABLE "_credit_app_v" ALTER COLUMN "version_provider_submission_status" SET DATA TYPE "public"."enum_credit_app_submission_status" USING "version_provider_submission_status"::"public"."enum_credit_app_submission_status";
  DROP INDEX "payload_locked_documents_rels_consents_id_idx";
  DROP INDEX "payload_locked_documents_rels_disclosures_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "consents_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "disclosures_id";
  DROP TYPE "public"."enum_consents_kind";
  DROP TYPE "public"."enum_consents_action";
  DROP TYPE "public"."enum_consents_role";
  DROP TYPE "public"."enum_consents_method";
  DROP TYPE "public"."enum_disclosures_kind";
  DROP TYPE "public"."enum_contact_rule_value";
  DROP TYPE "public"."enum_contact_rule_consent";
  DROP TYPE "public"."enum_contact_rule_requirement";`)
}
