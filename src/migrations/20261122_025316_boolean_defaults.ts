import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "credit_app" ALTER COLUMN "to_provider" SET DEFAULT false;
  ALTER TABLE "credit_band" ALTER COLUMN "is_unknown" SET DEFAULT false;
  ALTER TABLE "credit_band" ALTER COLUMN "is_n_s" SET DEFAULT false;
  ALTER TABLE "credit_band" ALTER COLUMN "is_prime" SET DEFAULT false;
  ALTER TABLE "credit_report" ALTER COLUMN "has_unknown_score" SET DEFAULT false;
  ALTER TABLE "credit_report" ALTER COLUMN "has_n_s" SET DEFAULT false;
  ALTER TABLE "contact" ALTER COLUMN "is_automated_agent" SET DEFAULT false;
  ALTER TABLE "company" ALTER COLUMN "is_facilitator" SET DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "credit_app" ALTER COLUMN "to_provider" DROP DEFAULT;
  ALTER TABLE "credit_band" ALTER COLUMN "is_unknown" DROP DEFAULT;
  ALTER TABLE "credit_band" ALTER COLUMN "is_n_s" DROP DEFAULT;
  ALTER TABLE "credit_band" ALTER COLUMN "is_prime" DROP DEFAULT;
  ALTER TABLE "credit_report" ALTER COLUMN "has_unknown_score" DROP DEFAULT;
  ALTER TABLE "credit_report" ALTER COLUMN "has_n_s" DROP DEFAULT;
  ALTER TABLE "contact" ALTER COLUMN "is_automated_agent" DROP DEFAULT;
  ALTER TABLE "company" ALTER COLUMN "is_facilitator" DROP DEFAULT;`)
}
