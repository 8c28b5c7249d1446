/**
 * The service at a dealer group's size: `npm run bench:scale [-- --quick] [--runs 3]
 * [--seconds 10] [--connections 50] [--keep | --reuse] [--only <part of a request's name and caller>]`. In a throwaway database beside
 * DATABASE_URL's (default: the PostgreSQL on 127.0.0.1:5432) it loads, by set-based SQL:
 * `npm run generate`'s web events, audit entries, customers and consumers; 1,000 dealerships
 * with the leads spread over them (bench/http/dealerLoad.ts); five events per lead
 * (bench/http/scaleLoad.ts). Sizes: BENCH_SCALE_WEB_EVENTS (10,000,000), BENCH_SCALE_LEADS
 * (2,000,000), BENCH_SCALE_EVENTS_PER_LEAD (5), BENCH_SCALE_DEALERSHIPS (1,000),
 * BENCH_SCALE_AUDIT_ROWS (10,000,000), BENCH_SCALE_CONSUMERS (200,000), BENCH_SCALE_CUSTOMERS
 * (100,000); `--quick` divides each by 50 (dealerships by 10).
 *
 * Then the service (as `npm start` runs it, one process) answers each interactive read at
 * `--connections` for `--runs` runs of `--seconds`, as the caller who asks it in use: an
 * integrator's API key (the commerce endpoints), the staff admin (the admin UI's REST lists and
 * records) and a dealer of the dealership of median size (its leads, their count, a lead's desk
 * panel). The dashboard (`GET /admin`, its figures rendered into the page) is a person's visit:
 * one connection. Each request's SQL is explained (EXPLAIN ANALYZE) into scale-plans.md.
 * `--keep` leaves the database and writes how to reach it to `.data/bench-scale.json`; `--reuse`
 * measures it again without loading (migrated to the code of the run, as any start does).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import pg from 'pg'

import { sessionOptions } from '@/db/pooledQueries'
import { buildIsCurrent, ensureBuild } from '@/start/adminBuild'

import { commandArgv } from '../test/helpers/cli'
import { cliWith, enrolAnew, median, serviceEnv, throwawayDatabase } from './common'
import { loadDealerships } from './http/dealerLoad'
import { explain, newDealer, signIn } from './http/dealerScope'
import { type LoadResult, type Request, runLoad, send } from './http/load'
import { loadLeadEventsAtScale } from './http/scaleLoad'
import { type Server, startServer } from './http/servers'

const { values: flags } = parseArgs({
  options: {
    connections: { default: '50', type: 'string' },
    keep: { default: false, type: 'boolean' },
    only: { default: '', type: 'string' },
    quick: { default: false, type: 'boolean' },
    reuse: { default: false, type: 'boolean' },
    runs: { default: '3', type: 'string' },
    seconds: { type: 'string' },
  },
})
const quick = flags.quick === true
const size = (name: string, full: number, divisor = 50) => {
  const value = Number(process.env[`BENCH_SCALE_${name}`] ?? (quick ? full / divisor : full))
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`BENCH_SCALE_${name} must be a whole number of at least 1`)
  return value
}
const sizes = {
  auditRows: size('AUDIT_ROWS', 10_000_000),
  consumers: size('CONSUMERS', 200_000),
  customers: size('CUSTOMERS', 100_000),
  dealerships: size('DEALERSHIPS', 1_000, 10),
  eventsPerLead: size('EVENTS_PER_LEAD', 5, 1),
  leads: size('LEADS', 2_000_000),
  webEvents: size('WEB_EVENTS', 10_000_000),
}
const runs = Number(flags.runs)
const seconds = Number(flags.seconds ?? (quick ? 3 : 10))
const connections = Number(flags.connections)
const say = (line: string) => process.stderr.write(`${line}\n`)
const count = (n: number) => n.toLocaleString('en-US')
const KEPT = '.data/bench-scale.json'

type Kept = {
  admin: { email: string; password: string }
  creditDataKeys: string
  databaseUrl: string
  dealer: { email: string; password: string }
  integrator: string
  loaded: string
  /** API keys are kept as HMACs under it: the integrator's works only with the same secret. */
  payloadSecret?: string
}

/** The goals of a row: p99 of an interactive read at 50 connections, a dashboard visit's p99. */
const GOAL_MS = { dashboard: 300, read: 100 }

type Caller = 'dealer' | 'integrator' | 'staff admin'
type Probe = {
  caller: Caller
  /** One connection: a page a person opens, not a read many clients send at once. */
  page?: boolean
  name: string
  path: () => string
}

const cycle = (list: string[]) => {
  let next = 0
  return () => list[next++ % list.length]
}

/** What is asked, in the order of the issue: single reads, first pages, the dealer, the desk, the dashboard. */
const probes = (ids: Record<string, string[]>): Probe[] => {
  const customer = cycle(ids.customers)
  const lead = cycle(ids.leads)
  const event = cycle(ids.events)
  const webEvent = cycle(ids.webEvents)
  const dealerLead = cycle(ids.dealerLeads)
  return [
    {
      caller: 'integrator',
      name: 'GET /api/customers/{id}',
      path: () => `/api/customers/${customer()}`,
    },
    { caller: 'staff admin', name: 'GET /api/lead/{id}', path: () => `/api/lead/${lead()}` },
    {
      caller: 'staff admin',
      name: 'GET /api/leadEvents/{id}',
      path: () => `/api/leadEvents/${event()}`,
    },
    {
      caller: 'staff admin',
      name: 'GET /api/web-event/{id}',
      path: () => `/api/web-event/${webEvent()}`,
    },
    {
      caller: 'integrator',
      name: 'GET /api/webevents?page=1',
      path: () => '/api/webevents?page=1',
    },
    {
      caller: 'staff admin',
      name: 'GET /api/web-event?limit=10',
      path: () => '/api/web-event?limit=10',
    },
    { caller: 'staff admin', name: 'GET /api/lead?limit=10', path: () => '/api/lead?limit=10' },
    {
      caller: 'staff admin',
      name: 'GET /api/leadEvents?limit=10',
      path: () => '/api/leadEvents?limit=10',
    },
    {
      caller: 'staff admin',
      name: 'GET /api/audit-log?limit=10',
      path: () => '/api/audit-log?limit=10',
    },
    { caller: 'dealer', name: 'GET /api/lead?limit=10', path: () => '/api/lead?limit=10' },
    { caller: 'dealer', name: 'GET /api/lead?limit=1 (count)', path: () => '/api/lead?limit=1' },
    {
      caller: 'dealer',
      name: 'GET /api/leadEvents?limit=10',
      path: () => '/api/leadEvents?limit=10',
    },
    {
      caller: 'dealer',
      name: 'GET /api/lead/{id}/desk',
      path: () => `/api/lead/${dealerLead()}/desk`,
    },
    { caller: 'staff admin', name: 'GET /admin (dashboard)', page: true, path: () => '/admin' },
    { caller: 'dealer', name: 'GET /admin (dashboard)', page: true, path: () => '/admin' },
  ]
}

type Measured = {
  plans: { ms: number; statement: string }[]
  probe: Probe
  rss: number[]
  runs: LoadResult[]
  sqlPerRequest: number
}

const fixed = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })

const report = (rows: Measured[]): string => {
  const lines = [
    '| Request | Caller | connections | req/s | p50 ms | p99 ms | goal (p99) | SQL/req | SQL ms | RSS MiB | non-2xx |',
    '|---|---|--:|--:|--:|--:|---|--:|--:|--:|--:|',
  ]
  for (const { plans, probe, rss, runs: done, sqlPerRequest } of rows) {
    const p99 = median(done.map((run) => run.p99))
    const goal = probe.page ? GOAL_MS.dashboard : GOAL_MS.read
    const failures = done.reduce(
      (sum, run) => sum + Object.values(run.failures).reduce((a, b) => a + b, 0),
      0,
    )
    lines.push(
      `| ${probe.name} | ${probe.caller} | ${probe.page ? 1 : connections} | ${fixed(
        median(done.map((run) => run.perSecond)),
        0,
      )} | ${fixed(median(done.map((run) => run.p50)))} | ${fixed(p99)} | ≤ ${goal}: ${
        p99 <= goal ? 'met' : '**not met**'
      } | ${fixed(sqlPerRequest)} | ${fixed(plans.reduce((sum, plan) => sum + plan.ms, 0))} | ${fixed(
        median(rss),
        0,
      )} | ${failures} |`,
    )
  }
  return lines.join('\n')
}

if (!buildIsCurrent()) {
  say('the admin UI build is missing or stale: building it first (npm run build)')
  await ensureBuild()
}
const reused: Kept | null = flags.reuse ? (JSON.parse(fs.readFileSync(KEPT, 'utf8')) as Kept) : null
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres'
const database = reused ? null : await throwawayDatabase()
if (reused) process.env.DATABASE_URL = reused.databaseUrl
const work = path.join(os.tmpdir(), `commerce-bench-scale-${process.pid}`)
fs.mkdirSync(work, { recursive: true })
// Nothing measured queues a job; with the runner on, the speed-to-lead sweep would escalate
// millions of never-contacted leads while the reads are measured.
const env = serviceEnv(process.env.DATABASE_URL, reused ?? {})
const cli = cliWith(env)
const db = new pg.Client({ connectionString: process.env.DATABASE_URL })
let service: Server | undefined
let closing: Promise<void> | undefined
const close = () =>
  (closing ??= (async () => {
    await db.end().catch(() => {})
    await service?.stop()
    if (flags.keep) say(`kept ${process.env.DATABASE_URL}: ${KEPT}`)
    else await database?.drop()
  })())
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void close().finally(() => process.exit(130)))

/** Loads the data set; answers what signs in to it. */
const load = async (): Promise<Kept> => {
  const started = Date.now()
  const args = [
    ['--web-events', sizes.webEvents],
    ['--audit-rows', sizes.auditRows],
    ['--customers', sizes.customers],
    ['--consumers', sizes.consumers],
  ].flatMap(([flag, n]) => [String(flag), String(n)])
  say(`npm run generate -- ${args.join(' ')}`)
  const generated = await cli('generate', args)
  say(`  ${count(generated.rows)} rows at ${count(generated.rowsPerSecond)} rows/s`)
  say(`${count(sizes.dealerships)} dealerships, ${count(sizes.leads)} leads`)
  const leads = await loadDealerships(
    env.DATABASE_URL,
    { consumers: sizes.consumers, dealerships: sizes.dealerships, leads: sizes.leads },
    { consumerSeed: generated.seed, say, seed: crypto.randomBytes(4).toString('hex') },
  )
  if (Object.values(leads.wrong).some((n) => n > 0))
    throw new Error(`the leads' dealerships are wrong: ${JSON.stringify(leads.wrong)}`)
  say(`  ${count(leads.leadsPerSecond)} leads/s`)
  say(`${sizes.eventsPerLead} events per lead`)
  const events = await loadLeadEventsAtScale(env.DATABASE_URL, sizes.eventsPerLead, say)
  say(`  ${count(events.events)} lead events at ${count(events.eventsPerSecond)} events/s`)
  // As autovacuum leaves a database in use: counts read the visibility map (index-only scans).
  say('VACUUM ANALYZE')
  await db.query('VACUUM ANALYZE')
  const admin = {
    email: 'bench.admin@example.com',
    password: crypto.randomBytes(12).toString('hex'),
  }
  await cli('create-admin', ['--email', admin.email, '--password', admin.password])
  const { authorization } = await cli('create-api-key', ['--role', 'integrator', '--name', 'bench'])
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  return {
    admin,
    creditDataKeys: env.CREDIT_DATA_KEYS,
    databaseUrl: env.DATABASE_URL,
    dealer: { email: '', password: '' },
    integrator: authorization,
    payloadSecret: env.PAYLOAD_SECRET,
    loaded: `${count(generated.rows)} generated rows (${count(generated.rowsPerSecond)} rows/s), ${count(sizes.leads)} leads (${count(leads.leadsPerSecond)} leads/s), ${count(events.events)} lead events (${count(events.eventsPerSecond)} events/s); ${minutes} min in all`,
  }
}

/** Measures one probe: `runs` runs at its connections, then its statements and their plans. */
const measure = async (
  probe: Probe,
  headers: Record<string, string>,
  plansFile: string,
  session: pg.Client,
): Promise<Measured> => {
  // A page is opened by a browser, which sends the session as its cookie.
  const token = headers.authorization?.replace(/^JWT /, '')
  if (probe.page) headers = { cookie: `payload-token=${token}` }
  const next = (): Request => ({ headers, method: 'GET', path: probe.path() })
  const first = await fetch(service!.origin + probe.path(), { headers, redirect: 'manual' })
  if (first.status !== 200)
    throw new Error(`${probe.name} as ${probe.caller}: ${first.status} ${await first.text()}`)
  const measured: Measured = { plans: [], probe, rss: [], runs: [], sqlPerRequest: 0 }
  const load = { connections: probe.page ? 1 : connections, seconds }
  for (let run = 1; run <= runs; run++) {
    await runLoad(service!.origin, next, { ...load, seconds: Math.min(2, seconds) })
    const result = await runLoad(service!.origin, next, load)
    if (service!.ended()) throw new Error(`the service ended: ${service!.ended()}`)
    measured.runs.push(result)
    measured.rss.push(service!.rssMiB())
    say(
      `  run ${run} ${probe.name}, ${probe.caller}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)}, p99 ${result.p99.toFixed(1)} ms`,
    )
  }
  const agent = new http.Agent({ keepAlive: true })
  const before = await service!.statements()
  for (let n = 0; n < 20; n++) await send(agent, service!.origin, next())
  measured.sqlPerRequest = ((await service!.statements()) - before) / 20
  const statements = await service!.capture(() => send(agent, service!.origin, next()))
  measured.plans = await explain(session, statements, `${probe.name}, ${probe.caller}`, plansFile)
  agent.destroy()
  return measured
}

try {
  const loadBefore = os.loadavg()
  await db.connect()
  const kept = reused ?? (await load())
  if (!kept.payloadSecret) {
    // Kept before the secret was: a new key under this run's.
    kept.integrator = (
      await cli('create-api-key', ['--role', 'integrator', '--name', 'bench'])
    ).authorization
    kept.payloadSecret = env.PAYLOAD_SECRET
  }
  if (reused) await enrolAnew(db, [kept.admin.email, kept.dealer.email])
  service = await startServer(commandArgv('start'), env, path.join(work, 'service.log'))
  const admin = await signIn(service.origin, kept.admin.email, kept.admin.password)
  const { rows: sized } = await db.query(
    `SELECT dealership_id AS id, count(*)::int AS leads FROM lead WHERE dealership_id IS NOT NULL
     GROUP BY 1 ORDER BY 2, 1 OFFSET $1 LIMIT 1`,
    [Math.floor(sizes.dealerships / 2)],
  )
  const company = sized[0].id as string
  let dealer: Record<string, string>
  if (kept.dealer.email)
    dealer = await signIn(service.origin, kept.dealer.email, kept.dealer.password)
  else {
    const made = await newDealer(service.origin, admin, company)
    dealer = made.headers
    kept.dealer = made.account
  }
  if (flags.keep) fs.writeFileSync(KEPT, JSON.stringify(kept), { mode: 0o600 })
  const sample = async (text: string, values: unknown[] = []) => {
    const found = (await db.query(text, values)).rows.map((row) => String(row.id))
    if (!found.length) throw new Error(`no ids to ask for: ${text}`)
    return found
  }
  const ids = {
    customers: await sample('SELECT id FROM customer ORDER BY random() LIMIT 500'),
    dealerLeads: await sample(
      'SELECT id FROM lead WHERE dealership_id = $1 ORDER BY random() LIMIT 500',
      [company],
    ),
    events: await sample('SELECT id FROM lead_events ORDER BY random() LIMIT 500'),
    leads: await sample('SELECT id FROM lead ORDER BY random() LIMIT 500'),
    webEvents: await sample('SELECT id FROM web_event ORDER BY random() LIMIT 500'),
  }
  const callers: Record<Caller, Record<string, string>> = {
    dealer,
    integrator: { authorization: kept.integrator },
    'staff admin': admin,
  }
  const plansFile = path.join(work, 'scale-plans.md')
  // Explained as the service's sessions run them (jit off, src/db/pooledQueries.ts).
  const session = new pg.Client({ connectionString: env.DATABASE_URL, ...sessionOptions(false) })
  await session.connect()
  const rows: Measured[] = []
  try {
    for (const probe of probes(ids).filter((probe) =>
      `${probe.name} ${probe.caller}`.includes(String(flags.only)),
    ))
      rows.push(await measure(probe, callers[probe.caller], plansFile, session))
  } finally {
    await session.end()
  }
  const tables = await db.query(
    `SELECT relname AS name, n_live_tup::bigint AS n FROM pg_stat_user_tables
     WHERE relname IN ('web_event', 'lead', 'lead_events', 'audit_log', 'company', 'consumer', 'customer')
     ORDER BY relname`,
  )
  const version = (await db.query('SHOW server_version')).rows[0].server_version
  console.log(`\n${report(rows)}\n`)
  console.log(
    [
      `Data: ${tables.rows.map((row) => `${row.name} ${count(Number(row.n))}`).join(', ')} (live rows, pg_stat_user_tables); ${count(sizes.dealerships)} dealerships; the dealer's has ${count(sized[0].leads)} leads.${reused ? '' : ` Loaded: ${kept.loaded}.`}`,
      `Medians of ${runs} runs of ${seconds} s each (after up to 2 s of warm-up); reads at ${connections} connections, the dashboard at one.`,
      "SQL/req: statements sent through pg per request (20 one at a time); SQL ms: the EXPLAIN ANALYZE execution times of one request's SELECTs, summed.",
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, PostgreSQL ${version}; load average ${loadBefore[0].toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after.`,
      `Plans: ${plansFile}; service log: ${path.join(work, 'service.log')}`,
    ]
      .map((line) => `- ${line}`)
      .join('\n'),
  )
} finally {
  await close()
}
