import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Generated, then by hand: a note and its versions go with their lead when the lead is deleted
// for good, and its versions with the note (their foreign keys cascade, where Payload's would
// leave a note naming no lead, or versions holding a deleted note's text), and
// a note's dealership is kept from its lead's by the triggers of 20261128_055047_dealership_on_row,
// as a VDP e-mail's is.
/**
 * The lead's dealership copied to the records of these tables that name it, when it changes
 * (the trigger of 20261128_055047_dealership_on_row, redefined with each table that joins it).
 */
export const leadMovedFunction = (tables: string[]) =>
  sql.raw(`
CREATE OR REPLACE FUNCTION commerce_lead_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN${tables
    .map(
      (table) => `
  UPDATE ${table} SET dealership_id = NEW.dealership_id
    WHERE lead_id = NEW.id AND dealership_id IS DISTINCT FROM NEW.dealership_id;`,
    )
    .join('')}
  RETURN NULL;
END $$;`)

/** The tables before this migration. */
export const LEAD_TABLES = ['lead_events', 'vdp_emails', 'do_not_contact']

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "lead_note" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"lead_id" integer,
  	"body" varchar NOT NULL,
  	"created_by_id" integer,
  	"last_modified_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"dealership_id" varchar,
  	"deleted_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_lead_note_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_lead_id" integer,
  	"version_body" varchar NOT NULL,
  	"version_created_by_id" integer,
  	"version_last_modified_by_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version_dealership_id" varchar,
  	"version_deleted_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "lead_note_id" integer;
  ALTER TABLE "lead_note" ADD CONSTRAINT "lead_note_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "lead_note" ADD CONSTRAINT "lead_note_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_note" ADD CONSTRAINT "lead_note_last_modified_by_id_users_id_fk" FOREIGN KEY ("last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "lead_note" ADD CONSTRAINT "lead_note_dealership_id_company_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_note_v" ADD CONSTRAINT "_lead_note_v_parent_id_lead_note_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lead_note"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_lead_note_v" ADD CONSTRAINT "_lead_note_v_version_lead_id_lead_id_fk" FOREIGN KEY ("version_lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_lead_note_v" ADD CONSTRAINT "_lead_note_v_version_created_by_id_users_id_fk" FOREIGN KEY ("version_created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_note_v" ADD CONSTRAINT "_lead_note_v_version_last_modified_by_id_users_id_fk" FOREIGN KEY ("version_last_modified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_lead_note_v" ADD CONSTRAINT "_lead_note_v_version_dealership_id_company_id_fk" FOREIGN KEY ("version_dealership_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "lead_note_title_idx" ON "lead_note" USING btree ("title");
  CREATE INDEX "lead_note_lead_idx" ON "lead_note" USING btree ("lead_id");
  CREATE INDEX "lead_note_created_by_idx" ON "lead_note" USING btree ("created_by_id");
  CREATE INDEX "lead_note_last_modified_by_idx" ON "lead_note" USING btree ("last_modified_by_id");
  CREATE INDEX "lead_note_updated_at_idx" ON "lead_note" USING btree ("updated_at");
  CREATE INDEX "lead_note_created_at_idx" ON "lead_note" USING btree ("created_at");
  CREATE INDEX "lead_note_dealership_idx" ON "lead_note" USING btree ("dealership_id");
  CREATE INDEX "lead_note_deleted_at_idx" ON "lead_note" USING btree ("deleted_at");
  CREATE INDEX "_lead_note_v_parent_idx" ON "_lead_note_v" USING btree ("parent_id");
  CREATE INDEX "_lead_note_v_version_version_title_idx" ON "_lead_note_v" USING btree ("version_title");
  CREATE INDEX "_lead_note_v_version_version_lead_idx" ON "_lead_note_v" USING btree ("version_lead_id");
  CREATE INDEX "_lead_note_v_version_version_created_by_idx" ON "_lead_note_v" USING btree ("version_created_by_id");
  CREATE INDEX "_lead_note_v_version_version_last_modified_by_idx" ON "_lead_note_v" USING btree ("version_last_modified_by_id");
  CREATE INDEX "_lead_note_v_version_version_updated_at_idx" ON "_lead_note_v" USING btree ("version_updated_at");
  CREATE INDEX "_lead_note_v_version_version_created_at_idx" ON "_lead_note_v" USING btree ("version_created_at");
  CREATE INDEX "_lead_note_v_version_version_dealership_idx" ON "_lead_note_v" USING btree ("version_dealership_id");
  CREATE INDEX "_lead_note_v_version_version_deleted_at_idx" ON "_lead_note_v" USING btree ("version_deleted_at");
  CREATE INDEX "_lead_note_v_created_at_idx" ON "_lead_note_v" USING btree ("created_at");
  CREATE INDEX "_lead_note_v_updated_at_idx" ON "_lead_note_v" USING btree ("updated_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_lead_note_fk" FOREIGN KEY ("lead_note_id") REFERENCES "public"."lead_note"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_lead_note_id_idx" ON "payload_locked_documents_rels" USING btree ("lead_note_id");
  CREATE TRIGGER commerce_dealership BEFORE INSERT OR UPDATE ON lead_note
    FOR EACH ROW EXECUTE FUNCTION commerce_located_dealership();`)
  await db.execute(leadMovedFunction([...LEAD_TABLES, 'lead_note']))
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(leadMovedFunction(LEAD_TABLES))
  await db.execute(sql`
   ALTER TABLE "lead_note" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_lead_note_v" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "lead_note" CASCADE;
  DROP TABLE "_lead_note_v" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_lead_note_fk";
  
  DROP INDEX "payload_locked_documents_rels_lead_note_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "lead_note_id";`)
}
