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

const withClient = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: server() })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

const urlOf = (name: string) => {
  const url = new URL(server())
  url.pathname = `/${name}`
  return url.toString()
}

const dropDatabase = (name: string) =>
  withClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(
    () => {},
  )

/**
 * A database with every committed migration applied, made once per test run by globalSetup
 * (`npm run migrate` in a process of its own): each test file's database is then a copy of it,
 * which takes a fraction of a second where applying the migrations takes seconds.
 */
export const createMigratedTemplate = async (root: string): Promise<string> => {
  const name = `commerce_template_${process.pid}_${crypto.randomBytes(3).toString('hex')}`
  await withClient((client) => client.query(`create database ${name}`))
  await promisify(execFile)(
    process.execPath,
    ['--conditions=production', 'scripts/run.mjs', 'migrate'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: urlOf(name), LOG_LEVEL: 'warn', NODE_OPTIONS: '' },
    },
  )
  // Copies are made while nothing is connected to it.
  await withClient((client) => client.query(`alter database ${name} with is_template true`))
  return name
}

export const dropMigratedTemplate = async (name: string): Promise<void> => {
  await withClient((client) => client.query(`alter database ${name} with is_template false`))
  await dropDatabase(name)
}

/**
 * A new database on the test server; returns its connection string. It is a copy of the run's
 * migrated template (TEST_DATABASE_TEMPLATE) unless `empty` is asked for or there is none (a
 * script outside jest), in which case Payload's migrations bring it up when it is opened.
 */
export const createTestDatabase = async ({ empty = false }: { empty?: boolean } = {}): Promise<{
  drop: () => Promise<void>
  url: string
}> => {
  const name = `commerce_test_${crypto.randomBytes(6).toString('hex')}`
  const template = empty ? undefined : process.env.TEST_DATABASE_TEMPLATE
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
  return { drop: () => dropDatabase(name), url: urlOf(name) }
}
