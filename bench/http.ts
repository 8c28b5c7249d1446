/**
 * The service against Payload's own REST path and hand-written baselines, over HTTP:
 * `npm run bench [-- --quick] [--runs 3] [--seconds 10] [--connections 50] [--web-events N]
 * [--companies N] [--customers N] [--consumers N] [--credit-apps N] [--audit-rows N]
 * [--only <part of a workload's name>]`.
 * In a throwaway database beside DATABASE_URL's (default: the PostgreSQL on 127.0.0.1:5432),
 * filled by `npm run generate`, it starts the service in production mode and the baseline server
 * (bench/http/baseline.ts), both on 127.0.0.1, and runs each workload's targets in turn, run
 * after run (service, REST, baseline, service, …), reporting medians as one markdown table.
 * See docs/performance.md for what each row means.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import pg from 'pg'

import { companyWords } from '@/generate/vocabulary'
import { projectRoot } from '@/lib/paths'
import { buildIsCurrent, ensureBuild } from '@/start/adminBuild'

import { commandArgv, lastLine, runCli } from '../test/helpers/cli'
import { throwawayDatabase } from './common'
import { type LoadResult, runLoad, send } from './http/load'
import { differences, type Measured, type Row, table } from './http/report'
import { type Server, startServer } from './http/servers'
import { lookupWorkload, readWorkloads, type Workload, writeWorkload } from './http/workloads'

const sizeFlags = ['web-events', 'companies', 'customers', 'consumers', 'credit-apps', 'audit-rows']
const { values: flags } = parseArgs({
  options: {
    connections: { default: '50', type: 'string' },
    only: { type: 'string' },
    quick: { default: false, type: 'boolean' },
    runs: { default: '3', type: 'string' },
    seconds: { type: 'string' },
    ...Object.fromEntries(sizeFlags.map((name) => [name, { type: 'string' }])),
  },
}) as { values: Record<string, string | boolean | undefined> }
const quick = flags.quick === true
// The issue's data set by default; --quick: a small one, for trying the benchmark out.
const defaults = quick
  ? [20_000, 2_000, 2_000, 4_000, 4_000, 20_000]
  : [1_000_000, 100_000, 100_000, 200_000, 200_000, 1_000_000]
const sizes = Object.fromEntries(
  sizeFlags.map((name, i) => [name, Number(flags[name] ?? defaults[i])]),
)
const runs = Number(flags.runs)
const seconds = Number(flags.seconds ?? (quick ? 3 : 10))
const connections = Number(flags.connections)
const warmup = Math.min(2, Math.ceil(seconds / 3))
const say = (line: string) => process.stderr.write(`${line}\n`)

if (!buildIsCurrent()) {
  say('the admin UI build is missing or stale: building it first (npm run build)')
  await ensureBuild()
}
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres'
const database = await throwawayDatabase()
const work = path.join(os.tmpdir(), `commerce-bench-${process.pid}`)
await import('node:fs').then((fs) => fs.mkdirSync(work, { recursive: true }))
const env = {
  CREDIT_DATA_KEYS: `bench:${crypto.randomBytes(32).toString('base64')}`,
  DATABASE_URL: process.env.DATABASE_URL,
  // The benchmark queues no jobs: with the runner off, every statement counted is a request's.
  JOBS_RUNNER: 'off',
  NODE_ENV: 'production',
  PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
  // Budgets far above what one client on this machine can send: throughput, not the limiter.
  RATE_LIMIT_API: '1000000000',
  RATE_LIMIT_COMMERCE: '1000000000',
  SEED_DEMO_DATA: 'false',
  // One process, like the baseline: the ratios compare the request path, not the core count,
  // and the statement counter asks one process (docs/performance.md has WEB_CONCURRENCY=2).
  WEB_CONCURRENCY: '1',
}
const cli = async (script: string, args: string[]) => {
  const result = await runCli(script, args, env)
  if (result.code !== 0) throw new Error(`${script} failed:\n${result.stderr.slice(-3000)}`)
  return JSON.parse(lastLine(result.stdout))
}
const generate = async (only: string[]) => {
  const args = only.flatMap((name) => [`--${name}`, String(sizes[name])])
  say(`npm run generate -- ${args.join(' ')}`)
  const result = await runCli('generate', args, env)
  if (result.code !== 0) throw new Error(`generate failed:\n${result.stderr.slice(-3000)}`)
  // The last progress line of each table: its rows and rate.
  const last = new Map(
    result.stderr
      .split('\n')
      .filter((line) => /^[\w ,]+: \d+\/\d+ /.test(line))
      .map((line) => [line.split(':')[0], line]),
  )
  for (const line of last.values()) say(`  ${line}`)
  const summary = JSON.parse(lastLine(result.stdout))
  say(`  ${summary.rows} rows in ${summary.seconds} s (${summary.rowsPerSecond} rows/s)`)
  return summary
}

const servers: Partial<Record<'baseline' | 'service', Server>> = {}
const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
let closing: Promise<void> | undefined
const close = () =>
  (closing ??= (async () => {
    await db.end().catch(() => {})
    await servers.service?.stop()
    await servers.baseline?.stop()
    await database.drop()
  })())
// Interrupted: the servers stop and the database goes all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void close().finally(() => process.exit(130)))
try {
  const loadBefore = os.loadavg()
  const generated = [await generate(sizeFlags.filter((name) => name !== 'audit-rows'))]
  const { authorization } = await cli('create-api-key', ['--role', 'integrator', '--name', 'bench'])
  servers.service = await startServer(commandArgv('start'), env, path.join(work, 'service.log'))
  servers.baseline = await startServer(
    ['--import', 'tsx', path.join(projectRoot, 'bench/http/baseline.ts')],
    env,
    path.join(work, 'baseline.log'),
  )
  await db.connect()
  const sample = async (table: string) =>
    (await db.query(`SELECT id FROM ${table} ORDER BY random() LIMIT 500`)).rows.map(
      (row) => row.id,
    )
  const inputs = {
    authorization,
    creditApps: await sample('credit_app'),
    customers: await sample('customer'),
    deepPage: Math.max(2, Math.min(5000, Math.floor(sizes['web-events'] / 10 / 2))),
    deepCursor: '',
    likeWords: companyWords.place
      .filter((word) => !word.includes(' '))
      .map((word) => word.toLowerCase()),
  }

  const before = await fetch(
    `${servers.service.origin}/api/webevents?page=${inputs.deepPage - 1}`,
    {
      headers: { authorization },
    },
  )
  inputs.deepCursor = (await before.json()).nextCursor
  if (!before.ok || !inputs.deepCursor) throw new Error(`no cursor to page ${inputs.deepPage}`)
  // Does each baseline answer what the service answers? Differences are listed under the table.
  const notes: string[] = []
  const json = async (server: Server, url: string) =>
    (await fetch(server.origin + url, { headers: { authorization } })).json()
  for (const [service, baseline] of [
    [`/api/customers/${inputs.customers[0]}`, `/customers/${inputs.customers[0]}`],
    [`/api/creditapps/${inputs.creditApps[0]}`, `/creditapps/${inputs.creditApps[0]}`],
    ['/api/webevents?page=2', '/webevents?page=2'],
    ['/api/companies?where[name][like]=metro', '/companies?like=metro'],
  ]) {
    const found = differences(
      await json(servers.service, service),
      await json(servers.baseline, baseline),
    )
    notes.push(`${service} vs baseline: ${found.length ? found.join('; ') : 'same JSON'}`)
  }

  const measure = async (workload: Workload): Promise<Row> => {
    say(workload.name)
    const measured: Measured[] = workload.targets.map((target) => ({
      failures: {},
      label: target.label,
      rss: [],
      runs: [],
      sqlPerRequest: 0,
    }))
    const record = (into: Measured, result: LoadResult) => {
      into.runs.push(result)
      for (const [status, count] of Object.entries(result.failures))
        into.failures[+status] = (into.failures[+status] ?? 0) + count
    }
    for (let run = 1; run <= runs; run++) {
      for (const [i, target] of workload.targets.entries()) {
        const server = servers[target.on]!
        await runLoad(server.origin, target.request, { connections, seconds: warmup })
        const result = await runLoad(server.origin, target.request, { connections, seconds })
        // A server that something else stopped would make every later figure meaningless.
        if (server.ended()) throw new Error(`the ${target.on} process ended: ${server.ended()}`)
        record(measured[i], result)
        measured[i].rss.push(server.rssMiB())
        say(
          `  run ${run} ${target.label}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms`,
        )
      }
    }
    // Statements per request: one request at a time, so nothing else is counted.
    const agent = new http.Agent({ keepAlive: true })
    for (const [i, target] of workload.targets.entries()) {
      const server = servers[target.on]!
      const before = await server.statements()
      for (let n = 0; n < 20; n++) await send(agent, server.origin, target.request())
      measured[i].sqlPerRequest = ((await server.statements()) - before) / 20
    }
    agent.destroy()
    return { measured, name: workload.name }
  }
  const auditRows = async () =>
    (
      (await db.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n as number
    ).toLocaleString('en-US')

  // --only: the workloads whose name contains it (the audit rows are then generated only for a write).
  const only = typeof flags.only === 'string' ? flags.only : ''
  const wanted = (workload: Workload) => workload.name.includes(only)
  const rows: Row[] = []
  for (const workload of readWorkloads(inputs).filter(wanted)) rows.push(await measure(workload))
  const headers = { authorization }
  const write = async () =>
    writeWorkload(`POST /api/consumers (audit log: ${await auditRows()} rows)`, headers)
  if (wanted(await write())) rows.push(await measure(await write()))
  if (wanted(lookupWorkload(authorization))) rows.push(await measure(lookupWorkload(authorization)))
  if (wanted(await write())) {
    generated.push(await generate(['audit-rows']))
    rows.push(await measure(await write()))
  }

  const version = (await db.query('SHOW server_version')).rows[0].server_version
  const [first, second = first] = generated
  console.log(`\n${table(rows)}\n`)
  console.log(
    [
      `Medians of ${runs} runs of ${seconds} s each (after ${warmup} s of warm-up), ${connections} connections, targets interleaved run by run.`,
      `Data: ${Object.entries(sizes)
        .map(([name, n]) => `${n.toLocaleString('en-US')} ${name}`)
        .join(
          ', ',
        )}; generated at ${first.rowsPerSecond.toLocaleString('en-US')} rows/s (${first.rows.toLocaleString('en-US')} rows) and ${second.rowsPerSecond.toLocaleString('en-US')} rows/s (audit log).`,
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, PostgreSQL ${version}; load average ${loadBefore[0].toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after.`,
      'SQL/req: statements sent through pg (BEGIN/COMMIT included), counted in each server process over 20 sequential requests.',
      ...notes,
      `Server logs: ${work}`,
    ]
      .map((line) => `- ${line}`)
      .join('\n'),
  )
} finally {
  await close()
}
