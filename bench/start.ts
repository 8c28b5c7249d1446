/**
 * Cold start: `npm run bench:start [-- --runs 5] [--seconds 5] [--only "API only"]`. In a throwaway database
 * (migrated by a first start that is not counted), starts the service as `npm start` does, with
 * the admin UI build and the compiled commands present, and measures the time from spawning the
 * process to the first 200 of /readyz, the CPU time its processes used until then (steadier than
 * the time on a busy machine), the resident memory of its API processes then, and their
 * largest resident memory under `GET /api/users/me` from 50 connections for `seconds`.
 * Each setup in turn: the normal one (ADMIN_UI=on), API only (ADMIN_UI=off), WEB_CONCURRENCY=2,
 * and ADMIN_UI=separate (whose admin worker is reported apart).
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'

import { freePort } from '@/lib/freePort'
import { projectRoot } from '@/lib/paths'
import { ensureBuild } from '@/start/adminBuild'

import { commandArgv } from '../test/helpers/cli'
import { childrenOf, cpuSeconds } from '../test/helpers/processes'
import { arg, median, throwawayDatabase } from './common'

const runs = arg('runs', 5)
const seconds = arg('seconds', 5)
// --only <text>: the setups whose name holds it (`--only "API only"`).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : ''
const SETUPS = [
  { env: { ADMIN_UI: 'on', WEB_CONCURRENCY: '1' }, name: 'normal (ADMIN_UI=on)' },
  { env: { ADMIN_UI: 'off', WEB_CONCURRENCY: '1' }, name: 'API only (ADMIN_UI=off)' },
  { env: { ADMIN_UI: 'on', WEB_CONCURRENCY: '2' }, name: 'WEB_CONCURRENCY=2' },
  { env: { ADMIN_UI: 'separate', WEB_CONCURRENCY: '1' }, name: 'ADMIN_UI=separate, 1 API worker' },
]
const chosen = SETUPS.filter((setup) => setup.name.includes(only))
if (!chosen.length)
  throw new Error(
    `no setup's name contains "${only}": ${SETUPS.map(({ name }) => name).join('; ')}`,
  )
const CONNECTIONS = 50
const say = (line: string) => process.stderr.write(`${line}\n`)

await ensureBuild()
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres'
const database = await throwawayDatabase()
const settings: Record<string, string> = {
  CREDIT_DATA_KEYS: `bench:${crypto.randomBytes(32).toString('base64')}`,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  NODE_OPTIONS: '',
  PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
  RATE_LIMIT_API: '1000000',
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

/** The service's node processes (the process itself, or a primary's workers), by role. */
const servingProcesses = (pid: number): { admin: number[]; api: number[] } => {
  const workers = childrenOf(pid).filter((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('start.js')
    } catch {
      return false
    }
  })
  if (!workers.length) return { admin: [], api: [pid] }
  const role = (child: number) => {
    try {
      return /COMMERCE_WORKER_ROLE=(\w+)/.exec(
        fs.readFileSync(`/proc/${child}/environ`, 'utf8'),
      )?.[1]
    } catch {
      return undefined
    }
  }
  return {
    admin: workers.filter((child) => role(child) === 'admin'),
    api: workers.filter((child) => role(child) !== 'admin'),
  }
}

const largest = (pids: number[]) => Math.max(0, ...pids.map(rssMiB))

/** GET /api/users/me from CONNECTIONS keep-alive connections for `seconds`; the largest RSS seen. */
const underLoad = async (port: number, pids: () => number[]): Promise<number> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const deadline = Date.now() + seconds * 1000
  let peak = largest(pids())
  const sampler = setInterval(() => (peak = Math.max(peak, largest(pids()))), 100)
  const get = () =>
    new Promise<void>((resolve) => {
      http
        .get({ agent, host: '127.0.0.1', path: '/api/users/me', port }, (response) => {
          response.resume()
          response.on('end', resolve)
        })
        .on('error', () => resolve())
    })
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) await get()
    }),
  )
  clearInterval(sampler)
  agent.destroy()
  return Math.max(peak, largest(pids()))
}

type Result = { admin: number; cpu: number; loaded: number; ms: number; rss: number }

/** Spawns the service, waits for /readyz (the first worker's), loads it, stops it. */
const start = async (env: Record<string, string>, load: boolean): Promise<Result> => {
  if (env.ADMIN_UI !== 'off') await ensureBuild()
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, commandArgv('start'), {
    cwd: projectRoot,
    env: { ...process.env, ...settings, ...env, PORT: String(port) },
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
    const processes = () => servingProcesses(child.pid!)
    const { admin, api } = processes()
    const cpu = [...new Set([child.pid!, ...api, ...admin])].reduce(
      (sum, pid) => sum + cpuSeconds(pid),
      0,
    )
    const rss = largest(api)
    const loaded = load ? await underLoad(port, () => processes().api) : 0
    return { admin: largest(processes().admin), cpu, loaded, ms, rss }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  }
}

const mib = (values: number[]) => Math.round(median(values))

try {
  await start(SETUPS[0].env, false)
  say(`load average ${os.loadavg()[0].toFixed(2)} before`)
  for (const { env, name } of chosen) {
    const results: Result[] = []
    for (let run = 0; run < runs; run++) results.push(await start(env, true))
    const admin =
      env.ADMIN_UI === 'separate' ? `; admin worker ${mib(results.map((r) => r.admin))} MiB` : ''
    say(
      `${name}: to /readyz ${results.map((r) => Math.round(r.ms)).join(', ')} ms (median ${Math.round(median(results.map((r) => r.ms)))}), CPU until then median ${median(results.map((r) => r.cpu)).toFixed(2)} s; largest RSS of its API processes, medians: ${mib(results.map((r) => r.rss))} MiB at ready, ${mib(results.map((r) => r.loaded))} MiB under ${CONNECTIONS} connections of GET for ${seconds} s${admin}`,
    )
  }
  say(`load average ${os.loadavg()[0].toFixed(2)} after`)
} finally {
  await database.drop()
}
