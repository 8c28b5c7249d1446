import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_audit_action" ADD VALUE 'sign_in';
  ALTER TYPE "public"."enum_audit_action" ADD VALUE 'sign_in_refused';
  ALTER TYPE "public"."enum_audit_action" ADD VALUE 'role_change';
  ALTER TABLE "users" ADD COLUMN "identity_provider" varchar;
  ALTER TABLE "users" ADD COLUMN "identity_subject" varchar;
  ALTER TABLE "audit_log" ADD COLUMN "identity" varchar;
  CREATE UNIQUE INDEX "identityProvider_identitySubject_idx" ON "users" USING btree ("identity_provider","identity_subject");
  CREATE INDEX "audit_log_identity_idx" ON "audit_log" USING btree ("identity");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "audit_log" ALTER COLUMN "action" SET DATA TYPE text;
  DROP TYPE "public"."enum_audit_action";
  CREATE TYPE "public"."enum_audit_action" AS ENUM('create', 'update', 'delete', 'reveal', 'dispose', 'deidentify', 'export');
  ALTER TABLE "audit_log" ALTER COLUMN "action" SET DATA TYPE "public"."enum_audit_action" USING "action"::"public"."enum_audit_action";
  DROP INDEX "identityProvider_identitySubject_idx";
  DROP INDEX "audit_log_identity_idx";
  ALTER TABLE "users" DROP COLUMN "identity_provider";
  ALTER TABLE "users" DROP COLUMN "identity_subject";
  ALTER TABLE "audit_log" DROP COLUMN "identity";`)
}
