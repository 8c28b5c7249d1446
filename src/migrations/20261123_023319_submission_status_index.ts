import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "credit_app_provider_submission_provider_submission_statu_idx" ON "credit_app" USING btree ("provider_submission_status");
  CREATE INDEX "_credit_app_v_version_provider_submission_version_provid_idx" ON "_credit_app_v" USING btree ("version_provider_submission_status");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "credit_app_provider_submission_provider_submission_statu_idx";
  DROP INDEX "_credit_app_v_version_provider_submission_version_provid_idx";`)
}
