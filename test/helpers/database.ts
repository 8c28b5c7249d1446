import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import { promisify } from 'node:util'

import pg from 'pg'

const server = (): string => {
  const url = process.env.TEST_DATABASE_SERVER
  if (!url)
    throw new Error('TEST_DATABASE_SERVER is not set: run the tests through jest (globalSetup)')
  return url
}

/** Runs `run` with a client connected to the database at `url`. */
export const withDatabase = async <T>(
  url: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

const withClient = <T>(run: (client: pg.Client) => Promise<T>): Promise<T> =>
  withDatabase(server(), run)

const urlOf = (name: string) => {
  const url = new URL(server())
  url.pathname = `/${name}`
  return url.toString()
}

const dropDatabase = (name: string) =>
  withClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(
    () => {},
  )

/** Runs a command of the service (`npm run <command>`) against the database `name`. */
const runCommand = (root: string, command: string, name: string) =>
  promisify(execFile)(process.execPath, ['--conditions=production', 'scripts/run.mjs', command], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: urlOf(name), LOG_LEVEL: 'warn', NODE_OPTIONS: '' },
  })

/** Marks `name` as a template: copies are made while nothing is connected to it. */
const makeTemplate = (name: string) =>
  withClient((client) => client.query(`alter database ${name} with is_template true`))

/**
 * A database with every committed migration applied, made once per test run by globalSetup
 * (`npm run migrate` in a process of its own): each test file's database is then a copy of it,
 * which takes a fraction of a second where applying the migrations takes seconds.
 */
export const createMigratedTemplate = async (root: string): Promise<string> => {
  const name = `commerce_template_${process.pid}_${crypto.randomBytes(3).toString('hex')}`
  await withClient((client) => client.query(`create database ${name}`))
  await runCommand(root, 'migrate', name)
  await makeTemplate(name)
  return name
}

/**
 * A copy of the migrated template with the demo data loaded (`npm run seed`), made once per run
 * for the files that start from the demo data; returns its name and the moment it was seeded.
 * Loading the demo data takes each such file 2–4 s; a copy takes a fraction of one.
 */
export const createSeededTemplate = async (
  root: string,
  migrated: string,
): Promise<{ name: string; seededAt: string }> => {
  const name = migrated.replace('commerce_template_', 'commerce_seeded_')
  await withClient((client) => client.query(`create database ${name} template ${migrated}`))
  await runCommand(root, 'seed', name)
  const seededAt = new Date().toISOString()
  await makeTemplate(name)
  return { name, seededAt }
}

/**
 * Moves every moment stored in the database at `url` forward by the time since `seededAt`, as if
 * the demo data had been loaded now: it holds times relative to its loading (a follow-up due 15
 * minutes ago, a lead not yet contacted, today's counts), and a file may copy it many minutes
 * after it was made. Triggers are off for it (session_replication_role), so append-only tables
 * take the move too.
 */
const moveSeededTimes = (url: string, seededAt: string) => {
  const seeded = `timestamptz '${new Date(seededAt).toISOString()}'`
  return withDatabase(url, (client) =>
    client.query(`
      set session_replication_role = replica;
      do $$
      declare
        moved interval := now() - ${seeded};
        days int := current_date - (${seeded})::date;
        t record;
      begin
        for t in
          select c.oid::regclass as name,
                 string_agg(format('%I = %I + %s', a.attname, a.attname,
                   case when a.atttypid = 'date'::regtype then '$2' else '$1' end), ', ') as sets
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          where n.nspname = 'public' and c.relkind = 'r' and a.attgenerated = ''
            and a.atttypid in ('timestamptz'::regtype, 'timestamp'::regtype, 'date'::regtype)
          group by c.oid
        loop
          execute format('update %s set %s', t.name, t.sets) using moved, days;
        end loop;
      end $$;`),
  )
}

/** The run's seeded template (TEST_DATABASE_SEEDED, "<name> <when seeded>"), if it has one. */
export const seededTemplate = (): { name: string; seededAt: string } | null => {
  const [name, seededAt] = (process.env.TEST_DATABASE_SEEDED ?? '').split(' ')
  return name ? { name, seededAt } : null
}

export const dropTemplate = async (name: string): Promise<void> => {
  await withClient((client) => client.query(`alter database ${name} with is_template false`))
  await dropDatabase(name)
}

/**
 * A new database on the test server; returns its connection string. It is a copy of the run's
 * migrated template (TEST_DATABASE_TEMPLATE) unless `empty` is asked for or there is none (a
 * script outside jest), in which case Payload's migrations bring it up when it is opened. With
 * `seeded`, it is a copy of the demo data's template (TEST_DATABASE_SEEDED) where the run has
 * one; `seeded` in the answer says whether it holds the demo data.
 */
export const createTestDatabase = async ({
  empty = false,
  seeded = false,
}: { empty?: boolean; seeded?: boolean } = {}): Promise<{
  drop: () => Promise<void>
  seeded: boolean
  url: string
}> => {
  const name = `commerce_test_${crypto.randomBytes(6).toString('hex')}`
  const seededCopy = seeded && !empty ? seededTemplate() : null
  const template = empty ? undefined : (seededCopy?.name ?? process.env.TEST_DATABASE_TEMPLATE)
  await withClient(async (client) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${name}${template ? ` template ${template}` : ''}`)
        return
      } catch (error) {
        // Two copies of the template started at once: PostgreSQL refuses the second; try again.
        const busy = /being accessed by other users/.test((error as Error).message)
        if (!busy || attempt === 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
      }
    }
  })
  if (seededCopy) await moveSeededTimes(urlOf(name), seededCopy.seededAt)
  return { drop: () => dropDatabase(name), seeded: Boolean(seededCopy), url: urlOf(name) }
}
