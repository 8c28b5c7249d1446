import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Who moved a record to the trash (`deletedBy`, src/trash/fields.ts), beside `deleted_at`, on
 * every trashable collection and its versions. Records trashed before this read no mover.
 */

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "lead_events" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_lead_events_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "vdp_emails" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_vdp_emails_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "lead_note" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_lead_note_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "lead_appointment" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_lead_appointment_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "credit_app" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_credit_app_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "pre_approval" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "consumer" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_consumer_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "deal" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_deal_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "customer" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "contact" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_contact_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "company" ADD COLUMN "deleted_by" varchar;
  ALTER TABLE "_company_v" ADD COLUMN "version_deleted_by" varchar;
  ALTER TABLE "errors" ADD COLUMN "deleted_by" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" DROP COLUMN "deleted_by";
  ALTER TABLE "lead_events" DROP COLUMN "deleted_by";
  ALTER TABLE "_lead_events_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "vdp_emails" DROP COLUMN "deleted_by";
  ALTER TABLE "_vdp_emails_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "lead_note" DROP COLUMN "deleted_by";
  ALTER TABLE "_lead_note_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "lead_appointment" DROP COLUMN "deleted_by";
  ALTER TABLE "_lead_appointment_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "credit_app" DROP COLUMN "deleted_by";
  ALTER TABLE "_credit_app_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "pre_approval" DROP COLUMN "deleted_by";
  ALTER TABLE "consumer" DROP COLUMN "deleted_by";
  ALTER TABLE "_consumer_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "deal" DROP COLUMN "deleted_by";
  ALTER TABLE "_deal_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "customer" DROP COLUMN "deleted_by";
  ALTER TABLE "contact" DROP COLUMN "deleted_by";
  ALTER TABLE "_contact_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "company" DROP COLUMN "deleted_by";
  ALTER TABLE "_company_v" DROP COLUMN "version_deleted_by";
  ALTER TABLE "errors" DROP COLUMN "deleted_by";`)
}
