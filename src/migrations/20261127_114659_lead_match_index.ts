import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "lead_match_match_email_idx";
  CREATE INDEX "lead_match_email_idx" ON "lead" USING btree ("match_email");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "lead_match_email_idx";
  CREATE INDEX "lead_match_match_email_idx" ON "lead" USING btree ("match_email");`)
}
