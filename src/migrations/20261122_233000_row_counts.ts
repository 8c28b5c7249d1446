import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Written by hand (no schema change): row counts kept by statement-level triggers, so that an
// unfiltered list of a large collection need not count its rows (src/db/rowCounts.ts).
// Frozen: 20261130_190000_drop_row_counts runs this file's down as its up, and its up as its down.
const COUNTED = ['web_event', 'company']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "row_counts" ("table_name" text PRIMARY KEY, "row_count" bigint NOT NULL);
   CREATE FUNCTION "row_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'INSERT' THEN
       UPDATE row_counts SET row_count = row_count + (SELECT count(*) FROM changed_rows)
         WHERE table_name = TG_TABLE_NAME;
     ELSIF TG_OP = 'DELETE' THEN
       UPDATE row_counts SET row_count = row_count - (SELECT count(*) FROM changed_rows)
         WHERE table_name = TG_TABLE_NAME;
     ELSE
       UPDATE row_counts SET row_count = 0 WHERE table_name = TG_TABLE_NAME;
     END IF;
     RETURN NULL;
   END $$;`)
  for (const table of COUNTED) {
    const name = sql.raw(`"${table}"`)
    // No write may land between the count and the triggers.
    await db.execute(sql`
   LOCK TABLE ${name} IN SHARE ROW EXCLUSIVE MODE;
   INSERT INTO "row_counts" SELECT ${sql.raw(`'${table}'`)}, count(*) FROM ${name};
   CREATE TRIGGER ${sql.raw(`"${table}_count_insert"`)} AFTER INSERT ON ${name}
     REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
   CREATE TRIGGER ${sql.raw(`"${table}_count_delete"`)} AFTER DELETE ON ${name}
     REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();
   CREATE TRIGGER ${sql.raw(`"${table}_count_truncate"`)} AFTER TRUNCATE ON ${name}
     FOR EACH STATEMENT EXECUTE FUNCTION row_counts_apply();`)
    // Also in sessions with session_replication_role = replica (npm run generate, a data-only
    // restore), which skip ordinary triggers.
    for (const operation of ['insert', 'delete', 'truncate']) {
      await db.execute(
        sql`ALTER TABLE ${name} ENABLE ALWAYS TRIGGER ${sql.raw(`"${table}_count_${operation}"`)};`,
      )
    }
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of COUNTED) {
    for (const operation of ['insert', 'delete', 'truncate']) {
      await db.execute(
        sql`DROP TRIGGER ${sql.raw(`"${table}_count_${operation}"`)} ON ${sql.raw(`"${table}"`)};`,
      )
    }
  }
  await db.execute(sql`
   DROP FUNCTION "row_counts_apply"();
   DROP TABLE "row_counts";`)
}
