import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Written by hand (no schema change): the staff's unfiltered lists of leads and lead events count
 * every row not in the trash with every page, and the audit log's every row: 0.4–0.8 s each at
 * two to ten million rows (docs/performance.md, "At a dealer group's size"). Statement-level
 * triggers keep those numbers in `live_row_counts`, in the writer's transaction, so the count is
 * exact for whoever reads it (src/db/rowCounts.ts). Web events and companies, counted until now
 * in `row_counts` (one row per table), are counted here too; `row_counts` and its triggers stay
 * for one release, because nodes of the release before read it while a rolling release rolls
 * (docs/deployment.md), and are dropped by the next release's migrations.
 *
 * Unlike `row_counts`, each backend adds to a row of its own (its process id is the shard), and
 * a table's number is the sum of its rows: a backend runs one transaction at a time, so writers
 * never queue on a counter. With one row for the audit log, which every audited write adds to, 50
 * connections writing a row and its audit entry ran at 0.20× the transactions per second of no
 * counter; with 16 rows picked by process id, 0.72×; with a row per backend, 0.83× (npm run
 * bench:counters, quiet machine; on a busy one 0.05×, 0.49–0.58× and 0.89×). Rows of backends
 * that have ended are folded into shard 0 by the job runner (src/db/rowCounts.ts). An update adds
 * only when it moves a row in or out of the trash; other updates (a lead event's status) write
 * nothing here.
 */
const LIVE = ['lead', 'lead_events']
const ALL = ['audit_log', 'company', 'web_event']

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "live_row_counts" (
     "table_name" text NOT NULL, "shard" integer NOT NULL, "row_count" bigint NOT NULL,
     PRIMARY KEY ("table_name", "shard"));
   CREATE FUNCTION "live_row_counts_add"(counted text, delta bigint) RETURNS void LANGUAGE sql AS $$
     INSERT INTO live_row_counts VALUES (counted, pg_backend_pid(), delta)
       ON CONFLICT (table_name, shard)
       DO UPDATE SET row_count = live_row_counts.row_count + excluded.row_count
   $$;
   CREATE FUNCTION "live_row_counts_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM live_row_counts WHERE table_name = TG_TABLE_NAME;
     INSERT INTO live_row_counts VALUES (TG_TABLE_NAME, 0, 0);
     RETURN NULL;
   END $$;
   -- TG_ARGV[0] = 'trashed': rows in the trash are not counted. A branch not taken is never
   -- planned, so a table without deleted_at never meets the condition.
   CREATE FUNCTION "live_row_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE delta bigint;
   BEGIN
     IF TG_OP = 'INSERT' AND TG_ARGV[0] = 'trashed' THEN
       SELECT count(*) INTO delta FROM new_rows WHERE deleted_at IS NULL;
     ELSIF TG_OP = 'INSERT' THEN
       SELECT count(*) INTO delta FROM new_rows;
     ELSIF TG_ARGV[0] = 'trashed' THEN
       SELECT -count(*) INTO delta FROM old_rows WHERE deleted_at IS NULL;
     ELSE
       SELECT -count(*) INTO delta FROM old_rows;
     END IF;
     IF delta <> 0 THEN PERFORM live_row_counts_add(TG_TABLE_NAME, delta); END IF;
     RETURN NULL;
   END $$;
   CREATE FUNCTION "live_row_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM live_row_counts_add(TG_TABLE_NAME, CASE WHEN NEW.deleted_at IS NULL THEN 1 ELSE -1 END);
     RETURN NULL;
   END $$;`)
  for (const table of [...LIVE, ...ALL]) {
    const live = LIVE.includes(table)
    const name = sql.raw(`"${table}"`)
    const apply = sql.raw(`live_row_counts_apply('${live ? 'trashed' : 'all'}')`)
    const trigger = (operation: string) => sql.raw(`"${table}_live_count_${operation}"`)
    // No write may land between the count and the triggers.
    await db.execute(sql`LOCK TABLE ${name} IN SHARE ROW EXCLUSIVE MODE;`)
    await db.execute(sql`
   INSERT INTO "live_row_counts"
     SELECT ${sql.raw(`'${table}'`)}, 0, count(*) FROM ${name}
     ${sql.raw(live ? 'WHERE "deleted_at" IS NULL' : '')};
   CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${name}
     REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${apply};
   CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${name}
     REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${apply};
   CREATE TRIGGER ${trigger('truncate')} AFTER TRUNCATE ON ${name}
     FOR EACH STATEMENT EXECUTE FUNCTION live_row_counts_reset();`)
    const operations = ['insert', 'delete', 'truncate']
    if (live) {
      // A row into or out of the trash: a row trigger whose condition PostgreSQL checks without
      // calling it, so other updates cost nothing measurable (a statement trigger with transition
      // tables cost 16–21% of 50 connections' single-row updates: npm run bench:counters).
      await db.execute(sql`
   CREATE TRIGGER ${trigger('update')} AFTER UPDATE ON ${name} FOR EACH ROW
     WHEN ((OLD."deleted_at" IS NULL) <> (NEW."deleted_at" IS NULL))
     EXECUTE FUNCTION live_row_counts_moved();`)
      operations.push('update')
    }
    // Also in sessions with session_replication_role = replica (npm run generate, a data-only
    // restore), which skip ordinary triggers.
    for (const operation of operations) {
      await db.execute(sql`ALTER TABLE ${name} ENABLE ALWAYS TRIGGER ${trigger(operation)};`)
    }
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of [...LIVE, ...ALL]) {
    for (const operation of ['insert', 'delete', 'truncate', 'update']) {
      await db.execute(
        sql`DROP TRIGGER IF EXISTS ${sql.raw(`"${table}_live_count_${operation}"`)} ON ${sql.raw(`"${table}"`)};`,
      )
    }
  }
  await db.execute(sql`
   DROP FUNCTION "live_row_counts_apply"();
   DROP FUNCTION "live_row_counts_moved"();
   DROP FUNCTION "live_row_counts_reset"();
   DROP FUNCTION "live_row_counts_add"(text, bigint);
   DROP TABLE "live_row_counts";`)
}
