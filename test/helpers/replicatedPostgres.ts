/**
 * A PostgreSQL primary and (unless `replica: false`) a streaming replica of it, on 127.0.0.1, made with the machine's
 * PostgreSQL server binaries (`initdb`, `pg_basebackup -R`, `postgres`; PG_BIN_DIR, default
 * Debian's /usr/lib/postgresql/15/bin). PostgreSQL refuses to run as root, so as root the servers
 * run as the `postgres` OS user. Data lives in a folder of its own, removed by `stop`.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import pg from 'pg'

import { freePort } from '@/lib/freePort'
import { dataDir } from '@/lib/paths'

export const PG_BIN_DIR = process.env.PG_BIN_DIR || '/usr/lib/postgresql/15/bin'
const BINARIES = ['initdb', 'pg_basebackup', 'postgres']

/** Why a primary and replica cannot be made here, or null when they can. */
export const replicationUnavailable = (): null | string => {
  const missing = BINARIES.filter((name) => !fs.existsSync(path.join(PG_BIN_DIR, name)))
  if (missing.length)
    return `PostgreSQL server binaries missing in ${PG_BIN_DIR}: ${missing.join(', ')}`
  if (os.userInfo().uid === 0 && !osUser('postgres'))
    return 'running as root without a postgres OS user'
  return null
}

const osUser = (name: string): null | { gid: number; uid: number } => {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`))
  if (!line) return null
  const [, , uid, gid] = line.split(':')
  return { gid: Number(gid), uid: Number(uid) }
}

/** As root: the postgres OS user, whom the servers and tools run as. */
const runAs = () => (os.userInfo().uid === 0 ? osUser('postgres')! : undefined)

const run = (binary: string, args: string[]) =>
  promisify(execFile)(path.join(PG_BIN_DIR, binary), args, {
    ...runAs(),
    env: { ...process.env, LC_ALL: 'C' },
  })

/** Runs one of the PostgreSQL binaries (pg_dump, pg_restore, …) as the servers' user. */
export const runPostgresBinary = run

export type Replicated = {
  primaryUrl: (database: string) => string
  replicaUrl: (database: string) => string
  /** Runs SQL on the replica (its `postgres` database). */
  onReplica: (sql: string) => Promise<pg.QueryResult>
  /** Stops applying WAL on the replica: it keeps answering, with what it had (as if lagging). */
  pauseReplay: () => Promise<void>
  resumeReplay: () => Promise<void>
  /** PID of the replica's postmaster, to kill it. */
  replicaPid: () => number
  /** Starts the replica again once it was killed, and waits until it answers. */
  restartReplica: () => Promise<void>
  stop: () => Promise<void>
}

const startServer = (dir: string): ChildProcess =>
  spawn(path.join(PG_BIN_DIR, 'postgres'), ['-D', dir], { ...runAs(), stdio: 'ignore' })

const ready = async (url: string, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('SELECT 1')
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 200))
    } finally {
      await client.end().catch(() => {})
    }
  }
}

const stopServer = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGINT') // fast shutdown
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  await exited
  clearTimeout(timer)
}

export const startReplicatedPostgres = async ({ replica = true } = {}): Promise<Replicated> => {
  const root = path.join(dataDir(), `replicated-${process.pid}-${Date.now()}`)
  const primaryDir = path.join(root, 'primary')
  const replicaDir = path.join(root, 'replica')
  fs.mkdirSync(root, { recursive: true })
  const owner = runAs()
  if (owner) fs.chownSync(root, owner.uid, owner.gid)
  const [primaryPort, replicaPort] = [await freePort(), await freePort()]
  const urlOn = (port: number) => (database: string) =>
    `postgres://postgres@127.0.0.1:${port}/${database}`
  const servers: ChildProcess[] = []
  const stop = async () => {
    for (const server of servers.reverse()) await stopServer(server)
    fs.rmSync(root, { force: true, recursive: true })
  }
  try {
    await run('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync'])
    fs.appendFileSync(
      path.join(primaryDir, 'postgresql.conf'),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = ''",
        'wal_level = replica',
        'max_wal_senders = 4',
        'fsync = off', // a test's throwaway data
        '',
      ].join('\n'),
    )
    fs.appendFileSync(
      path.join(primaryDir, 'pg_hba.conf'),
      'host replication postgres 127.0.0.1/32 trust\n',
    )
    servers.push(startServer(primaryDir))
    await ready(urlOn(primaryPort)('postgres'))
    if (replica) {
      await run('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        replicaDir,
        '-R',
        '-X',
        'stream',
      ])
      fs.appendFileSync(
        path.join(replicaDir, 'postgresql.conf'),
        `port = ${replicaPort}\nhot_standby = on\n`,
      )
      servers.push(startServer(replicaDir))
      await ready(urlOn(replicaPort)('postgres'))
    }
  } catch (error) {
    await stop()
    throw error
  }
  const queryOn = (port: number) => async (sql: string) => {
    const client = new pg.Client({ connectionString: urlOn(port)('postgres') })
    await client.connect()
    try {
      return await client.query(sql)
    } finally {
      await client.end()
    }
  }
  const onReplica = queryOn(replicaPort)
  const onPrimary = queryOn(primaryPort)
  /** A killed postmaster's children leave a moment later; until then a new one refuses to start. */
  const restartReplica = async () => {
    const deadline = Date.now() + 30_000
    for (;;) {
      const server = startServer(replicaDir)
      const exited = new Promise((resolve) => server.once('exit', resolve))
      const answered = await Promise.race([
        ready(urlOn(replicaPort)('postgres')).then(() => true),
        exited.then(() => false),
      ])
      if (answered) return void (servers[1] = server)
      if (Date.now() > deadline) throw new Error('the replica did not start again')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  /**
   * pg_wal_replay_pause() only asks: the replica may still apply what arrives before it looks at
   * the request. Paused is when it says so; a replica idle between records looks once the next
   * record arrives, so the primary writes one (a checkpoint) until it does.
   */
  const pauseReplay = async () => {
    await onReplica('SELECT pg_wal_replay_pause()')
    const deadline = Date.now() + 30_000
    for (;;) {
      const { rows } = await onReplica('SELECT pg_get_wal_replay_pause_state() AS state')
      if (rows[0].state === 'paused') return
      if (Date.now() > deadline) throw new Error(`the replica's replay is ${rows[0].state}`)
      await onPrimary('CHECKPOINT')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    onReplica,
    pauseReplay,
    primaryUrl: urlOn(primaryPort),
    replicaPid: () => servers[1].pid!,
    replicaUrl: urlOn(replicaPort),
    restartReplica,
    resumeReplay: async () => void (await onReplica('SELECT pg_wal_replay_resume()')),
    stop,
  }
}
