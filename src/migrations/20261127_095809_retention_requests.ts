import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_consumer_request_kind" AS ENUM('access', 'deletion');
  CREATE TYPE "public"."enum_consumer_request_status" AS ENUM('received', 'confirmed', 'completed', 'denied');
  ALTER TYPE "public"."enum_audit_action" ADD VALUE 'dispose';
  ALTER TYPE "public"."enum_audit_action" ADD VALUE 'deidentify';
  ALTER TYPE "public"."enum_audit_action" ADD VALUE 'export';
  CREATE TABLE "legal_holds" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"consumer_id" varchar NOT NULL,
  	"reason" varchar NOT NULL,
  	"created_by_id" integer,
  	"released_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "consumer_requests" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"consumer_id" varchar NOT NULL,
  	"kind" "enum_consumer_request_kind" NOT NULL,
  	"received_at" timestamp(3) with time zone NOT NULL,
  	"status" "enum_consumer_request_status" DEFAULT 'received' NOT NULL,
  	"identity_verification" varchar NOT NULL,
  	"notes" varchar,
  	"confirm_by" timestamp(3) with time zone,
  	"answer_by" timestamp(3) with time zone,
  	"confirmed_at" timestamp(3) with time zone,
  	"closed_at" timestamp(3) with time zone,
  	"outcome" jsonb,
  	"created_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "legal_holds_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "consumer_requests_id" integer;
  ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_consumer_id_consumer_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "legal_holds" ADD CONSTRAINT "legal_holds_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consumer_requests" ADD CONSTRAINT "consumer_requests_consumer_id_consumer_id_fk" FOREIGN KEY ("consumer_id") REFERENCES "public"."consumer"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "consumer_requests" ADD CONSTRAINT "consumer_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "legal_holds_consumer_idx" ON "legal_holds" USING btree ("consumer_id");
  CREATE INDEX "legal_holds_created_by_idx" ON "legal_holds" USING btree ("created_by_id");
  CREATE INDEX "legal_holds_released_at_idx" ON "legal_holds" USING btree ("released_at");
  CREATE INDEX "legal_holds_updated_at_idx" ON "legal_holds" USING btree ("updated_at");
  CREATE INDEX "legal_holds_created_at_idx" ON "legal_holds" USING btree ("created_at");
  CREATE INDEX "consumer_requests_consumer_idx" ON "consumer_requests" USING btree ("consumer_id");
  CREATE INDEX "consumer_requests_kind_idx" ON "consumer_requests" USING btree ("kind");
  CREATE INDEX "consumer_requests_received_at_idx" ON "consumer_requests" USING btree ("received_at");
  CREATE INDEX "consumer_requests_status_idx" ON "consumer_requests" USING btree ("status");
  CREATE INDEX "consumer_requests_confirm_by_idx" ON "consumer_requests" USING btree ("confirm_by");
  CREATE INDEX "consumer_requests_answer_by_idx" ON "consumer_requests" USING btree ("answer_by");
  CREATE INDEX "consumer_requests_confirmed_at_idx" ON "consumer_requests" USING btree ("confirmed_at");
  CREATE INDEX "consumer_requests_closed_at_idx" ON "consumer_requests" USING btree ("closed_at");
  CREATE INDEX "consumer_requests_created_by_idx" ON "consumer_requests" USING btree ("created_by_id");
  CREATE INDEX "consumer_requests_updated_at_idx" ON "consumer_requests" USING btree ("updated_at");
  CREATE INDEX "consumer_requests_created_at_idx" ON "consumer_requests" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_legal_holds_fk" FOREIGN KEY ("legal_holds_id") REFERENCES "public"."legal_holds"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_consumer_requests_fk" FOREIGN KEY ("consumer_requests_id") REFERENCES "public"."consumer_requests"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_legal_holds_id_idx" ON "payload_locked_documents_rels" USING btree ("legal_holds_id");
  CREATE INDEX "payload_locked_documents_rels_consumer_requests_id_idx" ON "payload_locked_documents_rels" USING btree ("consumer_requests_id");`)
  // Each consumer's data key, wrapped by the master key ring (src/creditData/consumerKeys.ts):
  // no collection, so no API reads it; the retention job destroys a row to crypto-shred.
  await db.execute(sql`
  CREATE TABLE "consumer_data_keys" (
  	"consumer" varchar PRIMARY KEY NOT NULL,
  	"wrapped" varchar NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "consumer_data_keys";`)
  await db.execute(sql`
   ALTER TABLE "legal_holds" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "consumer_requests" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "legal_holds" CASCADE;
  DROP TABLE "consumer_requests" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_legal_holds_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_consumer_requests_fk";
  
  ALTER TABLE "audit_log" ALTER COLUMN "action" SET DATA TYPE text;
  DROP TYPE "public"."enum_audit_action";
  CREATE TYPE "public"."enum_audit_action" AS ENUM('create', 'update', 'delete', 'reveal');
  ALTER TABLE "audit_log" ALTER COLUMN "action" SET DATA TYPE "public"."enum_audit_action" USING "action"::"public"."enum_audit_action";
  DROP INDEX "payload_locked_documents_rels_legal_holds_id_idx";
  DROP INDEX "payload_locked_documents_rels_consumer_requests_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "legal_holds_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "consumer_requests_id";
  DROP TYPE "public"."enum_consumer_request_kind";
  DROP TYPE "public"."enum_consumer_request_status";`)
}
