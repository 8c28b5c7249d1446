/**
 * The compiled reads (src/reads) against Payload: every commerce read they answer (endpoints 2,
 * 8, 9, 10 by id, the lists 6 and 7) is sent twice to the same service, with COMPILED_READS off
 * (Payload's find) and on, over generated records, every caller and depths 0–3; the lists with
 * property-based queries (filters, sorts, limits, pages, cursors). The two answers must be the
 * same, status and body. A read the compiler refuses answers through Payload, so the test also
 * counts the compiled answers: the callers the compiler serves must get them.
 */
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { type CollectionSlug, createLocalReq, type PayloadRequest } from 'payload'
import pg from 'pg'

import { createApp } from '@/http/app'
import { compiledReads, compiledRecord } from '@/reads'
import { compilePlan, Refusal } from '@/reads/plan'
import { documentOf } from '@/reads/statement'
import { seedDemoData } from '@/seed'

import { lastLine, runCli } from '../helpers/cli'
import { createTestDatabase } from '../helpers/database'
import { type JsonResponse, sendJson } from '../helpers/http'
import {
  createPrincipals,
  type Principal,
  type PrincipalName,
  staffUser,
} from '../helpers/principals'
import { startTestService, type TestContext, type TestService } from '../helpers/service'
import { countStatements, statementKind } from '../helpers/statements'

const KEYS = `g:${crypto.randomBytes(32).toString('base64')}`
const SIZES = ['--web-events', '300', '--companies', '60', '--customers', '60']
const CREDIT = ['--consumers', '60', '--credit-apps', '60']
/** Every kind of caller, and a dealer of the demo's Sunset Motors (their company's records only). */
type Caller = PrincipalName | 'dealer'
const CALLERS: Caller[] = [
  'integrator',
  'clientAdmin',
  'staff',
  'staffAdmin',
  'leadAgent',
  'anonymous',
  'dealer',
]
/** The callers every compiled read serves (a dealer's read access is a filter: Payload's). */
const SERVED: Caller[] = ['integrator', 'clientAdmin', 'staff', 'staffAdmin']

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: TestService
let who: Record<Caller, Principal>
let client: pg.Client
const previousKeys = process.env.CREDIT_DATA_KEYS

const column = async (query: string): Promise<string[]> =>
  (await client.query(query)).rows.map((row) => String(Object.values(row)[0]))

beforeAll(async () => {
  database = await createTestDatabase()
  const result = await runCli('generate', [...SIZES, ...CREDIT], {
    CREDIT_DATA_KEYS: KEYS,
    DATABASE_URL: database.url,
  })
  expect(result).toMatchObject({ code: 0 })
  expect(JSON.parse(lastLine(result.stdout)).rows).toBeGreaterThan(0)
  process.env.CREDIT_DATA_KEYS = KEYS
  // Thousands of requests from one address: the limiter is not what this test measures.
  const unlimited = { points: 1_000_000, seconds: 60 }
  service = await startTestService({
    databaseUrl: database.url,
    rateLimits: { api: unlimited, auth: unlimited, commerce: unlimited, credentials: unlimited },
  })
  const principals = await createPrincipals(service.payload)
  await seedDemoData(service.payload)
  who = { ...principals, dealer: await staffUser(service.payload, 'dealer', 'com_demo_sunset') }
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
  // A record a staff user changed names them (lastModifiedBy), which only staff read.
  await sendJson(service, 'PATCH', '/api/company/com_demo_lane', {
    body: { address: '500 Congress Ave, Austin, TX 78701' },
    headers: who.staff.headers,
  })
  // Records in the trash (src/trash): not found by id, not listed, embedded as null.
  trashed.companies = await column(
    `UPDATE company SET deleted_at = now() WHERE id IN (
       (SELECT id FROM company WHERE is_facilitator AND id NOT LIKE 'com_demo%' LIMIT 2)
       UNION (SELECT id FROM company WHERE NOT is_facilitator AND id NOT LIKE 'com_demo%' LIMIT 2))
     RETURNING id`,
  )
  trashed.customers = await column(
    "UPDATE customer SET deleted_at = now() WHERE id = 'cus_demo_james' RETURNING id",
  )
  trashed.consumers = await column(
    `UPDATE consumer SET deleted_at = now() WHERE id IN (
       SELECT consumer_id FROM credit_app WHERE consumer_id NOT LIKE 'con_demo%' LIMIT 1) RETURNING id`,
  )
  trashed.creditApps = await column(
    "UPDATE credit_app SET deleted_at = now() WHERE id IN (SELECT id FROM credit_app WHERE id NOT LIKE 'crapp_demo%' LIMIT 1) RETURNING id",
  )
  expect(Object.values(trashed).every((ids) => ids.length > 0)).toBe(true)
}, 180_000)

const trashed: Record<'companies' | 'consumers' | 'creditApps' | 'customers', string[]> = {
  companies: [],
  consumers: [],
  creditApps: [],
  customers: [],
}

afterAll(async () => {
  await client?.end()
  await service?.close()
  await database?.drop()
  process.env.CREDIT_DATA_KEYS = previousKeys
  if (previousKeys === undefined) delete process.env.CREDIT_DATA_KEYS
  delete process.env.COMPILED_READS
})

type Pair = { compiled: JsonResponse; payload: JsonResponse; servedCompiled: boolean }

/** The same request through Payload, then through the compiled read. */
const both = async (path: string, caller: Caller): Promise<Pair> => {
  const headers = who[caller].headers
  process.env.COMPILED_READS = 'false'
  const payload = await sendJson(service, 'GET', path, { headers })
  process.env.COMPILED_READS = 'true'
  const before = compiledReads.served
  const compiled = await sendJson(service, 'GET', path, { headers })
  return { compiled, payload, servedCompiled: compiledReads.served > before }
}

/** The same status and the same JSON text, key order included (the ETag hashes the bytes). */
const same = ({ compiled, payload }: Pair, path: string, caller: string) => {
  expect(payload.status).not.toBe(429)
  expect({ caller, path, status: compiled.status, body: JSON.stringify(compiled.body) }).toEqual({
    caller,
    path,
    status: payload.status,
    body: JSON.stringify(payload.body),
  })
}

describe('a record by id (endpoints 2, 8, 9, 10)', () => {
  const paths = async (): Promise<string[]> => [
    ...(await column('SELECT id FROM credit_app ORDER BY random() LIMIT 4')).map(
      (id) => `/api/creditapps/${id}`,
    ),
    '/api/creditapps/crapp_demo_maria',
    ...(await column('SELECT id FROM customer ORDER BY random() LIMIT 3')).map(
      (id) => `/api/customers/${id}`,
    ),
    '/api/customers/cus_demo_maria',
    ...(await column('SELECT id FROM deal LIMIT 2')).map((id) => `/api/deals/${id}`),
    ...(await column('SELECT id FROM company WHERE is_facilitator ORDER BY random() LIMIT 3')).map(
      (id) => `/api/facilitators/${id}`,
    ),
    '/api/facilitators/com_demo_lane',
    // Embedding a trashed record (a consumer, the deal's co-buyer): null, as Payload has it.
    ...(
      await column(
        `SELECT id FROM credit_app WHERE consumer_id = '${trashed.consumers[0]}' AND deleted_at IS NULL LIMIT 1`,
      )
    ).map((id) => `/api/creditapps/${id}`),
    // In the trash: not found.
    ...trashed.creditApps.map((id) => `/api/creditapps/${id}`),
    ...trashed.customers.map((id) => `/api/customers/${id}`),
    ...trashed.companies.map((id) => `/api/facilitators/${id}`),
    // Not found, each in its own way: no such id, and a company that is no facilitator.
    '/api/creditapps/crapp_missing',
    '/api/customers/cus_missing',
    '/api/deals/deal_missing',
    '/api/facilitators/com_demo_sunset',
  ]

  it('answers as Payload does, for every caller and depth 0–3 and 5', async () => {
    let served = 0
    let expected = 0
    for (const path of await paths()) {
      for (const depth of [0, 1, 2, 3, 5]) {
        for (const caller of CALLERS) {
          const url = `${path}?depth=${depth}`
          const pair = await both(url, caller)
          same(pair, url, caller)
          if (SERVED.includes(caller) && pair.payload.status === 200) {
            expected++
            if (pair.servedCompiled) served++
          }
        }
      }
    }
    expect(expected).toBeGreaterThan(100)
    expect(served).toBe(expected)
  }, 300_000)

  it('decrypts birth dates and masks SSNs as Payload does (not the stored ciphertext)', async () => {
    const { compiled, servedCompiled } = await both(
      '/api/creditapps/crapp_demo_maria?depth=1',
      'integrator',
    )
    expect(servedCompiled).toBe(true)
    expect(compiled.body.data).toMatchObject({ birthDate: '1988-04-17', ssn: '***-**-4321' })
    expect(compiled.body.data.consumer).toMatchObject({
      birthDate: '1988-04-17',
      ssn: '***-**-4321',
    })
  })
})

describe('a dealer (read access that is a filter)', () => {
  it('reads its company’s deal by id through Payload, embedding what it may read', async () => {
    const pair = await both('/api/deals/deal_demo_camry?depth=2', 'dealer')
    same(pair, '/api/deals/deal_demo_camry?depth=2', 'dealer')
    // A filtered read access is not compiled: Payload answers, as for the other callers.
    expect(pair.servedCompiled).toBe(false)
    expect(pair.compiled.body.data).toMatchObject({
      // The co-buyer is in the trash: null, as for everyone.
      coBuyerOrCoSellerCustomer: null,
      customer: { id: 'cus_demo_maria', name: 'María González' },
      dealer: { location: { companyId: { id: 'com_demo_sunset' }, id: 'loc_demo_sunset_la' } },
      facilitator: { id: 'com_demo_lane' },
    })
    const staff = await both('/api/deals/deal_demo_camry?depth=2', 'staff')
    expect(staff.compiled.body.data.customer).toEqual(pair.compiled.body.data.customer)
  })

  it('finds no record of another company, by id or in a list, either way', async () => {
    const [deal] = await column(
      "SELECT id FROM deal WHERE dealer_location_id IS DISTINCT FROM 'loc_demo_sunset_la' LIMIT 1",
    )
    const [customer] = await column("SELECT id FROM customer WHERE id NOT LIKE 'cus_demo%' LIMIT 1")
    const [app] = await column("SELECT id FROM credit_app WHERE id NOT LIKE 'crapp_demo%' LIMIT 1")
    for (const path of [
      `/api/deals/${deal}`,
      `/api/customers/${customer}`,
      `/api/creditapps/${app}`,
    ]) {
      const pair = await both(path, 'dealer')
      same(pair, path, 'dealer')
      expect(pair.compiled.status).toBe(404)
    }
    const list = await both('/api/companies?depth=1&limit=100', 'dealer')
    same(list, '/api/companies?depth=1&limit=100', 'dealer')
    const facilitators = await column(
      'SELECT id FROM company WHERE is_facilitator AND deleted_at IS NULL',
    )
    expect(list.compiled.body.data.map((company: { id: string }) => company.id).sort()).toEqual(
      [...facilitators, 'com_demo_sunset'].sort(),
    )
  })
})

/** A filter on a list's fields, from the records' own values. */
const filters = async () => {
  const names = await column('SELECT DISTINCT name FROM web_event')
  const anonymous = await column('SELECT anonymous_id FROM web_event ORDER BY random() LIMIT 20')
  const accounts = await column('SELECT id FROM account ORDER BY random() LIMIT 10')
  const lastNames = await column('SELECT last_name FROM consumer ORDER BY random() LIMIT 10')
  const times = await column(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM web_event ORDER BY random() LIMIT 10`,
  )
  const eventIds = await column('SELECT id FROM web_event ORDER BY random() LIMIT 20')
  const words = (await column('SELECT name FROM company ORDER BY random() LIMIT 20')).flatMap(
    (name) => name.split(/\s+/).map((word) => word.slice(0, 5).toLowerCase()),
  )
  const zips = await column('SELECT zip FROM location ORDER BY random() LIMIT 10')
  const companyIds = await column('SELECT id FROM company ORDER BY random() LIMIT 20')
  const pick = <T>(values: T[]) => fc.constantFrom(...values)
  const event = fc.oneof(
    fc.record({ name: fc.record({ equals: pick(names) }) }),
    fc.record({ name: fc.record({ not_equals: pick(names) }) }),
    fc.record({ name: fc.record({ in: fc.subarray(names) }) }),
    fc.record({ name: fc.record({ not_in: fc.subarray(names) }) }),
    fc.record({ anonymousId: fc.record({ like: pick(anonymous).map((id) => id.slice(2, 7)) }) }),
    fc.record({ anonymousId: fc.record({ contains: pick(anonymous).map((id) => id.slice(-4)) }) }),
    fc.record({ account: fc.record({ equals: pick(accounts) }) }),
    fc.record({ account: fc.record({ exists: fc.boolean() }) }),
    fc.record({ createdAt: fc.record({ greater_than: pick(times) }) }),
    fc.record({ createdAt: fc.record({ less_than_equal: pick(times) }) }),
    fc.record({ 'account.consumer.lastName': fc.record({ equals: pick(lastNames) }) }),
    fc.record({ id: fc.record({ in: fc.subarray(eventIds, { maxLength: 8 }) }) }),
  )
  const company = fc.oneof(
    fc.record({ name: fc.record({ like: pick(words) }) }),
    fc.record({ name: fc.record({ contains: pick(words) }) }),
    fc.record({ isFacilitator: fc.record({ equals: fc.boolean() }) }),
    fc.record({ address: fc.record({ like: pick(words) }) }),
    fc.record({ id: fc.record({ not_in: fc.subarray(companyIds, { maxLength: 10 }) }) }),
    fc.record({ id: fc.record({ in: fc.constant(trashed.companies) }) }),
    fc.record({ 'locations.zip': fc.record({ equals: pick(zips) }) }),
  )
  const combined = <T>(leaf: fc.Arbitrary<T>) =>
    fc.oneof(
      { arbitrary: leaf, weight: 3 },
      fc.record({ and: fc.array(leaf, { maxLength: 3, minLength: 1 }) }),
      fc.record({ or: fc.array(leaf, { maxLength: 3, minLength: 1 }) }),
    )
  return { company: combined(company), event: combined(event) }
}

const SORTS = {
  companies: ['createdAt', 'name', 'address', 'isFacilitator', 'id', 'updatedAt'],
  webevents: ['createdAt', 'name', 'anonymousId', 'id', 'updatedAt'],
}

describe('a page of a list (endpoints 6, 7)', () => {
  it('answers as Payload does: filters, sorts, limits, pages, cursors, depths, callers', async () => {
    const where = await filters()
    const query = fc.record({
      caller: fc.constantFrom<Caller>('integrator', 'clientAdmin', 'staff', 'integrator', 'dealer'),
      depth: fc.integer({ max: 3, min: 0 }),
      descending: fc.boolean(),
      follow: fc.boolean(),
      limit: fc.integer({ max: 25, min: 1 }),
      list: fc.constantFrom('webevents' as const, 'companies' as const),
      page: fc.integer({ max: 4, min: 1 }),
      sortIndex: fc.nat(),
      where: fc.option(fc.oneof(where.event, where.company), { nil: undefined }),
    })
    let served = 0
    let runs = 0
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const fields = SORTS[q.list]
        const sort = `${q.descending ? '-' : ''}${fields[q.sortIndex % fields.length]}`
        const filter = q.where ? `&where=${encodeURIComponent(JSON.stringify(q.where))}` : ''
        const base = `/api/${q.list}?depth=${q.depth}&limit=${q.limit}&sort=${sort}${filter}`
        const first = await both(`${base}&page=${q.page}`, q.caller)
        same(first, `${base}&page=${q.page}`, q.caller)
        runs++
        if (first.servedCompiled) served++
        const cursor = first.payload.body?.nextCursor
        if (q.follow && cursor) {
          const next = `${base}&cursor=${encodeURIComponent(cursor)}`
          const pair = await both(next, q.caller)
          same(pair, next, q.caller)
          runs++
          if (pair.servedCompiled) served++
        }
      }),
      { numRuns: 150 },
    )
    // A dealer's pages (read access that is a filter), bad filters and SSN filters are Payload's.
    expect(served).toBeGreaterThan(runs / 2)
  }, 600_000)

  it("reuses an unfiltered page's prepared statement without building Payload's SQL again, and only that", async () => {
    const reused = async (path: string) => {
      const before = compiledReads.reusedPages
      const pair = await both(path, 'integrator')
      same(pair, path, 'integrator')
      expect(pair.servedCompiled).toBe(true)
      return compiledReads.reusedPages - before
    }
    await reused('/api/companies?page=2&sort=-name')
    expect(await reused('/api/companies?page=1&sort=-name')).toBe(1)
    expect(await reused('/api/companies?page=1&sort=-name&where[name][like]=a')).toBe(0)
    // A dealer's read access is a filter (its company's records): never the unfiltered page.
    for (const round of [1, 2]) {
      const before = compiledReads.reusedPages
      const pair = await both(`/api/companies?page=${round}&sort=-name`, 'dealer')
      same(pair, `/api/companies?page=${round}&sort=-name`, 'dealer')
      expect(compiledReads.reusedPages - before).toBe(0)
    }
    const first = await both('/api/companies?page=1&sort=-name', 'integrator')
    const cursor = String(first.compiled.body?.nextCursor)
    expect(await reused(`/api/companies?sort=-name&cursor=${encodeURIComponent(cursor)}`)).toBe(0)
  })

  it('answers a bad filter with the error Payload answers', async () => {
    for (const where of [
      { nosuchfield: { equals: 'x' } },
      { ssn: { equals: '123' } },
      { createdAt: { greater_than: 'not a date' } },
      { title: { equals: 'x' } },
    ]) {
      const path = `/api/webevents?where=${encodeURIComponent(JSON.stringify(where))}`
      const pair = await both(path, 'integrator')
      same(pair, path, 'integrator')
      expect(pair.compiled.status).toBe(400)
    }
  })
})

describe("API clients' commerce GETs without Payload's router (src/http/commerceReads.ts)", () => {
  it('answer as the router path does: status, body, ETag, content type, rate-limit headers', async () => {
    const unlimited = { points: 1_000_000, seconds: 60 }
    // The same app on the same Payload, with every request going through Payload's REST router.
    const { app, close } = createApp({
      directReads: false,
      nextHandler: (_req, res) => void res.status(404).end(),
      payload: service.payload,
      rateLimits: { api: unlimited, auth: unlimited, commerce: unlimited, credentials: unlimited },
    })
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const routed = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const customer = (await column('SELECT id FROM customer LIMIT 1'))[0]
    const headers = who.integrator.headers
    const pick = (response: Response) =>
      Object.fromEntries(
        ['content-type', 'etag', 'ratelimit-limit', 'access-control-allow-methods'].map((name) => [
          name,
          response.headers.get(name),
        ]),
      )
    try {
      for (const path of [
        `/api/customers/${customer}?depth=1`,
        '/api/creditapps/crapp_demo_maria',
        '/api/creditapps/crapp_missing',
        '/api/facilitators/com_demo_sunset',
        '/api/webevents?limit=3&where[name][equals]=vdp_viewed',
        '/api/companies?where[nosuchfield][equals]=x',
        '/api/customers/%ZZ',
        '/api/customers/x?depth=9',
      ]) {
        const direct = await fetch(service.url + path, { headers })
        const viaRouter = await fetch(routed + path, { headers })
        expect({
          path,
          status: direct.status,
          headers: pick(direct),
          body: await direct.text(),
        }).toEqual({
          path,
          status: viaRouter.status,
          headers: pick(viaRouter),
          body: await viaRouter.text(),
        })
      }
      const tag = (
        await fetch(service.url + '/api/creditapps/crapp_demo_maria', { headers })
      ).headers.get('etag')!
      const again = await fetch(routed + '/api/creditapps/crapp_demo_maria', {
        headers: { ...headers, 'If-None-Match': tag },
      })
      expect(again.status).toBe(304)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await close()
    }
  })
})

describe('an SSN reveal', () => {
  const reveals = async () =>
    Number(
      (await client.query(`SELECT count(*) FROM audit_log WHERE action = 'reveal'`)).rows[0].count,
    )

  it('audits each revealed record once, as Payload does (the read goes through Payload)', async () => {
    const path = '/api/webevents?depth=2&limit=100&reveal=ssn'
    process.env.COMPILED_READS = 'false'
    const before = await reveals()
    const payload = await sendJson(service, 'GET', path, { headers: who.staffAdmin.headers })
    const byPayload = (await reveals()) - before
    process.env.COMPILED_READS = 'true'
    const served = compiledReads.served
    const compiled = await sendJson(service, 'GET', path, { headers: who.staffAdmin.headers })
    expect(compiledReads.served).toBe(served)
    expect(JSON.stringify(compiled.body)).toBe(JSON.stringify(payload.body))
    expect((await reveals()) - before - byPayload).toBe(byPayload)
    expect(byPayload).toBeGreaterThan(0)
  })
})

describe("consumers' data keys", () => {
  const counted = countStatements({
    get service() {
      return service
    },
  } as TestContext)

  it("reads the data keys of a page's consumers with the page, not one statement per consumer", async () => {
    counted.sent.length = 0
    const { status, body } = await sendJson(service, 'GET', '/api/webevents?limit=100&depth=2', {
      headers: who.integrator.headers,
    })
    expect(status).toBe(200)
    const consumers = (body.data as { account: { consumer: null | { id: string; ssn: string } } }[])
      .map(({ account }) => account.consumer)
      .filter((consumer) => consumer !== null)
    expect(new Set(consumers.map(({ id }) => id)).size).toBeGreaterThan(3)
    // Opened with the keys read: masked SSNs, not nulls.
    for (const { ssn } of consumers) expect(ssn).toMatch(/^\*\*\*-\*\*-\d{4}$/)
    // The page's one statement reads the keys too (the API key's own lookup aside).
    const reads = counted.sent.filter((text) => statementKind(text) !== 'select api_clients')
    expect(reads).toHaveLength(1)
    expect(reads[0]).toContain('consumer_data_keys')
  })

  it('leaves the keys out of the statement where read replicas serve reads', async () => {
    const { payload } = service
    const client = await payload.findByID({ collection: 'api-clients', id: who.integrator.id! })
    const req = await createLocalReq({ user: { ...client, collection: 'api-clients' } }, payload)
    const plan = compilePlan(payload, 'consumer')
    if (plan instanceof Refusal) throw plan
    const sqlOf = () =>
      documentOf(
        { decisions: [], depth: 1, payload, req, shape: { findByID: true } },
        plan,
        't0',
        1,
        false,
      ).sql
    expect(sqlOf()).toContain('consumer_data_keys')
    // A replica may still hold a key the primary destroyed: there, keys come from the primary.
    Object.assign(payload.db, { primaryDrizzle: payload.db.drizzle })
    try {
      expect(sqlOf()).not.toContain('consumer_data_keys')
    } finally {
      Object.assign(payload.db, { primaryDrizzle: undefined })
    }
  })

  it('answers null for a consumer whose key is destroyed or does not unwrap, and opens the others', async () => {
    const path = '/api/webevents?limit=100&depth=2'
    const consumersOf = (body: { data: { account: { consumer: unknown } }[] }) =>
      body.data
        .map(({ account }) => account.consumer as null | { id: string; ssn: null | string })
        .filter((consumer) => consumer !== null)
    const ids = [
      ...new Set(consumersOf((await both(path, 'integrator')).compiled.body).map(({ id }) => id)),
    ]
    const [destroyed, broken] = ids
    await client.query('DELETE FROM consumer_data_keys WHERE consumer = $1', [destroyed])
    await client.query(
      `UPDATE consumer_data_keys SET wrapped = 'enc:v1:g:AAAA:AAAA:AAAA' WHERE consumer = $1`,
      [broken],
    )
    const pair = await both(path, 'integrator')
    same(pair, path, 'integrator')
    expect(pair.compiled.status).toBe(200)
    for (const { id, ssn } of consumersOf(pair.compiled.body)) {
      if (id === destroyed || id === broken) expect(ssn).toBeNull()
      else expect(ssn).toMatch(/^\*\*\*-\*\*-\d{4}$/)
    }
  })
})

describe("records that embed a user (a collection the compiler leaves to Payload's dataloader)", () => {
  const counted = countStatements({
    get service() {
      return service
    },
  } as TestContext)

  /** The caller as Payload's strategies find them: the record and its collection. */
  const userOf = async (caller: Caller): Promise<PayloadRequest['user']> => {
    const { id, key } = who[caller]
    if (id === undefined) return null
    const collection = key ? 'api-clients' : 'users'
    const doc = await service.payload.findByID({ collection, id })
    return { ...doc, collection } as PayloadRequest['user']
  }

  /** The callers whose read access to users is not `false` (a dealer's is a filter). */
  const READ_USERS: Caller[] = ['clientAdmin', 'staff', 'staffAdmin', 'dealer']

  /** A request of `caller` whose dataloader keeps the keys of the users it is asked for. */
  const requestOf = async (caller: Caller, keys: string[]) => {
    const req = await createLocalReq({ user: (await userOf(caller)) ?? undefined }, service.payload)
    const load = req.payloadDataLoader.load.bind(req.payloadDataLoader)
    req.payloadDataLoader.load = (key: string) => {
      if (JSON.parse(key)[1] === 'users') keys.push(key)
      return load(key)
    }
    return req
  }

  type Read = (req: PayloadRequest, slug: string, id: number | string, depth: number) => unknown

  /** A record as `read` gives it to `caller` (or the error's name), the users' keys kept. */
  const readWith =
    (read: Read) =>
    async (
      caller: Caller,
      slug: string,
      id: number | string,
      depth: number,
      keys: string[] = [],
    ) => {
      const req = await requestOf(caller, keys)
      try {
        return { doc: (await read(req, slug, id, depth)) as Record<string, unknown> | undefined }
      } catch (error) {
        return { error: (error as Error).name }
      }
    }

  /** The record read by the compiler, or undefined where it leaves the read to Payload. */
  const compiledOf = readWith((req, slug, id, depth) =>
    compiledRecord(req, slug, String(id), depth, { findByID: true }),
  )

  const payloadOf = readWith((req, slug, id, depth) =>
    service.payload.findByID({
      collection: slug as CollectionSlug,
      depth,
      id,
      overrideAccess: false,
      req,
    }),
  )

  it("answers as Payload's findByID: a lead's assignee, a VDP e-mail's and a lead event's author, a desk's rota", async () => {
    const { payload } = service
    const staffDoc = (await userOf('staff'))!
    const [leadId] = await column('SELECT id FROM lead WHERE assignee_id IS NOT NULL LIMIT 1')
    const [vin] = await column('SELECT id FROM vin LIMIT 1')
    const event = await payload.create({
      collection: 'leadEvents',
      data: {
        lead: Number(leadId),
        nextSteps: 'call back',
        status: 'Had Conversation',
        type: 'Customer Call',
      },
      user: staffDoc,
    })
    const email = await payload.create({
      collection: 'vdpEmails',
      data: { lead: Number(leadId), vins: [Number(vin)] },
      user: staffDoc,
    })
    expect(event.createdBy).toBeTruthy()
    expect(email.createdBy).toBeTruthy()
    const records: [string, number | string][] = [
      ['lead', Number(leadId)],
      ['leadEvents', event.id],
      ['vdpEmails', email.id],
      ['location', 'loc_demo_sunset_la'],
    ]
    // The lead's dealership, embedded past the depth, lists its locations as findByID does: the
    // newest ten, and that there are more.
    await client.query(
      `INSERT INTO location SELECT (jsonb_populate_record(NULL::location, to_jsonb(l) ||
         jsonb_build_object('id', 'loc_more_' || n, 'created_at', now() - make_interval(mins => n)))).*
       FROM location l, generate_series(1, 11) n WHERE l.id = 'loc_demo_sunset_la'`,
    )
    const served: string[] = []
    for (const [slug, id] of records) {
      for (const depth of [0, 1, 2, 3]) {
        for (const caller of CALLERS) {
          const keys = { compiled: [] as string[], payload: [] as string[] }
          const compiled = await compiledOf(caller, slug, id, depth, keys.compiled)
          const expected = await payloadOf(caller, slug, id, depth, keys.payload)
          const what = { caller, depth, slug }
          if ('doc' in compiled && compiled.doc === undefined) continue
          if (compiled.doc) served.push(`${slug} ${depth} ${caller}`)
          expect({ ...what, ...compiled, doc: JSON.stringify(compiled.doc) }).toEqual({
            ...what,
            ...expected,
            doc: JSON.stringify(expected.doc),
          })
          // The users asked of the dataloader by the keys Payload uses (depths, access, select);
          // a caller who may not read users at all is answered their ids without asking.
          // (The dataloader answers a key asked twice, as a record embedded twice asks, once.)
          const asked = (list: string[]) => [...new Set(list)].sort()
          expect({ ...what, keys: asked(keys.compiled) }).toEqual({
            ...what,
            keys: READ_USERS.includes(caller) ? asked(keys.payload) : [],
          })
        }
      }
    }
    // Once Payload's alone, as they embed a user: an admin key's VDP e-mail at the default depth
    // (its create's answer), staff reads of a lead, a lead event and a desk's rota.
    expect(served).toEqual(
      expect.arrayContaining([
        'vdpEmails 2 clientAdmin',
        'lead 1 staffAdmin',
        'leadEvents 1 staff',
        'location 1 staffAdmin',
      ]),
    )
    // The users are there, as records: Payload's dataloader read them.
    const lead = (await compiledOf('staffAdmin', 'lead', Number(leadId), 1)).doc
    expect(lead?.assignee).toMatchObject({ collection: 'users', id: expect.any(Number) })
    const location = (await compiledOf('staffAdmin', 'location', 'loc_demo_sunset_la', 1)).doc
    expect(location?.desk).toMatchObject({ rota: [{ collection: 'users' }] })
    const { locations } = lead?.dealership as {
      locations: { docs: string[]; hasNextPage: boolean }
    }
    expect(locations.docs).toHaveLength(10)
    expect(locations.hasNextPage).toBe(true)
    await client.query("DELETE FROM location WHERE id LIKE 'loc_more_%'")
  }, 120_000)

  it("embeds, for a dealer, only the users a dealer reads: another dealership's as an id", async () => {
    const { payload } = service
    const [other] = await column(
      "SELECT id FROM company WHERE id <> 'com_demo_sunset' AND NOT is_facilitator AND deleted_at IS NULL LIMIT 1",
    )
    const rival = await staffUser(payload, 'dealer', other)
    const [eventId] = await column(
      "SELECT e.id FROM lead_events e JOIN lead l ON l.id = e.lead_id WHERE l.dealership_id = 'com_demo_sunset' LIMIT 1",
    )
    const whole = compilePlan(payload, 'leadEvents')
    if (whole instanceof Refusal) throw whole
    // The event's author alone: its lead, which a dealer reads by a filter, is not compiled
    // embedded. The dealer's read access to users is a filter too: the walk leaves it to
    // Payload's find.
    const plan = {
      ...whole,
      fields: whole.fields.filter(({ name }) => ['id', 'createdBy'].includes(name)),
    }
    const readAs = async (author: number | string | undefined) => {
      await client.query('UPDATE lead_events SET created_by_id = $1 WHERE id = $2', [
        author,
        eventId,
      ])
      const req = await requestOf('dealer', [])
      const document = documentOf(
        { decisions: [], depth: 1, payload, req, shape: { findByID: true } },
        plan,
        't0',
        1,
        false,
      )
      const { rows } = await client.query(
        `SELECT ${document.sql} AS doc FROM lead_events t0 WHERE t0.id = $1`,
        [eventId],
      )
      const compiled = rows[0].doc as Record<string, unknown>
      await document.walk?.(compiled, req)
      const expected = await payloadOf('dealer', 'leadEvents', Number(eventId), 1)
      expect(JSON.stringify(compiled.createdBy)).toBe(
        JSON.stringify((expected.doc as { createdBy?: unknown } | undefined)?.createdBy),
      )
      return compiled.createdBy
    }
    expect(await readAs(rival.id)).toBe(rival.id)
    const house = (await readAs(who.staff.id)) as Record<string, unknown>
    expect(house).toMatchObject({ id: who.staff.id })
    expect(house).not.toHaveProperty('email')
  }, 120_000)

  it("loads a record's users together, in one statement: its author and last editor", async () => {
    const [emailId] = await column(
      'SELECT id FROM vdp_emails WHERE created_by_id IS NOT NULL LIMIT 1',
    )
    await client.query('UPDATE vdp_emails SET last_modified_by_id = $1 WHERE id = $2', [
      who.staffAdmin.id,
      emailId,
    ])
    const req = await requestOf('staffAdmin', [])
    counted.sent.length = 0
    const doc = await compiledRecord(req, 'vdpEmails', emailId, 1, { findByID: true })
    expect(doc).toMatchObject({
      createdBy: { collection: 'users', id: who.staff.id },
      lastModifiedBy: { collection: 'users', id: who.staffAdmin.id },
    })
    expect(counted.sent.map(statementKind).filter((kind) => kind === 'select users')).toHaveLength(
      1,
    )
  })

  it('builds a record asked with another `populate` anew: each answer as Payload gives it', async () => {
    const [emailId] = await column(
      'SELECT id FROM vdp_emails WHERE created_by_id IS NOT NULL LIMIT 1',
    )
    for (const populate of [{ users: { name: true } }, {}, { users: { title: true } }] as const) {
      const compiled = await compiledRecord(
        await requestOf('staffAdmin', []),
        'vdpEmails',
        emailId,
        1,
        { populate },
      )
      const expected = await service.payload.findByID({
        collection: 'vdpEmails',
        depth: 1,
        id: Number(emailId),
        overrideAccess: false,
        populate,
        req: await requestOf('staffAdmin', []),
      })
      expect(compiled).toBeDefined()
      expect(JSON.stringify(compiled?.createdBy)).toBe(JSON.stringify(expected.createdBy))
    }
  })

  it("loads the users of a page's records together, in one statement", async () => {
    const path = '/api/companies?limit=10&sort=name&depth=1'
    const first = await sendJson(service, 'GET', path.replace('depth=1', 'depth=0'), {
      headers: who.staffAdmin.headers,
    })
    const ids = (first.body.data as { id: string }[]).slice(0, 4).map(({ id }) => id)
    expect(ids).toHaveLength(4)
    // Two staff users change two companies each: the page embeds both as lastModifiedBy.
    for (const [index, id] of ids.entries()) {
      const response = await sendJson(service, 'PATCH', `/api/company/${id}`, {
        body: { address: `${index + 1} Main St, Austin, TX 78701` },
        headers: who[index % 2 ? 'staff' : 'staffAdmin'].headers,
      })
      expect(response.status).toBe(200)
    }
    const pair = await both(path, 'staffAdmin')
    same(pair, path, 'staffAdmin')
    expect(pair.servedCompiled).toBe(true)
    // The compiled read alone: the caller's own lookup, the page, then one find of both users.
    counted.sent.length = 0
    await sendJson(service, 'GET', path, { headers: who.staffAdmin.headers })
    const kinds = counted.sent.map(statementKind)
    expect(kinds.at(-1)).toBe('select users')
    expect(counted.sent.at(-1)).toMatch(/ in \(/i)
    expect(kinds.at(-2)).not.toBe('select users')
    expect(kinds.length).toBeLessThanOrEqual(3)
    const editors = (pair.compiled.body.data as { lastModifiedBy: unknown }[])
      .map(({ lastModifiedBy }) => lastModifiedBy)
      .filter((user): user is { id: number } => typeof user === 'object' && user !== null)
    expect(new Set(editors.map(({ id }) => id)).size).toBe(2)
  })
})

describe("a dealer's page that embeds users of another dealership", () => {
  // Payload's access, through the commerce list: the page is Payload's for a dealer (a company's
  // locations join, which a dealer reads by a filter); the compiled walk's own case is above.
  it('leaves them ids and names the house staff', async () => {
    const { payload } = service
    const [other] = await column(
      "SELECT id FROM company WHERE id <> 'com_demo_sunset' AND NOT is_facilitator AND deleted_at IS NULL LIMIT 1",
    )
    const rival = await staffUser(payload, 'dealer', other)
    const path = '/api/companies?depth=1'
    const sunsetOf = (pair: Pair) =>
      (pair.compiled.body.data as { id: string; lastModifiedBy: unknown }[]).find(
        ({ id }) => id === 'com_demo_sunset',
      )
    // Changed by a dealer of another dealership: the Sunset dealer sees only the id.
    await client.query("UPDATE company SET last_modified_by_id = $1 WHERE id = 'com_demo_sunset'", [
      rival.id,
    ])
    const hidden = await both(path, 'dealer')
    same(hidden, path, 'dealer')
    expect(hidden.servedCompiled).toBe(false)
    expect(sunsetOf(hidden)?.lastModifiedBy).toBe(rival.id)
    // Changed by house staff, whom dealers may have on their rota: the name, not the address.
    await client.query("UPDATE company SET last_modified_by_id = $1 WHERE id = 'com_demo_sunset'", [
      who.staff.id,
    ])
    const shown = await both(path, 'dealer')
    same(shown, path, 'dealer')
    const editor = sunsetOf(shown)?.lastModifiedBy as Record<string, unknown>
    expect(editor).toMatchObject({ id: who.staff.id })
    expect(editor).not.toHaveProperty('email')
    expect(editor).not.toHaveProperty('role')
  })
})

describe('what the compiler does not know', () => {
  it('refuses a field with an afterRead hook or read access it does not know, naming it', () => {
    const config = service.payload.collections.customer.config
    const field = config.flattenedFields.find(({ name }) => name === 'name')!
    const saved = { access: field.access, hooks: 'hooks' in field ? field.hooks : undefined }
    try {
      Object.assign(field, { hooks: { afterRead: [({ value }: { value: unknown }) => value] } })
      const hooked = compilePlan(service.payload, 'customer')
      expect(hooked).toBeInstanceOf(Refusal)
      expect((hooked as Refusal).message).toBe(
        'customer.name: it has an afterRead hook the compiler does not know',
      )
      Object.assign(field, { access: { read: () => true }, hooks: saved.hooks })
      expect((compilePlan(service.payload, 'customer') as Refusal).message).toBe(
        'customer.name: its read access is not declared safe to compile',
      )
    } finally {
      Object.assign(field, saved)
    }
    expect(compilePlan(service.payload, 'customer')).not.toBeInstanceOf(Refusal)
  })

  it('names the collections it leaves to Payload', () => {
    expect((compilePlan(service.payload, 'users') as Refusal).message).toBe(
      'users: auth collections are not compiled',
    )
  })
})
