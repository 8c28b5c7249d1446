import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "adverse_action_notice_corrections" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"field" varchar NOT NULL,
  	"from" varchar,
  	"to" varchar,
  	"reason" varchar NOT NULL,
  	"by" varchar,
  	"by_account" varchar,
  	"at" timestamp(3) with time zone
  );
  
  CREATE TABLE "consumer_requests_corrections" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"field" varchar NOT NULL,
  	"from" varchar,
  	"to" varchar,
  	"reason" varchar NOT NULL,
  	"by" varchar,
  	"by_account" varchar,
  	"at" timestamp(3) with time zone
  );
  
  ALTER TABLE "adverse_action_notice_corrections" ADD CONSTRAINT "adverse_action_notice_corrections_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."adverse_action_notice"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "consumer_requests_corrections" ADD CONSTRAINT "consumer_requests_corrections_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."consumer_requests"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "adverse_action_notice_corrections_order_idx" ON "adverse_action_notice_corrections" USING btree ("_order");
  CREATE INDEX "adverse_action_notice_corrections_parent_id_idx" ON "adverse_action_notice_corrections" USING btree ("_parent_id");
  CREATE INDEX "consumer_requests_corrections_order_idx" ON "consumer_requests_corrections" USING btree ("_order");
  CREATE INDEX "consumer_requests_corrections_parent_id_idx" ON "consumer_requests_corrections" USING btree ("_parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "adverse_action_notice_corrections" CASCADE;
  DROP TABLE "consumer_requests_corrections" CASCADE;`)
}
