import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" ADD COLUMN "location_id" varchar;
  ALTER TABLE "lead" ADD CONSTRAINT "lead_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "lead_location_idx" ON "lead" USING btree ("location_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" DROP CONSTRAINT "lead_location_id_location_id_fk";
  
  DROP INDEX "lead_location_idx";
  ALTER TABLE "lead" DROP COLUMN "location_id";`)
}
