/**
 * Local mode (no DATABASE_URL): the embedded PostgreSQL after faults of the process that owns it.
 * `npm run worker` stands in for any owner (the service opens the database the same way).
 * - The owner killed with SIGKILL: the next start takes the orphaned server over, and its graceful
 *   stop stops it (before, later starts joined it as "not owned" and it ran forever).
 * - A stale postmaster.pid whose pid now belongs to an unrelated process does not block start-up.
 * - The server killed while its owner runs: the owner restarts it; /readyz answers 503 meanwhile
 *   and 200 after, and the pool works again.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, describe, expect, it } from '@jest/globals'

import { readPostmaster } from '@/db/postmaster'
import { projectRoot } from '@/lib/paths'
import type { Runtime } from '@/start/runtime'

import { type AppInstance, startAppInstance } from '../helpers/appInstance'
import {
  postgresProcessesIn,
  type ScriptProcess,
  startScriptProcess,
} from '../helpers/serviceProcess'

const STARTED = /worker started/
const START_MS = 90_000

const dataDirs: string[] = []
const workers: ScriptProcess[] = []

/** A data folder of the test's own, inside the project (the embedded server's OS user must reach it). */
const freshDataDir = (name: string): string => {
  const dir = path.join(projectRoot, '.data', `fault-${name}-${process.pid}`)
  fs.rmSync(dir, { force: true, recursive: true })
  dataDirs.push(dir)
  return dir
}

const startWorker = async (dataDir: string): Promise<ScriptProcess> => {
  const worker = startScriptProcess('worker', {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    LOG_LEVEL: 'info',
    NODE_ENV: undefined,
    PAYLOAD_SECRET: undefined,
  })
  workers.push(worker)
  await worker.waitFor(STARTED, START_MS)
  return worker
}

const postgresDir = (dataDir: string) => path.join(dataDir, 'postgres')

/** The one PostgreSQL server running on the folder (its postmaster: the others are its children). */
const postmasterOf = (dataDir: string): number => {
  const pid = readPostmaster(postgresDir(dataDir))?.pid
  expect(postgresProcessesIn(postgresDir(dataDir))).toContain(pid)
  return pid!
}

const until = async (condition: () => boolean, timeoutMs: number) => {
  for (
    const deadline = Date.now() + timeoutMs;
    !condition();
    await new Promise((resolve) => setTimeout(resolve, 50))
  ) {
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms: ${condition}`)
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const gone = (pid: number) => until(() => !alive(pid), 10_000)

const restoreEnv = (saved: Record<string, string | undefined>) => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
}

afterAll(async () => {
  for (const worker of workers) await worker.stop('SIGKILL')
  // Servers a failed test may have left: stopped by pid, then their folders removed.
  for (const dir of dataDirs) {
    for (const pid of postgresProcessesIn(dir)) process.kill(pid, 'SIGKILL')
    fs.rmSync(dir, { force: true, recursive: true })
  }
})

describe('the owner of the embedded PostgreSQL killed with SIGKILL', () => {
  it(
    'the next start takes over the orphaned server, and its graceful stop stops it',
    async () => {
      const dataDir = freshDataDir('orphan')
      const first = await startWorker(dataDir)
      const server = postmasterOf(dataDir)
      await first.stop('SIGKILL')
      expect(postgresProcessesIn(postgresDir(dataDir))).toContain(server) // orphaned

      const second = await startWorker(dataDir)
      expect(second.output()).toMatch(
        /taking over the embedded PostgreSQL .* the process that started it is gone/,
      )
      expect(second.output()).toContain('"owned":true')
      expect(postmasterOf(dataDir)).toBe(server)

      expect(await second.stop('SIGTERM')).toBe(0)
      expect(postgresProcessesIn(postgresDir(dataDir))).toEqual([])
    },
    4 * START_MS,
  )

  it(
    'a stale postmaster.pid naming an unrelated live process does not block the next start',
    async () => {
      const dataDir = freshDataDir('stale-pid')
      const first = await startWorker(dataDir)
      const server = postmasterOf(dataDir)
      await first.stop('SIGKILL')
      process.kill(server, 'SIGKILL')
      await gone(server)
      for (const pid of postgresProcessesIn(postgresDir(dataDir))) await gone(pid)
      // The pid PostgreSQL left in its lock file now belongs to something else entirely.
      const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' })
      const lockFile = path.join(postgresDir(dataDir), 'postmaster.pid')
      const [, ...rest] = fs.readFileSync(lockFile, 'utf8').split('\n')
      fs.writeFileSync(lockFile, [String(unrelated.pid), ...rest].join('\n'))
      try {
        const second = await startWorker(dataDir)
        expect(second.output()).toContain(
          `removed a stale postmaster.pid from ${postgresDir(dataDir)} (pid ${unrelated.pid}`,
        )
        expect(await second.stop('SIGTERM')).toBe(0)
        expect(postgresProcessesIn(postgresDir(dataDir))).toEqual([])
      } finally {
        unrelated.kill('SIGKILL')
      }
    },
    4 * START_MS,
  )
})

describe('the embedded PostgreSQL dying under a running owner', () => {
  it(
    'the worker restarts it and carries on: its job runner takes the runner lock again',
    async () => {
      const dataDir = freshDataDir('restart-worker')
      const worker = await startWorker(dataDir)
      const server = postmasterOf(dataDir)
      const locks = () => worker.output().match(/this process runs the jobs/g)?.length ?? 0
      const before = locks()
      process.kill(server, 'SIGKILL')
      await worker.waitFor(/embedded PostgreSQL restarted/, 30_000)
      await until(() => locks() > before, 30_000)
      expect(worker.child.exitCode).toBeNull()
      expect(postmasterOf(dataDir)).not.toBe(server)
      expect(worker.output()).not.toContain("Unhandled 'error' event")
      expect(await worker.stop('SIGTERM')).toBe(0)
      expect(postgresProcessesIn(postgresDir(dataDir))).toEqual([])
    },
    3 * START_MS,
  )

  it(
    '/readyz answers 503 while it is down and 200 once restarted; the database answers again',
    async () => {
      const dataDir = freshDataDir('restart-service')
      const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL }
      process.env.DATA_DIR = dataDir
      delete process.env.DATABASE_URL
      let runtime: Runtime | undefined
      let app: AppInstance | undefined
      try {
        const { openRuntime } = await import('@/start/runtime')
        runtime = await openRuntime()
        expect(runtime.embedded?.owned).toBe(true)
        const budget = { points: 10_000, seconds: 60 }
        app = await startAppInstance(runtime.payload, {
          api: budget,
          auth: budget,
          commerce: budget,
        })
        const ready = async () => (await app!.get('/readyz')).status
        expect(await ready()).toBe(200)

        process.kill(postmasterOf(dataDir), 'SIGKILL')
        const seen: number[] = []
        for (
          const deadline = Date.now() + 30_000;
          !(seen.includes(503) && seen.at(-1) === 200) && Date.now() < deadline;
        ) {
          seen.push(await ready())
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        expect(seen).toContain(503)
        expect(seen.at(-1)).toBe(200)
        const { totalDocs } = await runtime.payload.count({ collection: 'users' })
        expect(totalDocs).toBe(0)
      } finally {
        await app?.stop()
        await runtime?.close()
        restoreEnv(saved)
      }
      expect(postgresProcessesIn(postgresDir(dataDir))).toEqual([])
    },
    2 * START_MS,
  )
})
