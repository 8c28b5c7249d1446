/**
 * Admin UI page speed: `npm run bench:admin [-- --runs 7]`. Starts the service as the browser
 * tests do (`npm start` on a fresh data folder with the demo data, the admin UI built first), signs
 * the demo staff user in to Chromium, and measures, `runs` times each after one visit that is not
 * counted:
 * - the dashboard and several lists: from navigation to their data in the page (the to-do list, a
 *   list's first row), and to network idle (the end of the last response
 *   the page asked for, from the browser's resource timing; Playwright's `networkidle` comes
 *   500 ms later and is printed beside it), the server's time to the first byte of the page, and
 *   the number and size (as transferred) of the requests the page made; each page both in the
 *   signed-in browser (its cache warm, as all day long) and in a new browser context with the same
 *   session but an empty cache (the first visit of the day);
 * - `/admin` signed out: the first contentful paint, and the time until the sign-in form's e-mail
 *   field is visible.
 * Prints medians as a table.
 *
 * `--leads N` measures at scale instead of at the demo's size: the service runs on a throwaway
 * database beside DATABASE_URL's (default: the PostgreSQL on 127.0.0.1:5432) holding the demo
 * data, then `npm run generate`'s consumers and credit apps (N/5 each) and 1,000 dealerships with
 * N leads spread over them (bench/http/dealerLoad.ts); every page is measured as the demo staff
 * user and as a dealer of the dealership of median size. `--keep` leaves that database in place and
 * writes what signs in to it to `.data/bench-admin-scale.json`; `--reuse` measures that database
 * again (migrated to the current code first, as any start does) without loading it anew. At scale,
 * each viewer then downloads the leads list's CSV export (every lead they may read) while the
 * service's resident memory is sampled: its time, rows per second and peak memory
 * (`BENCH_EXPORT_QUERY=?where…` exports part of the list). `--pages off` measures only the export.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'

import pg from 'pg'
import type { Browser, BrowserContext, Page } from 'playwright-core'

import { type AdminService, DEMO_STAFF, startAdminService } from '../test/helpers/adminService'
import { lastLine, runCli } from '../test/helpers/cli'
import { arg, enrolAnew, median, throwawayDatabase } from './common'
import { loadDealerships } from './http/dealerLoad'

const runs = arg('runs', 7)
const leads = arg('leads', 0)
const keep = process.argv.includes('--keep')
const pagesOff = process.argv.join(' ').includes('--pages off')
const KEPT = '.data/bench-admin-scale.json'
type Kept = {
  creditDataKeys: string
  databaseUrl: string
  dealer: { email: string; password: string }
  staff: string
}
const reused: Kept | null = process.argv.includes('--reuse')
  ? (JSON.parse(fs.readFileSync(KEPT, 'utf8')) as Kept)
  : null
const say = (line: string) => process.stderr.write(`${line}\n`)

const PAGES: [name: string, path: string][] = [
  ['dashboard', '/admin'],
  ['leads list', '/admin/collections/lead'],
  ['lead events list', '/admin/collections/leadEvents'],
  ['consumers list', '/admin/collections/consumer'],
  ['credit apps list', '/admin/collections/credit-app'],
  ['deals list', '/admin/collections/deal'],
]

type Visit = {
  dataMs: number
  idleMs: number
  kib: number
  readyMs: number
  requests: number
  ttfbMs: number
}

/**
 * The page's data: the moment the dashboard's to-do list, a list's first row or its "no results"
 * enters the document, from the start of the navigation (the page's own HTML holds them, so this
 * is usually long before the last response). A mutation observer, not animation frames: a frame
 * asked for while the document is created is never run.
 */
const DATA = '.commerce-todo, .table tbody tr, .no-results'
const watched = new WeakSet<BrowserContext>()
const watchData = async (context: BrowserContext) => {
  if (watched.has(context)) return
  watched.add(context)
  await context.addInitScript((selector: string) => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector(selector)) return
      Object.assign(window, { commerceDataVisible: performance.now() })
      seen.disconnect()
    })
    seen.observe(document, { childList: true, subtree: true })
  }, DATA)
}

/** What the browser's timing says of the navigation just made (times from its start). */
const timings = (page: Page) =>
  page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    return {
      bytes: [nav, ...resources].reduce((sum, entry) => sum + entry.transferSize, 0),
      lastResponseEnd: Math.max(nav.responseEnd, ...resources.map((entry) => entry.responseEnd)),
      requests: 1 + resources.length,
      ttfb: nav.responseStart,
    }
  })

const visit = async (page: Page, url: string): Promise<Visit> => {
  await watchData(page.context())
  const started = Date.now()
  const response = await page.goto(url, { timeout: 60_000, waitUntil: 'networkidle' })
  const idleMs = Date.now() - started
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`)
  const { bytes, lastResponseEnd, requests, ttfb } = await timings(page)
  const dataMs = await page.evaluate(() => Reflect.get(window, 'commerceDataVisible') as number)
  if (typeof dataMs !== 'number') throw new Error(`${url}: no ${DATA} on the page`)
  return { dataMs, idleMs, kib: bytes / 1024, readyMs: lastResponseEnd, requests, ttfbMs: ttfb }
}

/** The resident memory of process `pid`, in MiB. */
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

/**
 * The leads list's CSV export downloaded as `page`'s viewer, read as it arrives, while the
 * service's memory is sampled every 100 ms.
 */
const exportRun = async (page: Page, url: string, pid: number) => {
  const cookie = (await page.context().cookies())
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ')
  const before = rssOf(pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100)
  const started = performance.now()
  try {
    const query = process.env.BENCH_EXPORT_QUERY ?? ''
    const response = await fetch(`${url}/api/lead/export${query}`, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`export answered ${response.status}`)
    const firstByteMs = performance.now() - started
    let bytes = 0
    let lines = 0
    const reader = response.body!.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      bytes += read.value.length
      for (const byte of read.value) if (byte === 10) lines++
    }
    const seconds = (performance.now() - started) / 1000
    return {
      rows: lines - 1,
      'first byte ms': Math.round(firstByteMs),
      seconds: Number(seconds.toFixed(1)),
      'rows/s': Math.round((lines - 1) / seconds),
      MiB: Math.round(bytes / 2 ** 20),
      'RSS before MiB': Math.round(before),
      'RSS peak MiB': Math.round(peak),
    }
  } finally {
    clearInterval(sampler)
  }
}

/** `/admin` in a new browser context (no session, nothing cached). */
const signedOut = async (browser: Browser, url: string) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const started = Date.now()
  await page.goto(`${url}/admin`, { waitUntil: 'commit' })
  await page.locator('input[name="email"]').waitFor({ state: 'visible', timeout: 60_000 })
  const formMs = Date.now() - started
  const fcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0]
        if (entry) return resolve(entry.startTime)
        new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({
          type: 'paint',
        })
      }),
  )
  const { ttfb } = await timings(page)
  await context.close()
  return { fcpMs: fcp, formMs, ttfbMs: ttfb }
}

/** A visit in a new browser context holding `page`'s session but nothing cached. */
const coldVisit = async (page: Page, url: string): Promise<Visit> => {
  const storageState = await page.context().storageState()
  const context = await page.context().browser()!.newContext({ storageState })
  try {
    return await visit(await context.newPage(), url)
  } finally {
    await context.close()
  }
}

/**
 * The large data set of `--leads`, written beside the demo's, and a dealer of the dealership with
 * the median number of leads, signed in; the service's credit-data key encrypts the generated
 * consumers too.
 */
const loadAtScale = async (service: AdminService, env: Record<string, string>) => {
  const people = Math.max(1, Math.round(leads / 5))
  const args = ['--consumers', String(people), '--credit-apps', String(people)]
  say(`npm run generate -- ${args.join(' ')}`)
  const generated = await runCli('generate', args, env)
  if (generated.code !== 0) throw new Error(`generate failed:\n${generated.stderr.slice(-3000)}`)
  const { seed } = JSON.parse(lastLine(generated.stdout))
  say(`loading 1,000 dealerships and ${leads.toLocaleString('en-US')} leads`)
  const load = await loadDealerships(
    env.DATABASE_URL,
    { consumers: people, dealerships: 1_000, leads },
    { consumerSeed: seed, say, seed: crypto.randomBytes(4).toString('hex') },
  )
  say(`  ${load.leadsPerSecond.toLocaleString('en-US')} leads/s`)
  const db = new pg.Client({ connectionString: env.DATABASE_URL })
  await db.connect()
  try {
    // As autovacuum leaves a database that has been in use: counts read the visibility map
    // (index-only scans), which a table just loaded does not have yet (80 → 43 ms a count).
    await db.query('VACUUM ANALYZE')
    const { rows } = await db.query(
      `SELECT dealership_id AS id, count(*)::int AS leads FROM lead WHERE dealership_id LIKE 'com\\_%'
       GROUP BY 1 ORDER BY 2, 1 OFFSET 500 LIMIT 1`,
    )
    // The first admin of the prepared data folder is not in this database: one made here.
    const staffAdmin = {
      email: 'bench.admin@example.com',
      password: crypto.randomBytes(12).toString('hex'),
    }
    const created = await runCli(
      'create-admin',
      ['--email', staffAdmin.email, '--password', staffAdmin.password],
      env,
    )
    if (created.code !== 0) throw new Error(`create-admin failed:\n${created.stderr.slice(-3000)}`)
    const admin = await service.pageAs(staffAdmin.email, staffAdmin.password)
    const dealer = {
      email: 'bench.dealer@example.com',
      password: crypto.randomBytes(12).toString('hex'),
    }
    const made = await admin.request.post(`${service.url}/api/users`, {
      data: { ...dealer, company: rows[0].id, name: 'Bench Dealer', role: 'dealer' },
    })
    if (!made.ok()) throw new Error(`no dealer: ${await made.text()}`)
    await admin.context().close()
    say(`dealer of ${rows[0].id} (${rows[0].leads} leads)`)
    if (keep) {
      const kept: Kept = {
        creditDataKeys: env.CREDIT_DATA_KEYS,
        databaseUrl: env.DATABASE_URL,
        dealer,
        staff: service.credentials[DEMO_STAFF],
      }
      fs.writeFileSync(KEPT, JSON.stringify(kept), { mode: 0o600 })
      say(`kept ${env.DATABASE_URL}: ${KEPT}`)
    }
    return service.pageAs(dealer.email, dealer.password)
  } finally {
    await db.end()
  }
}

if (leads > 0) process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres'
const database = leads > 0 && !reused ? await throwawayDatabase() : null
const scaleEnv = {
  CREDIT_DATA_KEYS: reused?.creditDataKeys ?? `bench:${crypto.randomBytes(32).toString('base64')}`,
  DATABASE_URL: reused?.databaseUrl ?? process.env.DATABASE_URL ?? '',
  // The generated leads were never contacted: with the runner on, the speed-to-lead sweep would
  // escalate a million of them while the pages are measured (a sign-in then waited over 30 s).
  JOBS_RUNNER: 'off',
  PAYLOAD_SECRET: crypto.randomBytes(32).toString('hex'),
  SEED_DEMO_DATA: 'true',
  // BENCH_NODE_OPTIONS: the service's Node options (a heap cap, to show the export needs no more).
  ...(process.env.BENCH_NODE_OPTIONS && { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS }),
}
if (reused) {
  const db = new pg.Client({ connectionString: reused.databaseUrl })
  await db.connect()
  await enrolAnew(db, [DEMO_STAFF, reused.dealer.email]).finally(() => db.end())
}
const atScale = Boolean(database ?? reused)
const service = await startAdminService('bench-admin', atScale ? scaleEnv : {})
try {
  say(`service at ${service.url}; ${runs} runs per page`)
  const rows: Record<string, number | string>[] = []
  // A kept database's demo accounts are those of the run that made it.
  const viewers: [string, Page][] = [['staff', await service.pageAs(DEMO_STAFF, reused?.staff)]]
  if (reused)
    viewers.push(['dealer', await service.pageAs(reused.dealer.email, reused.dealer.password)])
  else if (database) viewers.push(['dealer', await loadAtScale(service, scaleEnv)])
  for (const [viewer, page] of pagesOff ? [] : viewers)
    for (const [name, path] of PAGES) {
      await visit(page, service.url + path)
      for (const [cache, measure] of [
        ['warm', visit],
        ['cold', coldVisit],
      ] as const) {
        const visits: Visit[] = []
        for (let run = 0; run < runs; run++) visits.push(await measure(page, service.url + path))
        const med = (key: keyof Visit) => median(visits.map((one) => one[key]))
        rows.push({
          page: `${name} (${cache} cache${atScale ? `, ${viewer}` : ''})`,
          'data in page ms': Math.round(med('dataMs')),
          'ready ms': Math.round(med('readyMs')),
          'networkidle ms': Math.round(med('idleMs')),
          'page TTFB ms': Math.round(med('ttfbMs')),
          requests: med('requests'),
          KiB: Math.round(med('kib')),
        })
        say(JSON.stringify(rows.at(-1)))
      }
    }
  if (atScale) {
    const exports: Record<string, number | string>[] = []
    for (const [viewer, page] of viewers) {
      exports.push({ viewer, ...(await exportRun(page, service.url, service.service.child.pid!)) })
      say(JSON.stringify(exports.at(-1)))
    }
    console.table(exports)
  }
  if (!pagesOff) {
    await signedOut(service.browser, service.url)
    const outs = []
    for (let run = 0; run < runs; run++) outs.push(await signedOut(service.browser, service.url))
    rows.push({
      page: 'signed out /admin: first paint',
      'ready ms': Math.round(median(outs.map((one) => one.fcpMs))),
      'page TTFB ms': Math.round(median(outs.map((one) => one.ttfbMs))),
    })
    rows.push({
      page: 'signed out /admin: sign-in form visible',
      'ready ms': Math.round(median(outs.map((one) => one.formMs))),
    })
    console.table(rows)
  }
} finally {
  await service.close()
  if (!keep) await database?.drop()
}
