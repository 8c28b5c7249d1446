import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE INDEX "consumer_texts_parent_idx" ON "consumer_texts" USING btree ("parent_id");
  CREATE INDEX "customer_texts_parent_idx" ON "customer_texts" USING btree ("parent_id");
  CREATE INDEX "contact_texts_parent_idx" ON "contact_texts" USING btree ("parent_id");
  CREATE INDEX "account_texts_parent_idx" ON "account_texts" USING btree ("parent_id");
  CREATE INDEX "vehicle_spec_texts_parent_idx" ON "vehicle_spec_texts" USING btree ("parent_id");
  CREATE INDEX "api_clients_api_key_index_idx" ON "api_clients" USING btree ("api_key_index");
  CREATE INDEX "audit_log_texts_parent_idx" ON "audit_log_texts" USING btree ("parent_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "consumer_texts_parent_idx";
  DROP INDEX "customer_texts_parent_idx";
  DROP INDEX "contact_texts_parent_idx";
  DROP INDEX "account_texts_parent_idx";
  DROP INDEX "vehicle_spec_texts_parent_idx";
  DROP INDEX "api_clients_api_key_index_idx";
  DROP INDEX "audit_log_texts_parent_idx";`)
}
