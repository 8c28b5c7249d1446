import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'
import { LEAD_TABLES, leadMovedFunction } from './20261129_165634_lead_notes'

// Generated, then by hand as for lead notes (20261129_165634_lead_notes): a task and its versions
// go with their lead when it is deleted for good, and it keeps its lead's dealership.
const BEFORE = [...LEAD_TABLES, 'lead_note', 'lead_appointment']

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_lead_task_status" AS ENUM('open', 'done', 'cancelled');
  CREATE TYPE "public"."enum__lead_task_v_version_status" AS ENUM('open', 'done', 'cancelled');
  ALTER TYPE "public"."enum_payload_query_presets_related_collection" ADD VALUE 'lead-task' BEFORE 'credit-app';
  CREATE TABLE "lead_task" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"lead_id" integer,
  	"what" varchar NOT NULL,
  	"due_at" timestamp(3) with time zone NOT NULL,
  	"status" "enum_lead_task_status" DEFAULT 'open' NOT NULL,
  	"closed_at" timestamp(3) with time zone,
  	"closed_by_id" integer,
  	"created_by_id" integer,
  	"last_modified_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"dealership_id" varchar,
  	"deleted_at" timestamp(3) with time zone,
  	"deleted_by" varchar
  );
  
  CREATE TABLE "_lead_task_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_lead_id" integer,
  	"version_what" varchar NOT NULL,
  	"version_due_at" timestamp(3) with time zone NOT NULL,
  	"version_status" "enum__lead_task_v_version_status" DEFAULT 'open' NOT NULL,
  	"version_closed_at" timestamp(3) with time zone,
  	"version_closed_by_id" integer,
  	"version_created_by_id" integer,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version_dealership_id" varchar,
  	"version_deleted_at" timestamp(3) with time zone,
  	"version_deleted_by" varchar,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "lead_task_id" integer;
  ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_task" ADD CONSTRAINT "lead_task_dealership_id_company_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_task_v" ADD CONSTRAINT "_lead_task_v_parent_id_lead_task_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lead_task"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_lead_task_v" ADD CONSTRAINT "_lead_task_v_version_lead_id_lead_id_fk" FOREIGN KEY ("version_lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_lead_task_v" ADD CONSTRAINT "_lead_task_v_version_closed_by_id_users_id_fk" FOREIGN KEY ("version_closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_task_v" ADD CONSTRAINT "_lead_task_v_version_created_by_id_users_id_fk" FOREIGN KEY ("version_created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_task_v" ADD CONSTRAINT "_lead_task_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_task_v" ADD CONSTRAINT "_lead_task_v_version_dealership_id_company_id_fk" FOREIGN KEY ("version_dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "lead_task_title_idx" ON "lead_task" USING btree ("title");
  CREATE INDEX "lead_task_lead_idx" ON "lead_task" USING btree ("lead_id");
  CREATE INDEX "lead_task_due_at_idx" ON "lead_task" USING btree ("due_at");
  CREATE INDEX "lead_task_status_idx" ON "lead_task" USING btree ("status");
  CREATE INDEX "lead_task_closed_by_idx" ON "lead_task" USING btree ("closed_by_id");
  CREATE INDEX "lead_task_created_by_idx" ON "lead_task" USING btree ("created_by_id");
  CREATE INDEX "lead_task_last_modified_by_idx" ON "lead_task" USING btree ("last_modified_by_id");
  CREATE INDEX "lead_task_updated_at_idx" ON "lead_task" USING btree ("updated_at");
  CREATE INDEX "lead_task_created_at_idx" ON "lead_task" USING btree ("created_at");
  CREATE INDEX "lead_task_dealership_idx" ON "lead_task" USING btree ("dealership_id");
  CREATE INDEX "lead_task_deleted_at_idx" ON "lead_task" USING btree ("deleted_at");
  CREATE INDEX "_lead_task_v_parent_idx" ON "_lead_task_v" USING btree ("parent_id");
  CREATE INDEX "_lead_task_v_version_version_title_idx" ON "_lead_task_v" USING btree ("version_title");
  CREATE INDEX "_lead_task_v_version_version_lead_idx" ON "_lead_task_v" USING btree ("version_lead_id");
  CREATE INDEX "_lead_task_v_version_version_due_at_idx" ON "_lead_task_v" USING btree ("version_due_at");
  CREATE INDEX "_lead_task_v_version_version_status_idx" ON "_lead_task_v" USING btree ("version_status");
  CREATE INDEX "_lead_task_v_version_version_closed_by_idx" ON "_lead_task_v" USING btree ("version_closed_by_id");
  CREATE INDEX "_lead_task_v_version_version_created_by_idx" ON "_lead_task_v" USING btree ("version_created_by_id");
  CREATE INDEX "_lead_task_v_version_version_last_modified_by_idx" ON "_lead_task_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_lead_task_v_version_version_updated_at_idx" ON "_lead_task_v" USING btree ("version_updated_at");
  CREATE INDEX "_lead_task_v_version_version_created_at_idx" ON "_lead_task_v" USING btree ("version_created_at");
  CREATE INDEX "_lead_task_v_version_version_dealership_idx" ON "_lead_task_v" USING btree ("version_dealership_id");
  CREATE INDEX "_lead_task_v_version_version_deleted_at_idx" ON "_lead_task_v" USING btree ("version_deleted_at");
  CREATE INDEX "_lead_task_v_created_at_idx" ON "_lead_task_v" USING btree ("created_at");
  CREATE INDEX "_lead_task_v_updated_at_idx" ON "_lead_task_v" USING btree ("updated_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_lead_task_fk" FOREIGN KEY ("lead_task_id") REFERENCES "public"."lead_task"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_lead_task_id_idx" ON "payload_locked_documents_rels" USING btree ("lead_task_id");
  CREATE TRIGGER commerce_dealership BEFORE INSERT OR UPDATE ON lead_task
    FOR EACH ROW EXECUTE FUNCTION commerce_located_dealership();`)
  await db.execute(leadMovedFunction([...BEFORE, 'lead_task']))
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(leadMovedFunction(BEFORE))
  await db.execute(sql`
   ALTER TABLE "lead_task" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_lead_task_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "lead_task" CASCADE;
  DROP TABLE "_lead_task_v" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_lead_task_fk";
  
  ALTER TABLE "payload_query_presets" ALTER COLUMN "related_collection" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_query_presets_related_collection";
  CREATE TYPE "public"."enum_payload_query_presets_related_collection" AS ENUM('lead', 'leadEvents', 'vdpEmails', 'lead-appointment', 'credit-app', 'consumer', 'deal', 'customer', 'contact', 'company', 'errors');
  ALTER TABLE "payload_query_presets" ALTER COLUMN "related_collection" SET DATA TYPE "public"."enum_payload_query_presets_related_collection" USING "related_collection"::"public"."enum_payload_query_presets_related_collection";
  DROP INDEX "payload_locked_documents_rels_lead_task_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "lead_task_id";
  DROP TYPE "public"."enum_lead_task_status";
  DROP TYPE "public"."enum__lead_task_v_version_status";`)
}
