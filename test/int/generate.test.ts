/**
 * npm run generate: the records it writes are valid for the service. They read back through the
 * REST API as the service's own do, and a change through the API (which validates the whole
 * record again) is accepted.
 */
import crypto from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { lastLine, runCli } from '../helpers/cli'
import { createTestDatabase } from '../helpers/database'
import { sendJson } from '../helpers/http'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'

const KEYS = `g:${crypto.randomBytes(32).toString('base64')}`
const SIZES = ['--web-events', '400', '--companies', '200', '--customers', '200']
const CREDIT = ['--consumers', '200', '--credit-apps', '200', '--audit-rows', '200']

let database: Awaited<ReturnType<typeof createTestDatabase>>
let service: TestService
let who: Record<PrincipalName, Principal>
let client: pg.Client
let summary: { rows: number; rowsPerSecond: number; tables: Record<string, number> }
const previousKeys = process.env.CREDIT_DATA_KEYS

const generate = async (args: string[]) => {
  const result = await runCli('generate', args, {
    CREDIT_DATA_KEYS: KEYS,
    DATABASE_URL: database.url,
  })
  expect(result).toMatchObject({ code: 0 })
  return JSON.parse(lastLine(result.stdout))
}

/** The id of one generated record of `table`. */
const someId = async (table: string): Promise<string> =>
  (await client.query(`SELECT id FROM ${table} ORDER BY id LIMIT 1 OFFSET 7`)).rows[0].id

const get = (path: string, caller: Principal = who.integrator) =>
  sendJson(service, 'GET', path, { headers: caller.headers })

beforeAll(async () => {
  database = await createTestDatabase()
  summary = await generate([...SIZES, ...CREDIT])
  process.env.CREDIT_DATA_KEYS = KEYS
  service = await startTestService({ databaseUrl: database.url })
  who = await createPrincipals(service.payload)
  client = new pg.Client({ connectionString: database.url })
  await client.connect()
}, 180_000)

afterAll(async () => {
  await client?.end()
  await service?.close()
  await database?.drop()
  process.env.CREDIT_DATA_KEYS = previousKeys
  if (previousKeys === undefined) delete process.env.CREDIT_DATA_KEYS
})

describe('npm run generate', () => {
  it('writes the records asked for, and those they need, and sums them up', async () => {
    expect(summary.tables).toMatchObject({
      address: 400,
      // Each consumer and customer with one phone number and one address link.
      consumer: 600,
      credit_app: 400, // with a pre-approval each
      customer: 600,
      company: 200,
      location: 300,
      vehicle: 100,
      web_event: 400,
      audit_log: 1000, // four field names each
    })
    expect(summary.rows).toBe(Object.values(summary.tables).reduce((a, b) => a + b, 0))
    const counts = await client.query(
      `SELECT (SELECT count(*) FROM consumer)::int AS consumers,
         (SELECT count(*) FROM web_event)::int AS events,
         (SELECT count(*) FROM audit_log)::int AS audit`,
    )
    expect(counts.rows[0]).toEqual({ audit: 200, consumers: 200, events: 400 })
  })

  it('leaves no reference to a missing record (its sessions skip the foreign-key triggers)', async () => {
    const { rows: keys } = await client.query(
      `SELECT c.conrelid::regclass AS child, a.attname AS col, c.confrelid::regclass AS parent,
         p.attname AS key
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute p ON p.attrelid = c.confrelid AND p.attnum = c.confkey[1]
       WHERE c.contype = 'f'`,
    )
    expect(keys.length).toBeGreaterThan(20)
    const broken: string[] = []
    for (const { child, col, key, parent } of keys) {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM ${child} x WHERE x.${col} IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM ${parent} p WHERE p.${key} = x.${col})`,
      )
      if (rows[0].n) broken.push(`${child}.${col}: ${rows[0].n}`)
    }
    expect(broken).toEqual([])
  })

  it('stores SSNs and birth dates encrypted; they read back masked and in clear', async () => {
    const id = await someId('consumer')
    const stored = await client.query('SELECT ssn, birth_date FROM consumer WHERE id = $1', [id])
    expect(stored.rows[0].ssn).toMatch(/^enc:v1:g:/)
    expect(stored.rows[0].birth_date).toMatch(/^enc:v1:g:/)
    const read = await get(`/api/consumer/${id}`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({
      birthDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      email: expect.stringMatching(/@example\.com$/),
      id,
      phoneNumbers: [read.body.phoneNumber],
      ssn: expect.stringMatching(/^\*\*\*-\*\*-\d{4}$/),
    })
    expect(read.body.addresses[0].city.state).toMatch(/^[A-Z]{2}$/)
    const revealed = await get(`/api/consumer/${id}?reveal=ssn`, who.staffAdmin)
    // Area 9xx: never a real person's SSN.
    expect(revealed.body.ssn).toMatch(/^9\d{2}-\d{2}-\d{4}$/)
  })

  it("seals each consumer's values with their own data key, as the service does", async () => {
    const keyed = await client.query(
      `SELECT count(*)::int AS n FROM consumer c JOIN consumer_data_keys k ON k.consumer = c.id`,
    )
    expect(keyed.rows[0].n).toBe(200)
    // Without the key, the values cannot be opened: they are sealed with it, not only the master key.
    const { rows } = await client.query('SELECT id FROM consumer ORDER BY id DESC LIMIT 1')
    await client.query('DELETE FROM consumer_data_keys WHERE consumer = $1', [rows[0].id])
    const read = await get(`/api/consumer/${rows[0].id}`)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ birthDate: null, id: rows[0].id, ssn: null })
  })

  it('serves a credit app with its consumer, vehicle and pre-approval (endpoint 2, depth 2)', async () => {
    const id = await someId('credit_app')
    const { body, status } = await get(`/api/creditapps/${id}`)
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.data).toMatchObject({
      birthDate: body.data.consumer.birthDate,
      firstName: body.data.consumer.firstName,
      id,
      preApproval: {
        consumer: { id: body.data.consumer.id },
        creditBand: { name: expect.any(String) },
      },
      provider: expect.stringMatching(/^provider_[ab]$/),
      ssn: body.data.consumer.ssn,
      vehicle: { id: body.data.vehicle.vin, spec: { squishVin: expect.any(String) } },
    })
    const decoded = await get(`/api/listings/${body.data.vehicle.vin}`)
    expect(decoded.status).toBe(200)
    expect(decoded.body.vehicle.make).toBe(body.data.vehicle.make)
  })

  it('serves customers, companies with their locations and web events (endpoints 6, 7, 10)', async () => {
    const customer = await get(`/api/customers/${await someId('customer')}`)
    expect(customer.status).toBe(200)
    expect(customer.body.data.addresses[0].city.name).toEqual(expect.any(String))
    const companies = await get('/api/companies?limit=100&sort=name')
    expect(companies.body).toMatchObject({ success: true, totalCount: 200 })
    const withLocations = companies.body.data.filter((company: any) => company.locations.length)
    expect(withLocations.length).toBeGreaterThan(90)
    expect(withLocations[0].locations[0].address).toMatch(/, [A-Z]{2} \d{5}$/)
    const like = await get(
      `/api/companies?where[name][like]=${companies.body.data[0].name.split(' ')[0]}`,
    )
    expect(like.body.totalCount).toBeGreaterThan(0)
    const events = await get('/api/webevents?limit=5&page=3&depth=1')
    expect(events.body).toMatchObject({ page: 3, success: true, totalCount: 400 })
    expect(events.body.data[0].account.anonymousIds).toEqual([events.body.data[0].anonymousId])
    // Beside the entries of this file's own reveal.
    const audit = await get(
      '/api/audit-log?limit=1&where[action][not_equals]=reveal',
      who.staffAdmin,
    )
    expect(audit.body.totalDocs).toBe(200)
    expect(audit.body.docs[0].fields).toEqual(['birthDate', 'email', 'phoneNumber', 'ssn'])
  })

  it.each([
    ['consumer', { lastName: 'Changed' }],
    ['credit-app', { lastName: 'Changed' }],
    ['customer', { name: 'Changed' }],
    ['company', { name: 'Changed' }],
    ['location', { line2: 'Suite 9' }],
    ['vehicle', { exteriorColor: 'Green' }],
    ['pre-approval', { validUntilTime: '2030-01-31T17:00:00Z' }],
  ])('a generated %s passes validation again on an update', async (collection, data) => {
    const id = await someId(collection.replace('-', '_'))
    const { body, status } = await sendJson(service, 'PATCH', `/api/${collection}/${id}`, {
      body: data,
      headers: who.staffAdmin.headers,
    })
    expect({ body: status === 200 ? 'ok' : body, status }).toEqual({ body: 'ok', status: 200 })
  })

  it('a second run adds records beside the first', async () => {
    const second = await generate(['--consumers', '50', '--credit-apps', '20'])
    expect(second.tables.consumer).toBe(150)
    const counts = await client.query(
      'SELECT (SELECT count(*) FROM consumer)::int AS consumers, (SELECT count(*) FROM credit_app)::int AS apps',
    )
    expect(counts.rows[0]).toEqual({ apps: 220, consumers: 250 })
  }, 120_000)

  it('refuses credit apps without consumers, before touching the database', async () => {
    const result = await runCli('generate', ['--credit-apps', '5'], { DATABASE_URL: database.url })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('credit apps need consumers')
  })
})
