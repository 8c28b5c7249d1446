import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_mailbox_message_status" AS ENUM('processed', 'failed');
  CREATE TABLE "mailbox_message" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"message_id" varchar NOT NULL,
  	"status" "enum_mailbox_message_status" NOT NULL,
  	"received_at" timestamp(3) with time zone NOT NULL,
  	"reason" varchar,
  	"from" varchar,
  	"subject" varchar,
  	"sent_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "mailbox_message_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"lead_id" integer
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "mailbox_message_id" integer;
  ALTER TABLE "mailbox_message_rels" ADD CONSTRAINT "mailbox_message_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."mailbox_message"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "mailbox_message_rels" ADD CONSTRAINT "mailbox_message_rels_lead_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "mailbox_message_message_id_idx" ON "mailbox_message" USING btree ("message_id");
  CREATE INDEX "mailbox_message_status_idx" ON "mailbox_message" USING btree ("status");
  CREATE INDEX "mailbox_message_received_at_idx" ON "mailbox_message" USING btree ("received_at");
  CREATE INDEX "mailbox_message_updated_at_idx" ON "mailbox_message" USING btree ("updated_at");
  CREATE INDEX "mailbox_message_created_at_idx" ON "mailbox_message" USING btree ("created_at");
  CREATE INDEX "mailbox_message_rels_order_idx" ON "mailbox_message_rels" USING btree ("order");
  CREATE INDEX "mailbox_message_rels_parent_idx" ON "mailbox_message_rels" USING btree ("parent_id");
  CREATE INDEX "mailbox_message_rels_path_idx" ON "mailbox_message_rels" USING btree ("path");
  CREATE INDEX "mailbox_message_rels_lead_id_idx" ON "mailbox_message_rels" USING btree ("lead_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_mailbox_message_fk" FOREIGN KEY ("mailbox_message_id") REFERENCES "public"."mailbox_message"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_mailbox_message_id_idx" ON "payload_locked_documents_rels" USING btree ("mailbox_message_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mailbox_message" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "mailbox_message_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "mailbox_message" CASCADE;
  DROP TABLE "mailbox_message_rels" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_mailbox_message_fk";
  
  DROP INDEX "payload_locked_documents_rels_mailbox_message_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "mailbox_message_id";
  DROP TYPE "public"."enum_mailbox_message_status";`)
}
