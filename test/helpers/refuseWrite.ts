/**
 * A write the database fails on purpose: a trigger on `table` fails the rows it sees (of those
 * matching `when`, a condition on NEW): the first only (`once`), or every one. Each row is counted
 * in a sequence, which a rollback does not undo: a compiled write refused, rolled back and then
 * written by Payload counts 2. It fails with an error (`raise`), or by ending its own backend, as
 * a restart or a crash of PostgreSQL's process would (`terminate`): the client then loses its
 * connection with the statement in flight.
 */
import type pg from 'pg'

type Options = { how?: 'raise' | 'terminate'; once?: boolean; when?: string }

export const refuseWrite = async (
  db: Pick<pg.Pool, 'query'>,
  table: string,
  { how = 'raise', once = true, when = 'true' }: Options = {},
) => {
  const fail =
    how === 'raise'
      ? `RAISE EXCEPTION 'refused by the test'`
      : // The backend acts on its own SIGTERM at its next check: it waits here until then.
        'PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5)'
  // One query, so one implicit transaction: a setup that fails leaves nothing behind.
  await db.query(`
    CREATE SEQUENCE test_attempts;
    CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN
        ${once ? `IF nextval('test_attempts') = 1 THEN ${fail}; END IF;` : `PERFORM nextval('test_attempts'); ${fail};`}
        RETURN NEW;
      END $$;
    CREATE TRIGGER test_refuse BEFORE INSERT ON ${table}
      FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION test_refuse()`)
  return {
    /** The rows the trigger saw, the failed ones included (0 if it never fired). */
    attempts: async () =>
      Number(
        (
          await db.query(
            'SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM test_attempts',
          )
        ).rows[0].n,
      ),
    drop: () =>
      db.query(
        `DROP TRIGGER test_refuse ON ${table}; DROP FUNCTION test_refuse(); DROP SEQUENCE test_attempts`,
      ),
  }
}
