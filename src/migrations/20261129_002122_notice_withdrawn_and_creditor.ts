import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Generated, then one data step written by hand: notices made while the creditor was not
// configured held the settings' old placeholders ("Creditor not configured (CREDITOR_NAME)") as
// the creditor; they now hold nothing, so the notice is filled from the settings when it is
// delivered, and is not delivered naming no creditor.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "adverse_action_notice" ADD COLUMN "withdrawn_at" timestamp(3) with time zone;
  ALTER TABLE "adverse_action_notice" ADD COLUMN "withdrawn_reason" varchar;`)
  await db.execute(sql`
  UPDATE "adverse_action_notice" SET "creditor_name" = NULL
   WHERE "creditor_name" = 'Creditor not configured (CREDITOR_NAME)' AND "delivered_at" IS NULL;
  UPDATE "adverse_action_notice" SET "creditor_address" = NULL
   WHERE "creditor_address" = 'Address not configured (CREDITOR_ADDRESS)' AND "delivered_at" IS NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "adverse_action_notice" DROP COLUMN "withdrawn_at";
  ALTER TABLE "adverse_action_notice" DROP COLUMN "withdrawn_reason";`)
}
