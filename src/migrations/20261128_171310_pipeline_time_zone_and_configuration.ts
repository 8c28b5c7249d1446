import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Generated, then two data steps written by hand: a company whose locations' desks all name one
// time zone takes it as its own (its dashboard's day), and a configuration error already stored
// as an app's submission message moves to the admins' field, leaving a plain message behind.
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "credit_app" ADD COLUMN "provider_submission_configuration" varchar;
  ALTER TABLE "_credit_app_v" ADD COLUMN "version_provider_submission_configuration" varchar;
  ALTER TABLE "company" ADD COLUMN "time_zone" varchar;
  ALTER TABLE "_company_v" ADD COLUMN "version_time_zone" varchar;`)
  await db.execute(sql`
  UPDATE "company" c SET "time_zone" = z.zone
    FROM (SELECT "company_id_id", min("desk_time_zone") AS zone FROM "location"
           WHERE "desk_time_zone" IS NOT NULL AND "desk_time_zone" <> ''
           GROUP BY "company_id_id" HAVING count(DISTINCT "desk_time_zone") = 1) z
   WHERE z."company_id_id" = c."id";
  UPDATE "credit_app"
     SET "provider_submission_configuration" = "provider_submission_message",
         "provider_submission_message" = 'Not sent: this service is not set up to send apps to '
           || CASE WHEN "provider_submission_message" LIKE 'provider_a %' THEN 'Provider A' ELSE 'Provider B' END
           || ' yet. An administrator can see what is missing.'
   WHERE "provider_submission_message" ~ '^provider_[ab] is not configured \\(PROVIDER_[AB]_URL\\)$';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "credit_app" SET "provider_submission_message" = "provider_submission_configuration"
   WHERE "provider_submission_configuration" IS NOT NULL;
   ALTER TABLE "credit_app" DROP COLUMN "provider_submission_configuration";
  ALTER TABLE "_credit_app_v" DROP COLUMN "version_provider_submission_configuration";
  ALTER TABLE "company" DROP COLUMN "time_zone";
  ALTER TABLE "_company_v" DROP COLUMN "version_time_zone";`)
}
