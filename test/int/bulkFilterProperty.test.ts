/**
 * Over real HTTP, for generated filters (degenerate ones included: empty `and`/`or` lists, empty
 * objects, conditions without an operator, and for every operator values that are empty or only
 * spaces, empty lists and lists of them, nested mixes), in both spellings (nested query string
 * and JSON): a bulk PATCH and a bulk DELETE touch exactly the leads a GET with the same `where`
 * lists, or answer 400 and touch none. Whether a filter holds a real condition is decided here,
 * from docs/api.md's rules, not by the service's own reduction (src/lib/whereTree.ts): one
 * without is always the 400 for a missing filter, and one with is never that 400. For each role
 * that may write leads: an admin API key, a staff admin, a staff user and a dealer (whose
 * company's leads alone it lists and writes).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import pg from 'pg'
import * as qs from 'qs-esm'

import { addDealership } from '../helpers/dealership'
import { type JsonResponse, sendJson } from '../helpers/http'
import { type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

const A = { company: 'com_demo_sunset', location: 'loc_demo_sunset_la' }
const B = { company: 'com_test_filters_b', location: 'loc_test_filters_b' }
const RUNS = 10

let client: pg.Client
let dealer: Principal
let ids: number[] = []
let marker = 0

const FIELDS = ['firstName', 'lastName', 'email']
const WORDS = ['Ann', 'ann', 'Bo', 'Ames', 'Baker', 'example', 'zz', 'a']
const BLANKS = ['', ' ', '  ', '\t']
/** Every operator that takes a value, each with values that are empty or only whitespace too. */
const COMPARISONS = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
]
const TEXT_MATCHES = ['like', 'not_like', 'contains']
const LISTS = ['in', 'not_in']

beforeAll(async () => {
  const { payload } = context.service
  await addDealership(payload, { company: B.company, location: B.location, name: 'Filters B' })
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

/** A list's value: a list (empty items among them), or text Payload splits at commas. */
const listOf = <T>(values: T[]) =>
  fc.oneof(
    fc.subarray<T | string>([...values, ...BLANKS]),
    fc.constantFrom<string>(...BLANKS, ' , ', ','),
  )

/** A condition on a lead, or a part that constrains nothing. */
const part = (leadIds: number[]) =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...FIELDS),
          fc.constantFrom(...COMPARISONS, ...TEXT_MATCHES),
          fc.constantFrom(...WORDS, ...BLANKS),
        )
        .map(([field, operator, value]) => ({ [field]: { [operator]: value } })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...FIELDS), fc.constantFrom(...LISTS), listOf(WORDS))
        .map(([field, operator, value]) => ({ [field]: { [operator]: value } })),
      weight: 1,
    },
    {
      // The id, with the comparisons and lists of a number, and values that are empty.
      arbitrary: fc
        .tuple(
          fc.constantFrom(...COMPARISONS),
          fc.oneof(fc.constantFrom(...leadIds), fc.constantFrom(...BLANKS)),
        )
        .map(([operator, value]) => ({ id: { [operator]: value } })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...LISTS), listOf(leadIds))
        .map(([operator, value]) => ({ id: { [operator]: value } })),
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
        { id: ' ' },
        { lastName: {} },
        { '': '' },
        { firstName: { like: ' ' } },
        { email: { contains: '  ' } },
        { id: { not_in: [] } },
        { id: { in: [] } },
        { id: { not_equals: '' } },
        { id: { greater_than_equal: ' ' } },
        { lastName: { not_like: ' ' } },
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

const isBlank = (value: unknown) => typeof value === 'string' && !value.trim()
/** A value that says nothing: empty or blank text, or a list of nothing else (an empty one too, over HTTP). */
const isEmptyValue = (operator: string, value: unknown) =>
  isBlank(value) ||
  (LISTS.includes(operator) &&
    (typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [1]).every(
      isBlank,
    ))

/**
 * What a part of a filter comes to by docs/api.md's rules: `real` (a condition), `all` (one that
 * excludes nothing: a value that is empty, or an `or` holding such a part) or `none` (Payload
 * skips it: no object, an empty one, an empty name, an empty list). Independent of the service's
 * own reduction, so that a filter it wrongly takes for a condition fails the property.
 */
const meaning = (node: unknown): 'all' | 'none' | 'real' => {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return 'none'
  const parts = Object.entries(node).map(([key, value]): 'all' | 'none' | 'real' => {
    if (!key) return 'none'
    const combinator = key.toLowerCase()
    if ((combinator === 'and' || combinator === 'or') && Array.isArray(value)) {
      const items = value.map(meaning)
      if (combinator === 'or' && items.includes('all')) return 'all'
      return items.includes('real') ? 'real' : items.includes('all') ? 'all' : 'none'
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) return 'none'
    const operators = Object.entries(value)
    if (!operators.length) return 'none'
    return operators.some(
      ([operator, operand]) => operator === 'exists' || !isEmptyValue(operator, operand),
    )
      ? 'real'
      : 'all'
  })
  return parts.includes('real') ? 'real' : parts.includes('all') ? 'all' : 'none'
}

/** Stands for an empty list, which qs-esm's stringify would leave out, until it is spelled `[]=`. */
const EMPTY_LIST = 'empty-list'

/** The filter in one of its two spellings (empty lists too: `where[id][in][]=`), and the tree it sends. */
const spelled = (tree: object, json: boolean) => {
  if (json) return { query: `where=${encodeURIComponent(JSON.stringify(tree))}`, seen: tree }
  const marked = JSON.parse(JSON.stringify(tree), (_key, value) =>
    Array.isArray(value) && !value.length ? EMPTY_LIST : value,
  )
  const query = qs.stringify({ where: marked }).replaceAll(`=${EMPTY_LIST}`, '%5B%5D=')
  // As Payload's REST handlers parse a query (createPayloadRequest).
  const parsed = qs.parse(query, { allowEmptyArrays: true, arrayLimit: 1000, depth: 10 }) as Sent
  return { query, seen: parsed.where }
}

const leadIds = async (query: string): Promise<number[]> =>
  (await client.query(query)).rows.map((row) => Number(row.id)).sort((a, b) => a - b)
const idsOf = (docs: { id: number }[]) => docs.map((doc) => doc.id).sort((a, b) => a - b)

/**
 * A bulk write touched exactly the leads the GET listed, or it was a 400 and touched none; a
 * filter that constrains nothing is always Payload's 400 for a missing one, and one that
 * constrains never is.
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
  const missing = [{ message: `Missing 'where' query of documents to ${operation}.` }]
  if (!constrains) expect([answer.status, answer.body.errors]).toEqual([400, missing])
  else expect(answer.body.errors).not.toEqual(missing)
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
        const constrains = meaning(seen) === 'real'
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
        // Each role meets a filter that writes, ones that reduce to nothing (the attacks'
        // empty values among them), one that finds nothing, and a list with an empty item,
        // besides the generated ones.
        examples: [
          [{ lastName: { equals: 'Ames' } }, false],
          [{ and: [{}], OR: [{ firstName: { like: '  ' } }] }, true],
          [{ or: [{ firstName: { equals: 'zz' } }, ''] }, false],
          [{ id: { not_equals: '' } }, false],
          [{ id: { in: [] } }, true],
          [{ or: [{ id: { greater_than_equal: ' ' } }, { lastName: { equals: 'Ames' } }] }, false],
          [{ lastName: { in: ['Ames', ' '] } }, true],
        ],
        numRuns: RUNS,
      },
    )
  }, 120_000)
})
