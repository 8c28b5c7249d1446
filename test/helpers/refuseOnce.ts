/**
 * A write the database refuses once: a trigger on `table` fails the first row it sees (of those
 * matching `when`, a condition on NEW) and counts every row in a sequence, which a rollback does
 * not undo. A compiled write refused, rolled back and then written by Payload counts 2. It fails
 * with an error (`raise`), or by ending its own backend, as a restart or a crash of PostgreSQL's
 * process would (`terminate`): the client loses its connection with the statement in flight.
 */
type Db = { query: (text: string) => Promise<{ rows: { last_value: string }[] }> }

export const refuseFirstWrite = async (
  db: Db,
  table: string,
  when = 'true',
  how: 'raise' | 'terminate' = 'raise',
) => {
  const fail =
    how === 'raise'
      ? `RAISE EXCEPTION 'refused by the test'`
      : 'PERFORM pg_terminate_backend(pg_backend_pid()); PERFORM pg_sleep(5)'
  await db.query('CREATE SEQUENCE test_attempts')
  await db.query(`CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN
      IF nextval('test_attempts') = 1 THEN ${fail}; END IF;
      RETURN NEW;
    END $$`)
  await db.query(`CREATE TRIGGER test_refuse BEFORE INSERT ON ${table}
    FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION test_refuse()`)
  return {
    /** The rows the trigger saw, the refused one included. */
    attempts: async () =>
      Number((await db.query('SELECT last_value FROM test_attempts')).rows[0].last_value),
    drop: () =>
      db.query(
        `DROP TRIGGER test_refuse ON ${table}; DROP FUNCTION test_refuse(); DROP SEQUENCE test_attempts`,
      ),
  }
}
