/**
 * The dealer scope at scale, over HTTP: a staff admin and a dealer of one dealership ask the
 * service for the same lists (Payload's REST routes: a page of ten, and a count), one request at
 * a time, run after run; the figure is the dealer's median time over the admin's. Before the
 * runs, each answer is checked against the database (the admin counts everything, the dealer
 * exactly their dealership's records); after them, every SELECT one request sent is run again
 * under EXPLAIN ANALYZE, so a slow dealer points at its plan.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'

import { generateSync } from 'otplib'
import pg from 'pg'

import { median } from '../common'
import { type LoadResult, runLoad, send } from './load'
import type { Server, Statement } from './servers'

type Headers = Record<string, string>
export type Caller = 'dealer' | 'staff admin'

/** What each list is asked for, by both callers. */
const requests = (consumers: boolean) => [
  { collection: 'lead', name: 'GET /api/lead?limit=10', path: '/api/lead?limit=10' },
  { collection: 'lead', name: 'GET /api/lead?limit=1 (count)', path: '/api/lead?limit=1' },
  ...(consumers
    ? [
        {
          collection: 'consumer',
          name: 'GET /api/consumer?limit=10',
          path: '/api/consumer?limit=10',
        },
        {
          collection: 'consumer',
          name: 'GET /api/consumer?limit=1 (count)',
          path: '/api/consumer?limit=1',
        },
      ]
    : []),
]

/** The workload names, for `--only`: each is `dealer scope: <request>`. */
export const scopeNames = (consumers: boolean): string[] =>
  requests(consumers).map((request) => `dealer scope: ${request.name}`)

const postJson = async (origin: string, path: string, body: unknown, headers: Headers = {}) => {
  const response = await fetch(origin + path, {
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
    method: 'POST',
  })
  return { body: await response.json(), status: response.status }
}

/**
 * Signs a staff user in as a person does, over HTTP: a staff admin's first sign-in sets up the
 * second factor (the key from the refusal, a code computed here). Answers the header to send.
 */
export const signIn = async (origin: string, email: string, password: string): Promise<Headers> => {
  let answer = await postJson(origin, '/api/users/login', { email, password })
  const asked = answer.body?.errors?.[0]?.data
  if (answer.status === 401 && asked?.mfa === 'enrol') {
    const code = generateSync({ secret: asked.secret })
    const enrolmentToken = asked.enrolmentToken
    answer = await postJson(origin, '/api/users/login', { code, email, enrolmentToken, password })
  }
  if (answer.status !== 200 || typeof answer.body?.token !== 'string')
    throw new Error(`signing ${email} in: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { authorization: `JWT ${answer.body.token}` }
}

/** A dealer of `company`, made by the staff admin over HTTP, signed in; and how to sign in again. */
export const newDealer = async (
  origin: string,
  admin: Headers,
  company: string,
): Promise<{ account: { email: string; password: string }; headers: Headers }> => {
  const email = `bench-dealer-${company}@example.com`
  const password = crypto.randomBytes(12).toString('hex')
  const made = await postJson(
    origin,
    '/api/users',
    { company, email, name: 'Bench Dealer', password, role: 'dealer' },
    admin,
  )
  if (made.status !== 201)
    throw new Error(`making the dealer: ${made.status} ${JSON.stringify(made.body)}`)
  return { account: { email, password }, headers: await signIn(origin, email, password) }
}

type Measured = {
  caller: Caller
  /** EXPLAIN ANALYZE of each SELECT of one request: execution ms and the statement's start. */
  plans: { ms: number; statement: string }[]
  runs: LoadResult[]
  sqlPerRequest: number
  totalDocs: number
}

export type ScopeRow = { measured: Measured[]; name: string }

const getJson = async (origin: string, path: string, headers: Headers) => {
  const response = await fetch(origin + path, { headers })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as { docs: { id: number | string }[]; totalDocs: number }
}

/**
 * What each caller must see, from the database: everything for the admin; for the dealer the
 * leads of their dealership and the consumers that carry it (none in the trash). Answers the
 * problems found, none when the scope holds.
 */
const checkScope = async (
  db: pg.Client,
  collection: string,
  caller: Caller,
  answer: { docs: { id: number | string }[]; totalDocs: number },
  company: string,
): Promise<string[]> => {
  const one = async (text: string, values: unknown[] = []) =>
    Number((await db.query(text, values)).rows[0].n)
  const table = collection === 'lead' ? 'lead' : 'consumer'
  const expected =
    caller === 'staff admin'
      ? await one(`SELECT count(*) AS n FROM ${table} WHERE deleted_at IS NULL`)
      : table === 'lead'
        ? await one(
            `SELECT count(*) AS n FROM lead WHERE dealership_id = $1 AND deleted_at IS NULL`,
            [company],
          )
        : await one(
            `SELECT count(DISTINCT c.id) AS n FROM consumer c JOIN consumer_rels r
             ON r.parent_id = c.id AND r.path = 'dealerships' AND r.company_id = $1
             WHERE c.deleted_at IS NULL`,
            [company],
          )
  const problems: string[] = []
  if (answer.totalDocs !== expected)
    problems.push(`${caller} ${collection}: totalDocs ${answer.totalDocs}, expected ${expected}`)
  if (caller === 'dealer') {
    const ids = answer.docs.map((doc) => String(doc.id))
    const outside =
      table === 'lead'
        ? await one(
            `SELECT count(*) AS n FROM lead WHERE id::text = ANY($1) AND dealership_id <> $2`,
            [ids, company],
          )
        : await one(
            `SELECT count(*) AS n FROM consumer c WHERE c.id = ANY($1) AND NOT EXISTS (
               SELECT 1 FROM consumer_rels r WHERE r.parent_id = c.id
               AND r.path = 'dealerships' AND r.company_id = $2)`,
            [ids, company],
          )
    if (outside) problems.push(`dealer ${collection}: ${outside} records of another dealership`)
  }
  return problems
}

const SELECT = /^\s*(select|with)\b/i

/** Runs each SELECT of `statements` under EXPLAIN ANALYZE; the plans are appended to `file`. */
export const explain = async (
  db: pg.Client,
  statements: Statement[],
  title: string,
  file: string,
) => {
  const plans: Measured['plans'] = []
  fs.appendFileSync(file, `\n## ${title}\n`)
  for (const { text, values } of statements) {
    if (!SELECT.test(text) || /\bfor (update|share)\b/i.test(text)) continue
    const explained = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values).then(
      ({ rows }) => rows.map((row) => row['QUERY PLAN'] as string).join('\n'),
      (error: Error) => `(not explained: ${error.message})`,
    )
    const ms = Number(/Execution Time: ([\d.]+)/.exec(explained)?.[1] ?? 0)
    plans.push({ ms, statement: text.replace(/\s+/g, ' ').slice(0, 120) })
    fs.appendFileSync(file, `\n${text}\n-- values: ${JSON.stringify(values)}\n${explained}\n`)
  }
  return plans
}

/**
 * Measures every request for both callers: `runs` runs, each request by each caller in turn,
 * one connection (one request at a time, so the time is the request's own), a second of warm-up
 * then `seconds` of requests. Throws when a caller's answer is not what its scope allows.
 */
export const measureScope = async ({
  callers,
  company,
  consumers,
  db,
  only,
  plansFile,
  runs,
  say,
  seconds,
  server,
}: {
  callers: Record<Caller, Headers>
  company: string
  consumers: boolean
  db: pg.Client
  only: string
  plansFile: string
  runs: number
  say: (line: string) => void
  seconds: number
  server: Server
}): Promise<ScopeRow[]> => {
  const chosen = requests(consumers).filter((request) =>
    `dealer scope: ${request.name}`.includes(only),
  )
  const rows: ScopeRow[] = []
  for (const request of chosen) {
    const measured: Measured[] = []
    for (const caller of ['staff admin', 'dealer'] as const) {
      const answer = await getJson(server.origin, request.path, callers[caller])
      const problems = await checkScope(db, request.collection, caller, answer, company)
      if (problems.length) throw new Error(`the dealer scope does not hold: ${problems.join('; ')}`)
      measured.push({ caller, plans: [], runs: [], sqlPerRequest: 0, totalDocs: answer.totalDocs })
    }
    rows.push({ measured, name: request.name })
  }
  say('  each answer checked against the database: the admin sees all, the dealer their own')
  for (let run = 1; run <= runs; run++) {
    for (const [i, request] of chosen.entries()) {
      for (const target of rows[i].measured) {
        const next = () => ({
          headers: callers[target.caller],
          method: 'GET' as const,
          path: request.path,
        })
        await runLoad(server.origin, next, { connections: 1, seconds: 1 })
        const result = await runLoad(server.origin, next, { connections: 1, seconds })
        if (server.ended()) throw new Error(`the service ended: ${server.ended()}`)
        const failed = Object.keys(result.failures)
        if (failed.length) throw new Error(`${request.name} as ${target.caller}: ${failed} answers`)
        target.runs.push(result)
        say(
          `  run ${run} ${request.name}, ${target.caller}: p50 ${result.p50.toFixed(1)} ms, ${result.perSecond.toFixed(1)} req/s`,
        )
      }
    }
  }
  // Statements per request (20, one at a time), then the SQL of one request explained, in a new
  // session (it has the database's settings as they are now, as the service's sessions do).
  const agent = new http.Agent({ keepAlive: true })
  const session = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await session.connect()
  for (const [i, request] of chosen.entries()) {
    for (const target of rows[i].measured) {
      const headers = callers[target.caller]
      const before = await server.statements()
      for (let n = 0; n < 20; n++)
        await send(agent, server.origin, { headers, method: 'GET', path: request.path })
      target.sqlPerRequest = ((await server.statements()) - before) / 20
      const statements = await server.capture(() =>
        send(agent, server.origin, { headers, method: 'GET', path: request.path }),
      )
      target.plans = await explain(
        session,
        statements,
        `${request.name}, ${target.caller}`,
        plansFile,
      )
    }
  }
  await session.end()
  agent.destroy()
  return rows
}

const fixed = (value: number, digits: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
const p50 = (target: Measured) => median(target.runs.map((run) => run.p50))

/** The dealer's median time over the admin's, per request. */
export const ratios = (rows: ScopeRow[]): { name: string; ratio: number }[] =>
  rows.map(({ measured, name }) => {
    const [admin, dealer] = measured
    return { name, ratio: p50(dealer) / p50(admin) }
  })

export const scopeTable = (rows: ScopeRow[]): string => {
  const lines = [
    '| Request | Caller | totalDocs | p50 ms | p99 ms | req/s | SQL/req | SQL ms (EXPLAIN ANALYZE) | dealer/admin |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
  ]
  for (const { measured, name } of rows) {
    const [admin] = measured
    for (const target of measured) {
      const sqlMs = target.plans.reduce((sum, plan) => sum + plan.ms, 0)
      lines.push(
        `| ${target === admin ? name : ''} | ${target.caller} | ${target.totalDocs.toLocaleString('en-US')} | ${fixed(p50(target), 1)} | ${fixed(
          median(target.runs.map((run) => run.p99)),
          1,
        )} | ${fixed(median(target.runs.map((run) => run.perSecond)), 1)} | ${fixed(
          target.sqlPerRequest,
          1,
        )} | ${fixed(sqlMs, 1)} | ${target === admin ? '' : fixed(p50(target) / p50(admin), 2)} |`,
      )
    }
  }
  return lines.join('\n')
}

/** The slowest statement each caller's request ran, by EXPLAIN ANALYZE. */
export const slowest = (rows: ScopeRow[]): string[] =>
  rows.flatMap(({ measured, name }) =>
    measured.map((target) => {
      const top = [...target.plans].sort((a, b) => b.ms - a.ms)[0]
      return top
        ? `${name}, ${target.caller}: slowest statement ${fixed(top.ms, 1)} ms of ${target.plans.length} (\`${top.statement}…\`)`
        : `${name}, ${target.caller}: no SELECT captured`
    }),
  )
