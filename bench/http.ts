/**
 * The service against Payload's own REST path and hand-written baselines, over HTTP:
 * `npm run bench [-- --quick] [--runs 3] [--seconds 10] [--connections 50] [--web-events N]
 * [--companies N] [--customers N] [--consumers N] [--credit-apps N] [--audit-rows N]
 * [--lead-events N] [--only <part of a workload's name>] [--api-only]`.
 * In a throwaway database beside DATABASE_URL's (default: the PostgreSQL on 127.0.0.1:5432),
 * filled by `npm run generate`, it starts the service in production mode and the baseline server
 * (bench/http/baseline.ts), both on 127.0.0.1, and runs each workload's targets in turn, run
 * after run (service, REST, baseline, service, …), reporting medians as one markdown table.
 * Then the dealer scope at scale (bench/http/dealerScope.ts; sizes from BENCH_DEALERSHIPS,
 * BENCH_LEADS, BENCH_LEAD_CONSUMERS): a staff admin against a dealer, a second table.
 * `--only "dealer scope"` runs that part alone; `--only "lead event"` the lead agents' PATCH alone
 * (bench/http/leadEvents.ts), on a database of lead events only; `--only "new lead"` a lead
 * vendor's create alone (bench/http/leads.ts). `--api-only` measures beside the service the same
 * service as an API node runs it (`ADMIN_UI=off`: the lean build; its SQL/req is not counted).
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
import { cliWith, serviceEnv, throwawayDatabase } from './common'
import {
  CREDIT_APP_SENT_WORKLOAD,
  CREDIT_APP_WORKLOAD,
  creditAppBody,
  creditAppSentWorkload,
  creditAppWorkload,
  loadCreditAppParties,
} from './http/creditApps'
import { loadDealerships, scopeSizes } from './http/dealerLoad'
import {
  measureScope,
  newDealer,
  ratios,
  scopeNames,
  scopeTable,
  signIn,
  slowest,
} from './http/dealerScope'
import {
  LEAD_EVENT_WORKLOAD,
  leadEventCount,
  leadEventWorkload,
  loadLeadEvents,
  PATCH_STATUSES,
  patchBody,
} from './http/leadEvents'
import { LEAD_CREATE_WORKLOAD, leadBody, leadCreateWorkload, SENDERS } from './http/leads'
import { type LoadResult, runLoad, send } from './http/load'
import { differences, type Measured, type Row, table } from './http/report'
import { type Server, startServer } from './http/servers'
import {
  loadVdpEmails,
  loadVdpInputs,
  VDP_EMAIL_WORKLOAD,
  VDP_PATCH_WORKLOAD,
  vdpEmailWorkload,
  vdpPatchWorkload,
} from './http/vdpEmails'
import {
  errorWorkload,
  lookupWorkload,
  readWorkloads,
  withApiOnly,
  withUncompiled,
  type Workload,
  writeWorkload,
} from './http/workloads'

const sizeFlags = ['web-events', 'companies', 'customers', 'consumers', 'credit-apps', 'audit-rows']
const { values: flags } = parseArgs({
  options: {
    'api-only': { default: false, type: 'boolean' },
    connections: { default: '50', type: 'string' },
    'lead-events': { type: 'string' },
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
const deepPage = Math.max(2, Math.min(5000, Math.floor(sizes['web-events'] / 10 / 2)))

// --only: the parts with a workload whose name contains it (the workloads against the
// baselines, the dealer scope, or both).
const only = typeof flags.only === 'string' ? flags.only : ''
const scope = scopeSizes(quick)
const standardNames = [
  ...readWorkloads({
    authorization: '',
    creditApps: [],
    customers: [],
    deepCursor: '',
    deepPage,
    likeWords: [],
  }).map((workload) => workload.name),
  writeWorkload('POST /api/consumers (audit log: n rows)', {}).name,
  errorWorkload.name,
  CREDIT_APP_WORKLOAD,
  CREDIT_APP_SENT_WORKLOAD,
  lookupWorkload('').name,
]
const runLeadEvents = LEAD_EVENT_WORKLOAD.includes(only)
const runLeadCreates = LEAD_CREATE_WORKLOAD.includes(only)
// The VDP e-mails name the lead events' leads.
const runVdpEmails = [VDP_EMAIL_WORKLOAD, VDP_PATCH_WORKLOAD].some((name) => name.includes(only))
const leadEvents = leadEventCount(
  typeof flags['lead-events'] === 'string' ? flags['lead-events'] : undefined,
  quick,
)
// The generated data set is for the other workloads: the lead events load their own.
const runGenerated = standardNames.some((name) => name.includes(only))
const runStandard = runGenerated || runLeadEvents || runVdpEmails || runLeadCreates
// The workloads of a compiled write (each measured with its compiled writes off too).
const runCompiledWrites =
  runLeadEvents ||
  runLeadCreates ||
  runVdpEmails ||
  ['POST /api/consumers', errorWorkload.name, CREDIT_APP_WORKLOAD, CREDIT_APP_SENT_WORKLOAD].some(
    (name) => name.includes(only),
  )
const runScope = scopeNames(scope.consumers >= 2).some((name) => name.includes(only))
if (!runStandard && !runScope) throw new Error(`no workload's name contains "${only}"`)
// The leads name consumers of the generated set: enough of them.
if (runScope) sizes.consumers = Math.max(runStandard ? sizes.consumers : 0, scope.consumers)

if (!buildIsCurrent()) {
  say('the admin UI build is missing or stale: building it first (npm run build)')
  await ensureBuild()
}
process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres'
const database = await throwawayDatabase()
const work = path.join(os.tmpdir(), `commerce-bench-${process.pid}`)
await import('node:fs').then((fs) => fs.mkdirSync(work, { recursive: true }))
// The service as `npm start` runs it, one process like the baseline: the ratios compare the
// request path, not the core count (docs/performance.md has WEB_CONCURRENCY=2).
const env = serviceEnv(process.env.DATABASE_URL)
const cli = cliWith(env)
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

const servers: Partial<Record<Workload['targets'][number]['on'], Server>> = {}
const db = new pg.Client({ connectionString: process.env.DATABASE_URL })

/**
 * The dealer scope at scale (bench/http/dealerScope.ts): its data loaded beside the rest (the
 * leads name consumers of the run `consumerSeed`), a staff admin and a dealer of the dealership of
 * median size signed in over HTTP, both measured; one more table.
 */
const dealerScope = async (
  service: Server,
  consumerSeed: string,
  machine: () => Promise<string>,
) => {
  const count = (n: number) => n.toLocaleString('en-US')
  say(
    `dealer scope: ${count(scope.dealerships)} dealerships, ${count(scope.leads)} leads, ${count(scope.consumers)} consumers`,
  )
  const load = await loadDealerships(process.env.DATABASE_URL!, scope, {
    consumerSeed,
    say,
    seed: crypto.randomBytes(4).toString('hex'),
  })
  const wrong = Object.entries(load.wrong).filter(([, n]) => n > 0)
  if (wrong.length)
    throw new Error(`the leads' dealerships are wrong: ${JSON.stringify(load.wrong)}`)
  // Statements to try before measuring (a candidate index, say), run on this database only.
  const extra = process.env.BENCH_SCOPE_SQL?.trim()
  if (extra) {
    say(`  BENCH_SCOPE_SQL: ${extra}`)
    await db.query(extra)
  }
  const { rows: sized } = await db.query(
    `SELECT dealership_id AS id, count(*)::int AS leads FROM lead WHERE dealership_id IS NOT NULL
     GROUP BY 1 ORDER BY 2, 1 OFFSET $1 LIMIT 1`,
    [Math.floor(scope.dealerships / 2)],
  )
  const company = sized[0].id as string
  const email = 'bench-admin@example.com'
  const password = crypto.randomBytes(12).toString('hex')
  await cli('create-admin', ['--email', email, '--password', password])
  const admin = await signIn(service.origin, email, password)
  const { headers: dealer } = await newDealer(service.origin, admin, company)
  const plansFile = path.join(work, 'dealer-scope-plans.md')
  const rows = await measureScope({
    callers: { dealer, 'staff admin': admin },
    company,
    consumers: scope.consumers >= 2,
    db,
    only,
    plansFile,
    runs,
    say,
    seconds,
    server: service,
  })
  const worst = Math.max(...ratios(rows).map(({ ratio }) => ratio))
  console.log(`\n${scopeTable(rows)}\n`)
  console.log(
    [
      `Dealer scope: ${count(scope.dealerships)} dealerships (one location each), ${count(scope.leads)} leads spread over them, naming ${count(scope.consumers)} consumers; the dealer's dealership has ${count(sized[0].leads)} leads. Leads loaded at ${count(load.leadsPerSecond)} leads/s (${load.seconds} s; ${load.triggers === 'all' ? 'every trigger on' : "the dealership copied on set-based, the lead's own trigger on"}); dealerships added: ${Object.entries(
        load.added,
      )
        .map(([table, n]) => `${count(n)} ${table}`)
        .join(', ')}.`,
      `Medians of ${runs} runs of ${seconds} s each (after 1 s of warm-up), one connection (one request at a time), callers interleaved run by run; dealer/admin: the dealer's p50 over the admin's. Goal ≤ 2: ${worst <= 2 ? 'met' : '**not met**'} (largest ${worst.toFixed(2)}).`,
      "Every answer was checked against the database first: the admin counts every record, the dealer exactly their dealership's (and no record of a page is another's).",
      ...(extra ? [`Run on the database before measuring (BENCH_SCOPE_SQL): \`${extra}\``] : []),
      'SQL ms: the EXPLAIN ANALYZE execution times of the SELECTs one request sent, summed.',
      ...slowest(rows),
      await machine(),
      `Plans: ${plansFile}`,
    ]
      .map((line) => `- ${line}`)
      .join('\n'),
  )
}
let closing: Promise<void> | undefined
const close = () =>
  (closing ??= (async () => {
    await db.end().catch(() => {})
    // Every server this run started, whichever they were: the database drops only without them.
    await Promise.all(Object.values(servers).map((server) => server?.stop()))
    await database.drop()
  })())
// Interrupted: the servers stop and the database goes all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void close().finally(() => process.exit(130)))
try {
  const loadBefore = os.loadavg()
  const version = async () => (await db.query('SHOW server_version')).rows[0].server_version
  const machine = async () =>
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, PostgreSQL ${await version()}; load average ${loadBefore[0].toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after.`
  const generated = [
    await generate(
      runGenerated
        ? sizeFlags.filter((name) => name !== 'audit-rows')
        : [
            // The dealer scope's leads name consumers of the generated set, and the VDP
            // e-mails' VINs its vehicles, which come with its credit apps (as in a full run).
            ...(runScope || runVdpEmails ? ['consumers'] : []),
            ...(runVdpEmails ? ['credit-apps'] : []),
          ],
    ),
  ]
  // The key of the integrator, the caller of the workloads against the baselines.
  const { authorization } = runStandard
    ? await cli('create-api-key', ['--role', 'integrator', '--name', 'bench'])
    : { authorization: '' }
  servers.service = await startServer(commandArgv('start'), env, path.join(work, 'service.log'))
  await db.connect()
  if (runStandard) {
    servers.baseline = await startServer(
      ['--import', 'tsx', path.join(projectRoot, 'bench/http/baseline.ts')],
      env,
      path.join(work, 'baseline.log'),
    )
    // The before of every compiled write, in the same run: Payload's create and update.
    if (runCompiledWrites)
      servers.uncompiled = await startServer(
        commandArgv('start'),
        { ...env, COMPILED_WRITES: 'false' },
        path.join(work, 'uncompiled.log'),
      )
    // --api-only: the service as an API node runs it too (ADMIN_UI=off: the lean build).
    if (flags['api-only'])
      servers.apiOnly = await startServer(
        commandArgv('start'),
        { ...env, ADMIN_UI: 'off' },
        path.join(work, 'api-only.log'),
      )
    const sample = async (table: string) =>
      (await db.query(`SELECT id FROM ${table} ORDER BY random() LIMIT 500`)).rows.map(
        (row) => row.id,
      )
    const inputs = {
      authorization,
      creditApps: await sample('credit_app'),
      customers: await sample('customer'),
      deepPage,
      deepCursor: '',
      likeWords: companyWords.place
        .filter((word) => !word.includes(' '))
        .map((word) => word.toLowerCase()),
    }

    // Does each baseline answer what the service answers? Differences are listed under the table.
    const notes: string[] = []
    const json = async (server: Server, url: string, init: RequestInit = {}) =>
      (await fetch(server.origin + url, { headers: { authorization }, ...init })).json()
    if (runGenerated) {
      const before = await fetch(
        `${servers.service.origin}/api/webevents?page=${inputs.deepPage - 1}`,
        {
          headers: { authorization },
        },
      )
      inputs.deepCursor = (await before.json()).nextCursor
      if (!before.ok || !inputs.deepCursor) throw new Error(`no cursor to page ${inputs.deepPage}`)
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
    }
    /**
     * The lead agents' PATCH: its events loaded, one endpoint subscribed to their updates (made
     * over the API by an admin key, as a client makes one), and the answers compared: the
     * service, the baseline, then the service again send one event the same change, so the last
     * two embed the same lead (as the first left it) and differ only in the event's `updatedAt`.
     * Then the baseline changes the status, and each side's rows are counted: a version and an
     * outbox row per patch, and the lead's current status.
     */
    const leadEventSetup = async () => {
      const agent = await cli('create-api-key', ['--role', 'lead-agent', '--name', 'bench agent'])
      const admin = await cli('create-api-key', ['--role', 'admin', '--name', 'bench admin'])
      const endpoint = await fetch(`${servers.service!.origin}/api/webhook-endpoints`, {
        body: JSON.stringify({
          events: ['lead_event.updated'],
          url: 'https://receiver.example.com/hooks',
        }),
        headers: { authorization: admin.authorization, 'content-type': 'application/json' },
        method: 'POST',
      })
      if (!endpoint.ok) throw new Error(`no webhook endpoint: ${await endpoint.text()}`)
      say(`lead events: loading ${leadEvents.toLocaleString('en-US')}`)
      const ids = await loadLeadEvents(db, leadEvents)
      const patch = (server: Server, url: string, n: number) =>
        json(server, url, {
          body: patchBody(n),
          headers: { authorization: agent.authorization, 'content-type': 'application/json' },
          method: 'PATCH',
        })
      const id = ids[0]
      await patch(servers.service!, `/api/leadEvents/${id}`, 0)
      const baseline = await patch(servers.baseline!, `/lead-events/${id}`, 0)
      const service = await patch(servers.service!, `/api/leadEvents/${id}`, 0)
      const found = differences(service, baseline).filter(
        (difference) => !difference.startsWith('.doc.updatedAt:'),
      )
      await patch(servers.baseline!, `/lead-events/${id}`, 1)
      const { rows } = await db.query(
        `SELECT (SELECT count(*)::int FROM _lead_events_v WHERE parent_id = $1) AS versions,
                (SELECT count(*)::int FROM webhook_deliveries WHERE record_key = $2) AS deliveries,
                (SELECT current_status::text FROM lead
                  WHERE id = (SELECT current_status_for_id FROM lead_events WHERE id = $1)) AS status`,
        [id, `leadEvents:${id}`],
      )
      const written = rows[0]
      const expected = JSON.parse(patchBody(1)).status
      notes.push(
        `PATCH /api/leadEvents/{id} vs baseline: ${found.length ? found.join('; ') : "same JSON but the event's updatedAt"}; after 4 patches of one event (3 by the service, 1 by the baseline): ${written.versions} versions, ${written.deliveries} outbox rows, the lead's status ${written.status === expected ? 'as the last patch set it' : `${written.status}, not ${expected}`}`,
      )
      return leadEventWorkload(ids, agent.authorization)
    }
    /**
     * The VDP e-mails: the lead events' leads (loaded here when that workload did not run) and
     * VINs of their own; one create each way, answers compared (ids, title and times aside).
     */
    const vdpEmailSetup = async (leadsLoaded: boolean) => {
      const admin = await cli('create-api-key', ['--role', 'admin', '--name', 'bench vdp admin'])
      if (!leadsLoaded) await loadLeadEvents(db, leadEvents)
      const inputs = await loadVdpInputs(db)
      const body = JSON.stringify({ lead: inputs.leads[0], vins: inputs.vins.slice(0, 3) })
      const create = (server: Server, url: string) =>
        json(server, url, {
          body,
          headers: { authorization: admin.authorization, 'content-type': 'application/json' },
          method: 'POST',
        })
      const service = await create(servers.service!, '/api/vdpEmails')
      const baseline = await create(servers.baseline!, '/vdp-emails')
      const found = differences(service, baseline).filter(
        (difference) => !/^\.doc\.(id|updatedAt|createdAt):/.test(difference),
      )
      notes.push(
        `POST /api/vdpEmails vs baseline: ${found.length ? found.join('; ') : 'same JSON but the id and times'}`,
      )
      // The patches: e-mails of their own, one patched the same way by each (answers compared).
      const agent = await cli('create-api-key', [
        '--role',
        'lead-agent',
        '--name',
        'bench vdp agent',
      ])
      const emails = await loadVdpEmails(db, inputs)
      const update = (server: Server, url: string) =>
        json(server, url, {
          body: JSON.stringify({ vins: inputs.vins.slice(3, 5) }),
          headers: { authorization: agent.authorization, 'content-type': 'application/json' },
          method: 'PATCH',
        })
      const patched = differences(
        await update(servers.service!, `/api/vdpEmails/${emails[0]}`),
        await update(servers.baseline!, `/vdp-emails/${emails[0]}`),
      ).filter((difference) => !/^\.doc\.updatedAt:/.test(difference))
      notes.push(
        `PATCH /api/vdpEmails/{id} vs baseline: ${patched.length ? patched.join('; ') : "same JSON but the record's updatedAt"}`,
      )
      return [
        vdpEmailWorkload(inputs, admin.authorization),
        vdpPatchWorkload({ emails, vins: inputs.vins }, agent.authorization),
      ]
    }

    /**
     * A lead vendor's creates: a lead-source key, one endpoint subscribed to `lead.created` (made
     * as the lead events' is), and one create each way: the answers compared (the id aside) and
     * each side's rows counted: the lead with its match keys, and its outbox row.
     */
    const leadCreateSetup = async () => {
      const source = await cli('create-api-key', [
        '--role',
        'lead-source',
        '--name',
        'bench vendor',
      ])
      const admin = await cli('create-api-key', ['--role', 'admin', '--name', 'bench hooks'])
      const endpoint = await fetch(`${servers.service!.origin}/api/webhook-endpoints`, {
        body: JSON.stringify({ events: ['lead.created'], url: 'https://crm.example.com/hooks' }),
        headers: { authorization: admin.authorization, 'content-type': 'application/json' },
        method: 'POST',
      })
      if (!endpoint.ok) throw new Error(`no webhook endpoint: ${await endpoint.text()}`)
      const create = (server: Server, url: string, n: number) =>
        json(server, url, {
          body: leadBody('setup', SENDERS.setup, n),
          headers: { authorization: source.authorization, 'content-type': 'application/json' },
          method: 'POST',
        })
      const service = await create(servers.service!, '/api/lead', 0)
      const baseline = await create(servers.baseline!, '/leads', 1)
      const found = differences(service, baseline).filter(
        (difference) => !difference.startsWith('.doc.id:'),
      )
      const { rows } = await db.query(
        `SELECT l.id, l.match_email IS NOT NULL AND l.match_phones IS NOT NULL AS keyed,
                (SELECT count(*)::int FROM webhook_deliveries WHERE record_key = 'lead:' || l.id) AS deliveries
           FROM lead l WHERE l.id = ANY($1::int[]) ORDER BY l.id`,
        [[service.doc?.id, baseline.doc?.id]],
      )
      const sides = rows.map(
        (row) => `${row.keyed ? 'match keys' : 'NO match keys'}, ${row.deliveries} outbox row(s)`,
      )
      notes.push(
        `POST /api/lead vs baseline: ${found.length ? found.join('; ') : 'same JSON but the id'}; rows written: service ${sides[0] ?? 'none'}, baseline ${sides[1] ?? 'none'}`,
      )
      return leadCreateWorkload(source.authorization)
    }

    /**
     * An integrator's credit apps: parties of generated apps, and one create each way of the same
     * body, the answers compared (the id, title's order of words and times aside) and each side's
     * rows counted: the app, its version and its audit entry.
     */
    const creditAppSetup = async () => {
      const parties = await loadCreditAppParties(db)
      const create = (server: Server, url: string) =>
        json(server, url, {
          body: creditAppBody(parties[0]),
          headers: { authorization, 'content-type': 'application/json' },
          method: 'POST',
        })
      const service = await create(servers.service!, '/api/creditapps')
      const baseline = await create(servers.baseline!, '/creditapps')
      const found = differences(service, baseline).filter(
        (difference) => !/^\.data\.(id|updatedAt|createdAt):/.test(difference),
      )
      const { rows } = await db.query(
        `SELECT a.id, (SELECT count(*)::int FROM _credit_app_v WHERE parent_id = a.id) AS versions,
                (SELECT count(*)::int FROM audit_log WHERE record_id = a.id) AS audits
           FROM credit_app a WHERE a.id = ANY($1::text[]) ORDER BY a.id = $2 DESC`,
        [[service.data?.id, baseline.data?.id], service.data?.id],
      )
      const sides = rows.map((row) => `${row.versions} version(s), ${row.audits} audit entries`)
      notes.push(
        `POST /api/creditapps vs baseline: ${found.length ? found.join('; ') : 'same JSON but the id and times'}; rows written: service ${sides[0] ?? 'none'}, baseline ${sides[1] ?? 'none'}`,
      )
      // Each applicant authorizes a credit report (a disclosure shown, the grant recorded by the
      // integrator), so that an app sent for is queued, not held.
      const admin = await cli('create-api-key', ['--role', 'admin', '--name', 'bench consents'])
      const post = async (url: string, body: unknown, key: string) => {
        const response = await fetch(servers.service!.origin + url, {
          body: JSON.stringify(body),
          headers: { authorization: key, 'content-type': 'application/json' },
          method: 'POST',
        })
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`)
        return response.json()
      }
      const { doc: disclosure } = await post(
        '/api/disclosures',
        { kind: 'credit-report-authorization', text: 'I authorize a credit report.', version: '1' },
        admin.authorization,
      )
      for (const consumer of new Set(parties.map((party) => party.consumer)))
        await post(
          '/api/consents',
          {
            action: 'grant',
            consumer,
            disclosure: disclosure.id,
            kind: 'credit-report-authorization',
            method: 'web-form',
            role: 'applicant',
          },
          authorization,
        )
      const sent = await json(servers.service!, '/api/creditapps', {
        body: creditAppBody(parties[0], true),
        headers: { authorization, 'content-type': 'application/json' },
        method: 'POST',
      })
      notes.push(
        `POST /api/creditapps sent to its provider: ${sent.data?.providerSubmission?.status ?? JSON.stringify(sent)}`,
      )
      return [
        creditAppWorkload(parties, authorization),
        creditAppSentWorkload(parties, authorization),
      ]
    }

    const measure = async (asked: Workload): Promise<Row> => {
      const workload = servers.apiOnly ? withApiOnly(asked) : asked
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
        // The lean build bundles its own pg, which the statement counter does not patch.
        measured[i].sqlPerRequest =
          target.on === 'apiOnly' ? NaN : ((await server.statements()) - before) / 20
      }
      agent.destroy()
      return { measured, name: workload.name }
    }
    const auditRows = async () =>
      (
        (await db.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n as number
      ).toLocaleString('en-US')

    // --only: the workloads whose name contains it (the audit rows are then generated only for a write).
    const wanted = (workload: Workload) => workload.name.includes(only)
    const rows: Row[] = []
    if (runGenerated)
      for (const workload of readWorkloads(inputs).filter(wanted))
        rows.push(await measure(workload))
    if (runLeadEvents) rows.push(await measure(withUncompiled(await leadEventSetup())))
    if (runLeadCreates) rows.push(await measure(withUncompiled(await leadCreateSetup())))
    if (runVdpEmails)
      for (const workload of (await vdpEmailSetup(runLeadEvents)).filter(wanted))
        rows.push(await measure(withUncompiled(workload)))
    const headers = { authorization }
    const write = async () =>
      withUncompiled(
        writeWorkload(`POST /api/consumers (audit log: ${await auditRows()} rows)`, headers),
      )
    if (wanted(await write())) rows.push(await measure(await write()))
    if (wanted(errorWorkload)) rows.push(await measure(withUncompiled(errorWorkload)))
    if (CREDIT_APP_WORKLOAD.includes(only) || CREDIT_APP_SENT_WORKLOAD.includes(only)) {
      const [created, sent] = await creditAppSetup()
      for (const workload of [created, sent].filter(wanted))
        rows.push(await measure(withUncompiled(workload)))
    }
    if (wanted(lookupWorkload(authorization)))
      rows.push(await measure(lookupWorkload(authorization)))
    if (wanted(await write())) {
      generated.push(await generate(['audit-rows']))
      rows.push(await measure(await write()))
    }

    const [first, second = first] = generated
    console.log(`\n${table(rows)}\n`)
    console.log(
      [
        `Medians of ${runs} runs of ${seconds} s each (after ${warmup} s of warm-up), ${connections} connections, targets interleaved run by run.`,
        ...(runGenerated
          ? [
              `Data: ${Object.entries(sizes)
                .map(([name, n]) => `${n.toLocaleString('en-US')} ${name}`)
                .join(
                  ', ',
                )}; generated at ${first.rowsPerSecond.toLocaleString('en-US')} rows/s (${first.rows.toLocaleString('en-US')} rows) and ${second.rowsPerSecond.toLocaleString('en-US')} rows/s (audit log).`,
            ]
          : []),
        ...(runLeadEvents
          ? [
              `Lead events: ${leadEvents.toLocaleString('en-US')}, one lead each and its current status; one webhook endpoint subscribed to lead_event.updated; statuses that ask for no contact (${PATCH_STATUSES.length}, in turn).`,
            ]
          : []),
        await machine(),
        'SQL/req: statements sent through pg (BEGIN/COMMIT included), counted in each server process over 20 sequential requests.',
        ...notes,
        `Server logs: ${work}`,
      ]
        .map((line) => `- ${line}`)
        .join('\n'),
    )
  }
  if (runScope) await dealerScope(servers.service, generated[0].seed, machine)
} finally {
  await close()
}
