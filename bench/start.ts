/**
 * Cold start: `npm run bench:start [-- --runs 5] [--seconds 5] [--only "API only"]`. In a throwaway database
 * (migrated by a first start that is not counted), starts the service as `npm start` does, with
 * the admin UI build and the compiled commands present, and measures the time from spawning the
 * process to the first 200 of /readyz, the CPU time its processes used until then (steadier than
 * the time on a busy machine), the resident memory of its API processes then, and their
 * largest resident memory under load from 50 connections for `seconds`: by default a mix of what
 * API clients send (`--load mixed`: an anonymous `GET /api/users/me`, an integrator's first page
 * of web events, company search and consumer create, and a storefront's error report, in turn),
 * or `GET /api/users/me` alone (`--load me`, the load of the figures before 1 December 2026).
 * Each setup in turn: the normal one (ADMIN_UI=on), API only (ADMIN_UI=off), WEB_CONCURRENCY=2,
 * API only with 2 workers, and ADMIN_UI=separate (whose admin worker is reported apart).
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import { parseArgs } from 'node:util'

import { freePort } from '@/lib/freePort'
import { projectRoot } from '@/lib/paths'
import { ensureBuild } from '@/start/adminBuild'

import { commandArgv } from '../test/helpers/cli'
import { childrenOf, cpuSeconds } from '../test/helpers/processes'
import { cliWith, median, throwawayDatabase } from './common'
import { type Request, runLoad } from './http/load'
import { consumerBody, cycle, errorBody } from './http/workloads'

const { values: flags } = parseArgs({
  options: {
    load: { default: 'mixed', type: 'string' },
    // The setups whose name holds it (`--only "API only"`).
    only: { default: '', type: 'string' },
    runs: { default: '5', type: 'string' },
    seconds: { default: '5', type: 'string' },
  },
})
const runs = Number(flags.runs)
const seconds = Number(flags.seconds)
const { load, only } = flags
if (load !== 'mixed' && load !== 'me') throw new Error(`--load is mixed or me, not "${load}"`)
const SETUPS = [
  { env: { ADMIN_UI: 'on', WEB_CONCURRENCY: '1' }, name: 'normal (ADMIN_UI=on)' },
  { env: { ADMIN_UI: 'off', WEB_CONCURRENCY: '1' }, name: 'API only (ADMIN_UI=off)' },
  { env: { ADMIN_UI: 'on', WEB_CONCURRENCY: '2' }, name: 'WEB_CONCURRENCY=2' },
  { env: { ADMIN_UI: 'off', WEB_CONCURRENCY: '2' }, name: 'API only, 2 workers' },
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
  // BENCH_NODE_OPTIONS: Node's options for the service (`--max-semi-space-size=16`: V8's own size).
  NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS ?? '',
  PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
  RATE_LIMIT_API: '1000000',
  RATE_LIMIT_COMMERCE: '1000000',
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

/** The requests of `--load`, in turn; `authorization` is an integrator's. */
const requests = (authorization: string): Request[] => {
  const me: Request = { method: 'GET', path: '/api/users/me' }
  if (load === 'me') return [me]
  const headers = { authorization }
  return [
    me,
    { headers, method: 'GET', path: '/api/webevents?page=1' },
    { body: consumerBody, headers, method: 'POST', path: '/api/consumers' },
    { headers, method: 'GET', path: '/api/companies?where[name][like]=metro' },
    { body: errorBody, method: 'POST', path: '/api/errors' },
  ]
}

type Loaded = { failures: Record<number, number>; peak: number; perSecond: number }

/** The load from CONNECTIONS keep-alive connections for `seconds`; the largest RSS seen. */
const underLoad = async (
  port: number,
  pids: () => number[],
  next: () => Request,
): Promise<Loaded> => {
  let peak = largest(pids())
  const sampler = setInterval(() => (peak = Math.max(peak, largest(pids()))), 100)
  const { failures, perSecond } = await runLoad(`http://127.0.0.1:${port}`, next, {
    connections: CONNECTIONS,
    seconds,
  })
  clearInterval(sampler)
  return { failures, peak: Math.max(peak, largest(pids())), perSecond }
}

type Result = { admin: number; cpu: number; loaded: Loaded | null; ms: number; rss: number }

/** Spawns the service, waits for /readyz (the first worker's), loads it, stops it. */
const start = async (
  env: Record<string, string>,
  next: (() => Request) | null,
): Promise<Result> => {
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
    const loaded = next ? await underLoad(port, () => processes().api, next) : null
    return { admin: largest(processes().admin), cpu, loaded, ms, rss }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  }
}

const mib = (values: number[]) => Math.round(median(values))

/** Answers other than 2xx over the runs, by status: a load of refusals would not be the load. */
const refused = (results: Result[]) => {
  const counts: Record<number, number> = {}
  for (const { loaded } of results)
    for (const [status, count] of Object.entries(loaded?.failures ?? {}))
      counts[Number(status)] = (counts[Number(status)] ?? 0) + count
  const list = Object.entries(counts).map(([status, count]) => `${count} × ${status}`)
  return list.length ? `; not 2xx: ${list.join(', ')}` : ''
}

try {
  await start(SETUPS[0].env, null)
  const { authorization } = await cliWith({ ...settings, DATABASE_URL: process.env.DATABASE_URL! })(
    'create-api-key',
    ['--role', 'integrator', '--name', 'bench start'],
  )
  const mix = requests(authorization)
  say(`load average ${os.loadavg()[0].toFixed(2)} before`)
  for (const { env, name } of chosen) {
    const results: Result[] = []
    for (let run = 0; run < runs; run++) results.push(await start(env, cycle(mix)))
    const admin =
      env.ADMIN_UI === 'separate' ? `; admin worker ${mib(results.map((r) => r.admin))} MiB` : ''
    say(
      `${name}: to /readyz ${results.map((r) => Math.round(r.ms)).join(', ')} ms (median ${Math.round(median(results.map((r) => r.ms)))}), CPU until then median ${median(results.map((r) => r.cpu)).toFixed(2)} s; largest RSS of its API processes, medians: ${mib(results.map((r) => r.rss))} MiB at ready, ${mib(results.map((r) => r.loaded?.peak ?? 0))} MiB under ${CONNECTIONS} connections of ${load === 'me' ? 'GET /api/users/me' : 'mixed requests'} for ${seconds} s (${Math.round(median(results.map((r) => r.loaded?.perSecond ?? 0)))} req/s)${admin}${refused(results)}`,
    )
  }
  say(`load average ${os.loadavg()[0].toFixed(2)} after`)
} finally {
  await database.drop()
}
