/**
 * Cold start: `npm run bench:start [-- --runs 5]`. In a throwaway database (migrated by a first
 * start that is not counted), starts the service as `npm start` does, with the admin UI build and
 * the compiled commands present, and measures the time from spawning the process to the first
 * 200 of /readyz, and its resident memory then. WEB_CONCURRENCY=1 and 2, one after the other.
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'

import { freePort } from '@/lib/freePort'
import { projectRoot } from '@/lib/paths'
import { buildIsCurrent, ensureBuild } from '@/start/adminBuild'

import { commandArgv } from '../test/helpers/cli'
import { childrenOf } from '../test/helpers/processes'
import { arg, median, throwawayDatabase } from './common'

const runs = arg('runs', 5)
const say = (line: string) => process.stderr.write(`${line}\n`)

if (!buildIsCurrent()) await ensureBuild()
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres'
const database = await throwawayDatabase()
const settings: Record<string, string> = {
  CREDIT_DATA_KEYS: `bench:${crypto.randomBytes(32).toString('base64')}`,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  NODE_OPTIONS: '',
  PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
  SEED_DEMO_DATA: 'false',
}

const rssMiB = (pid: number): number => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  } catch {
    return 0
  }
}

/**
 * Spawns the service, waits for /readyz (the first worker's), stops it; the time to ready, and
 * the largest RSS of its processes then (with WEB_CONCURRENCY=2, the lead's).
 */
const start = async (workers: number): Promise<{ ms: number; rss: number }> => {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, commandArgv('start'), {
    cwd: projectRoot,
    env: { ...process.env, ...settings, PORT: String(port), WEB_CONCURRENCY: String(workers) },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`)
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.ok,
        () => false,
      )
      if (ready) break
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const ms = performance.now() - started
    return { ms, rss: Math.max(...[child.pid!, ...childrenOf(child.pid!)].map(rssMiB)) }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  }
}

try {
  await start(1)
  for (const workers of [1, 2]) {
    const results = []
    for (let run = 0; run < runs; run++) results.push(await start(workers))
    say(
      `WEB_CONCURRENCY=${workers}: to /readyz ${results.map((r) => Math.round(r.ms)).join(', ')} ms (median ${Math.round(median(results.map((r) => r.ms)))}); largest RSS of its processes at ready: median ${Math.round(median(results.map((r) => r.rss)))} MiB`,
    )
  }
} finally {
  await database.drop()
}
