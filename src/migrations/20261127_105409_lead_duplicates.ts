import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { matchKeysOf } from '@/leadDesk/matchKeys'

type StoredLead = {
  c_email: null | string
  c_first_name: null | string
  c_last_name: null | string
  c_phones: null | string[]
  email: null | string
  first_name: null | string
  id: number
  last_name: null | string
  phone_number: null | string
}

// Written by hand: the match keys of the leads already stored, worked out as keepMatchKeys
// (src/leadDesk/duplicates.ts) does on save, so they are found as duplicates too.
export const backfillMatchKeys = async (db: MigrateUpArgs['db']) => {
  const { rows } = await db.execute<StoredLead>(sql`
    SELECT l.id, l.first_name, l.last_name, l.email, l.phone_number,
           c.first_name AS c_first_name, c.last_name AS c_last_name, c.email AS c_email,
           array_remove(array_prepend(c.phone_number, (SELECT array_agg(t.text ORDER BY t."order")
             FROM consumer_texts t WHERE t.parent_id = c.id AND t.path = 'phoneNumbers')), NULL)
             AS c_phones
      FROM lead l LEFT JOIN consumer c ON c.id = l.consumer_id`)
  for (const row of rows) {
    const keys = matchKeysOf(
      {
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        phones: [row.phone_number],
      },
      row.c_first_name === null && row.c_email === null && !row.c_phones?.length
        ? undefined
        : {
            email: row.c_email,
            firstName: row.c_first_name,
            lastName: row.c_last_name,
            phones: row.c_phones ?? [],
          },
    )
    await db.execute(sql`
      UPDATE lead SET match_email = ${keys.email}, match_first_name = ${keys.firstName},
             match_last_name = ${keys.lastName}, match_phones = ${JSON.stringify(keys.phones)}::jsonb
       WHERE id = ${row.id}`)
  }
}


export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" ADD COLUMN "merged_into_id" integer;
  ALTER TABLE "lead" ADD COLUMN "merged_at" timestamp(3) with time zone;
  ALTER TABLE "lead" ADD COLUMN "match_email" varchar;
  ALTER TABLE "lead" ADD COLUMN "match_first_name" varchar;
  ALTER TABLE "lead" ADD COLUMN "match_last_name" varchar;
  ALTER TABLE "lead" ADD COLUMN "match_phones" jsonb;
  ALTER TABLE "lead_events" ADD COLUMN "submission_source" varchar;
  ALTER TABLE "lead_events" ADD COLUMN "submission_values" jsonb;
  ALTER TABLE "_lead_events_v" ADD COLUMN "version_submission_source" varchar;
  ALTER TABLE "_lead_events_v" ADD COLUMN "version_submission_values" jsonb;
  ALTER TABLE "lead" ADD CONSTRAINT "lead_merged_into_id_lead_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."lead"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "lead_merged_into_idx" ON "lead" USING btree ("merged_into_id");
  CREATE INDEX "lead_merged_at_idx" ON "lead" USING btree ("merged_at");
  CREATE INDEX "lead_match_match_email_idx" ON "lead" USING btree ("match_email");
  CREATE INDEX "lead_match_phones_idx" ON "lead" USING gin ("match_phones");`)
  await backfillMatchKeys(db)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "lead" DROP CONSTRAINT "lead_merged_into_id_lead_id_fk";
  
  DROP INDEX "lead_merged_into_idx";
  DROP INDEX "lead_merged_at_idx";
  DROP INDEX "lead_match_match_email_idx";
  DROP INDEX "lead_match_phones_idx";
  ALTER TABLE "lead" DROP COLUMN "merged_into_id";
  ALTER TABLE "lead" DROP COLUMN "merged_at";
  ALTER TABLE "lead" DROP COLUMN "match_email";
  ALTER TABLE "lead" DROP COLUMN "match_first_name";
  ALTER TABLE "lead" DROP COLUMN "match_last_name";
  ALTER TABLE "lead" DROP COLUMN "match_phones";
  ALTER TABLE "lead_events" DROP COLUMN "submission_source";
  ALTER TABLE "lead_events" DROP COLUMN "submission_values";
  ALTER TABLE "_lead_events_v" DROP COLUMN "version_submission_source";
  ALTER TABLE "_lead_events_v" DROP COLUMN "version_submission_values";`)
}
