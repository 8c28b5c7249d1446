/**
 * A bulk PATCH or DELETE whose `where` constrains nothing is refused (400, Payload's own message
 * for a missing filter) and changes nothing, in every spelling the attacks used, for every role
 * that may write (hooks/reduceFilters.ts, src/lib/whereTree.ts). Each finding over real HTTP:
 * an admin API key emptying the error records with `where[and][0]=`, a staff user releasing
 * every legal hold with `where[]=`, a staff user trashing every lead with `where[]=`; then an
 * admin API key deleting every legal hold for good with `where[id][not_equals]=` and a staff
 * user changing every lead with it: a condition whose value is empty or only spaces is none.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import pg from 'pg'

import { sendJson } from '../helpers/http'
import { type Principal, type PrincipalName, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const DEALER_COMPANY = 'com_demo_sunset'
const DEALER_LOCATION = 'loc_demo_sunset_la'
const MISSING = {
  delete: "Missing 'where' query of documents to delete.",
  update: "Missing 'where' query of documents to update.",
}

let dealer: Principal
let client: pg.Client
const writers = ['clientAdmin', 'staffAdmin', 'staff', 'dealer'] as const
type Writer = (typeof writers)[number]
const headersOf = (who: PrincipalName | Writer) =>
  who === 'dealer' ? dealer.headers : context.who[who].headers
const send = (method: string, path: string, who: PrincipalName | Writer, body?: unknown) =>
  sendJson(context.service, method, path, { body, headers: headersOf(who) })

const count = async (query: string, params: unknown[] = []): Promise<number> =>
  Number((await client.query(query, params)).rows[0].count)

beforeAll(async () => {
  const { payload } = context.service
  dealer = await staffUser(payload, 'dealer', DEALER_COMPANY)
  for (const lastName of ['Ames', 'Baker', 'Cole']) {
    await payload.create({
      collection: 'lead',
      data: { firstName: 'Pat', lastName, location: DEALER_LOCATION },
    })
  }
  for (const message of ['first', 'second', 'third']) {
    await payload.create({ collection: 'errors', data: { message } })
  }
  // Legal holds have no trash: a bulk delete of them is for good.
  for (const reason of ['Matter 1: keep everything', 'Matter 2: keep everything']) {
    await payload.create({
      collection: 'legal-holds',
      data: { consumer: 'con_demo_maria', reason },
    })
  }
  client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  // The service drops its database when it closes, ending this connection.
  client.on('error', () => {})
  await client.connect()
})
afterAll(async () => {
  await client?.end()
})

/** Each finding of the attacks: who sent what, and a count of the rows it must leave as they were. */
const FINDINGS: [string, Writer, string, string, object | undefined, string][] = [
  [
    'an admin API key',
    'clientAdmin',
    'DELETE',
    '/api/errors?where[and][0]=',
    undefined,
    'SELECT count(*) FROM errors WHERE deleted_at IS NULL',
  ],
  [
    'a staff user',
    'staff',
    'PATCH',
    '/api/legal-holds?where[]=',
    { releasedAt: new Date().toISOString() },
    'SELECT count(*) FROM legal_holds WHERE released_at IS NULL',
  ],
  [
    'a staff user',
    'staff',
    'DELETE',
    '/api/lead?where[]=',
    undefined,
    'SELECT count(*) FROM lead WHERE deleted_at IS NULL',
  ],
  [
    'an admin API key',
    'clientAdmin',
    'DELETE',
    '/api/legal-holds?where[id][not_equals]=',
    undefined,
    'SELECT count(*) FROM legal_holds',
  ],
  [
    'a staff user',
    'staff',
    'PATCH',
    '/api/lead?where[id][not_equals]=',
    { source: 'not-equals-nothing' },
    "SELECT count(*) FROM lead WHERE source IS DISTINCT FROM 'not-equals-nothing'",
  ],
]

describe('the findings', () => {
  it.each(FINDINGS)(
    '%s (%s): %s %s is 400 and changes nothing',
    async (_who, who, method, path, body, kept) => {
      const before = await count(kept)
      expect(before).toBeGreaterThanOrEqual(2)
      const response = await send(method, path, who, body)
      const message = method === 'PATCH' ? MISSING.update : MISSING.delete
      expect(response).toMatchObject({ body: { errors: [{ message }] }, status: 400 })
      expect(await count(kept)).toBe(before)
    },
  )

  it.each([
    'where[deletedAt][exists]=',
    'where[deletedAt][exists]=%20',
    'where[deletedAt][exists]=yes',
  ])('%s is a 400 naming the field, on a bulk write and on a read alike', async (query) => {
    const live = 'SELECT count(*) FROM lead WHERE deleted_at IS NULL'
    const before = await count(live)
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const body = method === 'PATCH' ? { source: 'exists-nothing' } : undefined
      const response = await send(method, `/api/lead?${query}`, 'staffAdmin', body)
      expect([method, response.status, response.body.errors[0].message]).toEqual([
        method,
        400,
        'The exists filter on deletedAt takes true or false',
      ])
    }
    expect(await count(live)).toBe(before)
    expect(await count("SELECT count(*) FROM lead WHERE source = 'exists-nothing'")).toBe(0)
  })
})

describe('an empty value is no condition on a read either', () => {
  it.each(['where[id][in]=', 'where[id][not_equals]=', 'where[lastName][equals]=%20'])(
    'GET with %s lists what GET without a where lists',
    async (query) => {
      const all = await send('GET', '/api/lead?depth=0&limit=100&sort=id', 'staff')
      const filtered = await send('GET', `/api/lead?depth=0&limit=100&sort=id&${query}`, 'staff')
      expect(filtered.status).toBe(200)
      expect(filtered.body.docs.map((doc: { id: number }) => doc.id)).toEqual(
        all.body.docs.map((doc: { id: number }) => doc.id),
      )
    },
  )
})

/** Every spelling of "no condition" the attack found, and a few more of the same kind. */
const NO_CONDITION: [string, string][] = [
  ['where[]=', 'where[]='],
  ['where[0]=', 'where[0]='],
  ['where[or][0]=', 'where[or][0]='],
  ['where[and][0]=', 'where[and][0]='],
  ['where[id]=', 'where[id]='],
  ['a like of spaces', 'where[lastName][like]=%20%20'],
  ['a contains of a space', 'where[lastName][contains]=%20'],
  ['JSON {"id":{}}', `where=${encodeURIComponent('{"id":{}}')}`],
  ['JSON {"and":[{}]}', `where=${encodeURIComponent('{"and":[{}]}')}`],
  ['JSON {"id":{"not_in":[]}}', `where=${encodeURIComponent('{"id":{"not_in":[]}}')}`],
  ['an OR holding a like of spaces', 'where[OR][0][lastName][like]=%20&where[OR][1][id][equals]=1'],
  ['no where at all', ''],
  // A condition whose value is empty or only spaces, for each operator: no condition.
  ...[
    'equals',
    'not_equals',
    'in',
    'not_in',
    'greater_than',
    'greater_than_equal',
    'less_than',
    'less_than_equal',
  ].flatMap((operator): [string, string][] => [
    [`where[id][${operator}]=`, `where[id][${operator}]=`],
    [`where[id][${operator}]= (a space)`, `where[id][${operator}]=%20`],
  ]),
  ...['like', 'not_like', 'contains', 'equals', 'not_equals'].map((operator): [string, string] => [
    `where[lastName][${operator}]=`,
    `where[lastName][${operator}]=`,
  ]),
  ['where[lastName][not_like]=%20', 'where[lastName][not_like]=%20'],
  ['where[id][in][]=', 'where[id][in][]='],
  ['where[id][in]=%20,%20', 'where[id][in]=%20,%20'],
  ['where[createdAt][greater_than]=%20', 'where[createdAt][greater_than]=%20'],
  ['JSON {"id":{"in":[]}}', `where=${encodeURIComponent('{"id":{"in":[]}}')}`],
  ['JSON {"id":{"equals":" "}}', `where=${encodeURIComponent('{"id":{"equals":" "}}')}`],
  ['an AND holding only empty values', 'where[and][0][id][equals]=&where[and][1][email][like]='],
  ['an OR holding an empty value', 'where[or][0][id][not_equals]=&where[or][1][id][equals]=1'],
]

describe.each(writers)('bulk writes as %s', (who) => {
  const live = 'SELECT count(*) FROM lead WHERE deleted_at IS NULL'

  it.each(NO_CONDITION)('PATCH with %s is 400 and changes nothing', async (name, query) => {
    // A mark of this write alone, so that one that went through fails only its own test.
    const source = `bulk-filter-test ${who} ${name}`.slice(0, 100)
    const response = await send('PATCH', `/api/lead?${query}`, who, { source })
    expect(response).toMatchObject({ body: { errors: [{ message: MISSING.update }] }, status: 400 })
    expect(await count('SELECT count(*) FROM lead WHERE source = $1', [source])).toBe(0)
  })

  it.each(NO_CONDITION)('DELETE with %s is 400 and deletes nothing', async (_name, query) => {
    const before = await count(live)
    const response = await send('DELETE', `/api/lead?${query}`, who)
    expect(response).toMatchObject({ body: { errors: [{ message: MISSING.delete }] }, status: 400 })
    expect(await count(live)).toBe(before)
  })

  it('a filter that constrains still writes what it finds, and only that', async () => {
    const { payload } = context.service
    const lead = await payload.create({
      collection: 'lead',
      data: { firstName: 'Only', lastName: `Me ${who}`, location: DEALER_LOCATION },
    })
    const query = `where[lastName][like]=${encodeURIComponent(`  Me ${who}`)}`
    const patched = await send('PATCH', `/api/lead?${query}`, who, { source: `only ${who}` })
    expect(patched.status).toBe(200)
    expect(patched.body.docs.map((doc: { id: number }) => doc.id)).toEqual([lead.id])
    const deleted = await send('DELETE', `/api/lead?${query}`, who)
    expect(deleted.status).toBe(200)
    expect(deleted.body.docs.map((doc: { id: number }) => doc.id)).toEqual([lead.id])
    expect(await count(live)).toBeGreaterThan(0)
  })
})
