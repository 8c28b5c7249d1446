/**
 * Over real HTTP, for generated filters (degenerate ones included: empty `and`/`or` lists, empty
 * objects, conditions without an operator, matches of only spaces, nested mixes), in both
 * spellings (nested query string and JSON): a bulk PATCH and a bulk DELETE touch exactly the
 * leads a GET with the same `where` lists, or answer 400 and touch none; a filter that reduces to
 * no condition (src/lib/whereTree.ts) is always that 400. For each role that may write leads: an
 * admin API key, a staff admin, a staff user and a dealer (whose company's leads alone it lists
 * and writes).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import pg from 'pg'
import * as qs from 'qs-esm'

import { reduceWhere } from '@/lib/whereTree'

import { type JsonResponse, sendJson } from '../helpers/http'
import { type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const A = { company: 'com_demo_sunset', location: 'loc_demo_sunset_la' }
const B = { company: 'com_test_filters_b', location: 'loc_test_filters_b' }
const RUNS = 8

let client: pg.Client
let dealer: Principal
let ids: number[] = []
let marker = 0

const FIELDS = ['firstName', 'lastName', 'email']
const WORDS = ['Ann', 'ann', 'Bo', 'Ames', 'Baker', 'example', 'zz', 'a']
const BLANKS = ['', ' ', '  ']

beforeAll(async () => {
  const { payload } = context.service
  await payload.create({ collection: 'company', data: { id: B.company, name: 'Filters B' } })
  await payload.create({
    collection: 'location',
    data: {
      city: { name: 'Oakland', state: 'CA' },
      companyId: B.company,
      id: B.location,
      line1: '1 Bayside Way',
      zip: '94607',
    } as never,
  })
  dealer = await staffUser(payload, 'dealer', A.company)
  const people = [
    ['Ann', 'Ames', A],
    ['ann', 'Baker', A],
    ['Bo', 'Ames', A],
    ['Bo', 'Cole', A],
    ['Cy', 'Baker', A],
    [null, 'Ames', A],
    ['Ann', 'Cole', B],
    ['Bo', 'Baker', B],
  ] as const
  for (const [i, [firstName, lastName, at]] of people.entries()) {
    const lead = await payload.create({
      collection: 'lead',
      data: {
        email: i % 3 ? `${lastName.toLowerCase()}${i}@example.com` : undefined,
        firstName,
        lastName,
        location: at.location,
      },
    })
    ids.push(lead.id)
  }
  ids = ids.sort((a, b) => a - b)
  client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  // The service drops its database when it closes, ending this connection.
  client.on('error', () => {})
  await client.connect()
})
afterAll(async () => {
  await client?.end()
})

/** A condition on a lead, or a part that constrains nothing. */
const part = (leadIds: number[]) =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...FIELDS),
          fc.constantFrom('equals', 'not_equals', 'like', 'contains'),
          fc.constantFrom(...WORDS, ...BLANKS),
        )
        .map(([field, operator, value]) => ({ [field]: { [operator]: value } })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...FIELDS), fc.constantFrom('in', 'not_in'), fc.subarray(WORDS))
        .map(([field, operator, value]) => ({ [field]: { [operator]: value } })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...FIELDS), fc.boolean())
        .map(([field, exists]) => ({ [field]: { exists } })),
      weight: 1,
    },
    {
      arbitrary: fc.subarray(leadIds, { minLength: 1 }).map((some) => ({ id: { in: some } })),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom<object>(
        {},
        { id: {} },
        { id: '' },
        { lastName: {} },
        { '': '' },
        { firstName: { like: ' ' } },
        { email: { contains: '  ' } },
        { id: { not_in: [] } },
      ),
      weight: 2,
    },
  )

/** Filter trees: parts under `and`/`or` in any letter case, empty lists, text in a list. */
const trees = (leadIds: number[]): fc.Arbitrary<object> =>
  fc.letrec<{ tree: object }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      { arbitrary: part(leadIds), weight: 3 },
      {
        arbitrary: fc
          .tuple(
            fc.constantFrom('and', 'or', 'AND', 'Or'),
            fc.array(fc.oneof({ arbitrary: tie('tree'), weight: 4 }, fc.constant('')), {
              maxLength: 3,
            }),
          )
          .map(([combinator, items]) => ({ [combinator]: items })),
        weight: 2,
      },
    ),
  })).tree

type Sent = { where?: unknown }

/** The filter in one of its two spellings, and the tree Payload is given for it. */
const spelled = (tree: object, json: boolean) =>
  json
    ? { query: `where=${encodeURIComponent(JSON.stringify(tree))}`, seen: tree }
    : {
        query: qs.stringify({ where: tree }),
        seen: (qs.parse(qs.stringify({ where: tree }), { arrayLimit: 1000, depth: 10 }) as Sent)
          .where,
      }

const leadIds = async (query: string): Promise<number[]> =>
  (await client.query(query)).rows.map((row) => Number(row.id)).sort((a, b) => a - b)
const idsOf = (docs: { id: number }[]) => docs.map((doc) => doc.id).sort((a, b) => a - b)

/**
 * A bulk write touched exactly the leads the GET listed, or it was a 400 and touched none; a
 * filter that constrains nothing is always Payload's 400 for a missing one.
 */
const expectWrote = (
  operation: 'delete' | 'update',
  {
    answer,
    constrains,
    listed,
    touched,
  }: { answer: JsonResponse; constrains: boolean; listed: JsonResponse; touched: number[] },
) => {
  if (!constrains)
    expect([answer.status, answer.body.errors]).toEqual([
      400,
      [{ message: `Missing 'where' query of documents to ${operation}.` }],
    ])
  if (answer.status === 400) return expect(touched).toEqual([])
  expect([answer.status, listed.status, answer.body.errors]).toEqual([200, 200, []])
  expect(idsOf(answer.body.docs)).toEqual(idsOf(listed.body.docs))
  expect(touched).toEqual(idsOf(listed.body.docs))
}

const ROLES = ['clientAdmin', 'staffAdmin', 'staff', 'dealer'] as const

describe.each(ROLES)('as %s', (role) => {
  const send = (method: string, path: string, body?: unknown) =>
    sendJson(context.service, method, path, {
      body,
      headers: role === 'dealer' ? dealer.headers : context.who[role].headers,
    })

  it('a bulk PATCH and DELETE touch what a GET with the same where lists, or are 400 and touch nothing', async () => {
    await fc.assert(
      fc.asyncProperty(trees(ids), fc.boolean(), async (tree, json) => {
        const { query, seen } = spelled(tree, json)
        const constrains = reduceWhere(seen) !== undefined
        const listed = await send('GET', `/api/lead?${query}&limit=100&depth=0`)

        const source = `filter-run-${++marker}`
        const patched = await send('PATCH', `/api/lead?${query}&depth=0`, { source })
        const changed = await leadIds(`SELECT id FROM lead WHERE source = '${source}'`)
        expectWrote('update', { answer: patched, constrains, listed, touched: changed })

        const deleted = await send('DELETE', `/api/lead?${query}&depth=0`)
        const trashed = await leadIds('SELECT id FROM lead WHERE deleted_at IS NOT NULL')
        try {
          expectWrote('delete', { answer: deleted, constrains, listed, touched: trashed })
        } finally {
          await client.query('UPDATE lead SET deleted_at = NULL WHERE deleted_at IS NOT NULL')
        }
      }),
      {
        // Each role meets a filter that writes, one that reduces to nothing, and one that finds
        // nothing, besides the generated ones.
        examples: [
          [{ lastName: { equals: 'Ames' } }, false],
          [{ and: [{}], OR: [{ firstName: { like: '  ' } }] }, true],
          [{ or: [{ firstName: { equals: 'zz' } }, ''] }, false],
        ],
        numRuns: RUNS,
      },
    )
  }, 60_000)
})
