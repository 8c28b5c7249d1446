import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { LEAD_TABLES, leadMovedFunction } from './20261129_165634_lead_notes'

// Generated, then by hand as for lead notes (20261129_165634_lead_notes): an appointment and its
// versions go with their lead when it is deleted for good, and it keeps its lead's dealership.
const BEFORE = [...LEAD_TABLES, 'lead_note']

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_lead_appointment_kind" AS ENUM('showroom-visit', 'test-drive', 'phone-call', 'video-call', 'delivery');
  CREATE TYPE "public"."enum_lead_appointment_status" AS ENUM('set', 'confirmed', 'shown', 'no-show', 'cancelled');
  CREATE TYPE "public"."enum__lead_appointment_v_version_kind" AS ENUM('showroom-visit', 'test-drive', 'phone-call', 'video-call', 'delivery');
  CREATE TYPE "public"."enum__lead_appointment_v_version_status" AS ENUM('set', 'confirmed', 'shown', 'no-show', 'cancelled');
  ALTER TYPE "public"."enum_payload_query_presets_related_collection" ADD VALUE 'lead-appointment' BEFORE 'credit-app';
  CREATE TABLE "lead_appointment" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"lead_id" integer,
  	"starts_at" timestamp(3) with time zone NOT NULL,
  	"kind" "enum_lead_appointment_kind" DEFAULT 'showroom-visit' NOT NULL,
  	"status" "enum_lead_appointment_status" DEFAULT 'set' NOT NULL,
  	"note" varchar,
  	"created_by_id" integer,
  	"last_modified_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"dealership_id" varchar,
  	"deleted_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_lead_appointment_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_lead_id" integer,
  	"version_starts_at" timestamp(3) with time zone NOT NULL,
  	"version_kind" "enum__lead_appointment_v_version_kind" DEFAULT 'showroom-visit' NOT NULL,
  	"version_status" "enum__lead_appointment_v_version_status" DEFAULT 'set' NOT NULL,
  	"version_note" varchar,
  	"version_created_by_id" integer,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version_dealership_id" varchar,
  	"version_deleted_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "lead_appointment_id" integer;
  ALTER TABLE "lead_appointment" ADD CONSTRAINT "lead_appointment_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "lead_appointment" ADD CONSTRAINT "lead_appointment_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_appointment" ADD CONSTRAINT "lead_appointment_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_appointment" ADD CONSTRAINT "lead_appointment_dealership_id_company_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_appointment_v" ADD CONSTRAINT "_lead_appointment_v_parent_id_lead_appointment_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lead_appointment"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_lead_appointment_v" ADD CONSTRAINT "_lead_appointment_v_version_lead_id_lead_id_fk" FOREIGN KEY ("version_lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_lead_appointment_v" ADD CONSTRAINT "_lead_appointment_v_version_created_by_id_users_id_fk" FOREIGN KEY ("version_created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_appointment_v" ADD CONSTRAINT "_lead_appointment_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_appointment_v" ADD CONSTRAINT "_lead_appointment_v_version_dealership_id_company_id_fk" FOREIGN KEY ("version_dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "lead_appointment_title_idx" ON "lead_appointment" USING btree ("title");
  CREATE INDEX "lead_appointment_lead_idx" ON "lead_appointment" USING btree ("lead_id");
  CREATE INDEX "lead_appointment_starts_at_idx" ON "lead_appointment" USING btree ("starts_at");
  CREATE INDEX "lead_appointment_status_idx" ON "lead_appointment" USING btree ("status");
  CREATE INDEX "lead_appointment_created_by_idx" ON "lead_appointment" USING btree ("created_by_id");
  CREATE INDEX "lead_appointment_last_modified_by_idx" ON "lead_appointment" USING btree ("last_modified_by_id");
  CREATE INDEX "lead_appointment_updated_at_idx" ON "lead_appointment" USING btree ("updated_at");
  CREATE INDEX "lead_appointment_created_at_idx" ON "lead_appointment" USING btree ("created_at");
  CREATE INDEX "lead_appointment_dealership_idx" ON "lead_appointment" USING btree ("dealership_id");
  CREATE INDEX "lead_appointment_deleted_at_idx" ON "lead_appointment" USING btree ("deleted_at");
  CREATE INDEX "_lead_appointment_v_parent_idx" ON "_lead_appointment_v" USING btree ("parent_id");
  CREATE INDEX "_lead_appointment_v_version_version_title_idx" ON "_lead_appointment_v" USING btree ("version_title");
  CREATE INDEX "_lead_appointment_v_version_version_lead_idx" ON "_lead_appointment_v" USING btree ("version_lead_id");
  CREATE INDEX "_lead_appointment_v_version_version_starts_at_idx" ON "_lead_appointment_v" USING btree ("version_starts_at");
  CREATE INDEX "_lead_appointment_v_version_version_status_idx" ON "_lead_appointment_v" USING btree ("version_status");
  CREATE INDEX "_lead_appointment_v_version_version_created_by_idx" ON "_lead_appointment_v" USING btree ("version_created_by_id");
  CREATE INDEX "_lead_appointment_v_version_version_last_modified_by_idx" ON "_lead_appointment_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_lead_appointment_v_version_version_updated_at_idx" ON "_lead_appointment_v" USING btree ("version_updated_at");
  CREATE INDEX "_lead_appointment_v_version_version_created_at_idx" ON "_lead_appointment_v" USING btree ("version_created_at");
  CREATE INDEX "_lead_appointment_v_version_version_dealership_idx" ON "_lead_appointment_v" USING btree ("version_dealership_id");
  CREATE INDEX "_lead_appointment_v_version_version_deleted_at_idx" ON "_lead_appointment_v" USING btree ("version_deleted_at");
  CREATE INDEX "_lead_appointment_v_created_at_idx" ON "_lead_appointment_v" USING btree ("created_at");
  CREATE INDEX "_lead_appointment_v_updated_at_idx" ON "_lead_appointment_v" USING btree ("updated_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_lead_appointment_fk" FOREIGN KEY ("lead_appointment_id") REFERENCES "public"."lead_appointment"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_lead_appointment_id_idx" ON "payload_locked_documents_rels" USING btree ("lead_appointment_id");
  CREATE TRIGGER commerce_dealership BEFORE INSERT OR UPDATE ON lead_appointment
    FOR EACH ROW EXECUTE FUNCTION commerce_located_dealership();`)
  await db.execute(leadMovedFunction([...BEFORE, 'lead_appointment']))
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(leadMovedFunction(BEFORE))
  await db.execute(sql`
   ALTER TABLE "lead_appointment" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_lead_appointment_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "lead_appointment" CASCADE;
  DROP TABLE "_lead_appointment_v" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_lead_appointment_fk";
  
  ALTER TABLE "payload_query_presets" ALTER COLUMN "related_collection" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_query_presets_related_collection";
  CREATE TYPE "public"."enum_payload_query_presets_related_collection" AS ENUM('lead', 'leadEvents', 'vdpEmails', 'credit-app', 'consumer', 'deal', 'customer', 'contact', 'company', 'errors');
  ALTER TABLE "payload_query_presets" ALTER COLUMN "related_collection" SET DATA TYPE "public"."enum_payload_query_presets_related_collection" USING "related_collection"::"public"."enum_payload_query_presets_related_collection";
  DROP INDEX "payload_locked_documents_rels_lead_appointment_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "lead_appointment_id";
  DROP TYPE "public"."enum_lead_appointment_kind";
  DROP TYPE "public"."enum_lead_appointment_status";
  DROP TYPE "public"."enum__lead_appointment_v_version_kind";
  DROP TYPE "public"."enum__lead_appointment_v_version_status";`)
}
