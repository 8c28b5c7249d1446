/**
 * reduceWhere (src/lib/whereTree.ts): a filter reduced to what constrains, as Payload reads it.
 * Each filter the attacks used reduces to nothing (empty values for every operator among them), a
 * real filter keeps its meaning, and, over generated trees (degenerate ones and empty or blank
 * values included), the reduced tree selects the same records as the tree, holds no part that
 * constrains nothing, and reduces to itself.
 */
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import type { Where } from 'payload'
import * as qs from 'qs-esm'

import { namesIn, reduceWhere } from '@/lib/whereTree'

/** The `where` Payload's REST handlers see for a query string (createPayloadRequest's options). */
const parsed = (query: string): unknown =>
  (
    qs.parse(query, {
      allowEmptyArrays: true,
      arrayLimit: 1000,
      depth: 10,
      ignoreQueryPrefix: true,
    }) as { where: unknown }
  ).where

describe('filters that constrain nothing', () => {
  it.each([
    'where[]=',
    'where[0]=',
    'where[or][0]=',
    'where[and][0]=',
    'where[id]=',
    'where[name][like]=%20%20',
    'where[name][contains]=%20',
    'where[name][like]=',
    'where[AND][0]=&where[Or][1]=',
    'where[or][0][name][like]=%20&where[or][1][id][equals]=1',
    'where[and][0][or][0]=&where[and][1][id]=',
    'where[]=&where[]=',
    'where[lastName]=%20',
    // A condition whose value is empty or only whitespace, whatever its operator.
    ...[
      'equals',
      'not_equals',
      'in',
      'not_in',
      'all',
      'greater_than',
      'greater_than_equal',
      'less_than',
      'less_than_equal',
      'like',
      'not_like',
      'contains',
      'near',
    ].flatMap((operator) => [`where[id][${operator}]=`, `where[id][${operator}]=%20%09`]),
    'where[id][in][]=&where[id][in][]=%20',
    'where[id][in]=%20,%20',
    'where[id][not_in]=,',
    'where[or][0][id][not_equals]=&where[or][1][id][equals]=1',
    'where[and][0][id][equals]=&where[and][1][name][like]=',
  ])('%s (query string) reduces to nothing', (query) => {
    expect(reduceWhere(parsed(query))).toBeUndefined()
  })

  it.each<[string, unknown]>([
    ['{"id":{}}', { id: {} }],
    ['{"and":[{}]}', { and: [{}] }],
    ['{"OR":[]}', { OR: [] }],
    ['{}', {}],
    ['{"id":{"not_in":[]}}', { id: { not_in: [] } }],
    ['{"id":{"in":[""," "]}}', { id: { in: ['', ' '] } }],
    ['{"id":{"equals":"  ","like":""}}', { id: { equals: '  ', like: '' } }],
    ['an or holding a match of spaces', { or: [{ name: { like: '  ' } }, { id: { equals: 1 } }] }],
    ['an empty name', { '': { equals: 1 } }],
    ['a number, a boolean, null where operators belong', { a: 5, b: true, c: null }],
    ['nested empty lists', { and: [{ or: [] }, { AND: [{ oR: [{}] }] }] }],
    ['parts that are not objects', { and: ['', 1, null] }],
    ['a list at the top', ['']],
  ])('%s reduces to nothing', (_name, where) => {
    expect(reduceWhere(where)).toBeUndefined()
  })

  it('undefined is no filter', () => {
    expect(reduceWhere(undefined)).toBeUndefined()
  })
})

describe('filters that constrain', () => {
  it('keep their conditions, without the parts that constrain nothing', () => {
    expect(reduceWhere({ id: { equals: 1 } })).toEqual({ id: { equals: 1 } })
    expect(reduceWhere({ and: [{ id: { equals: 1 } }, {}] })).toEqual({ id: { equals: 1 } })
    expect(reduceWhere({ name: { equals: 'x', like: ' ' } })).toEqual({ name: { equals: 'x' } })
    expect(
      reduceWhere({ Or: [{ a: { equals: 1 } }, { b: { equals: 2 } }, { c: {} }], d: '' }),
    ).toEqual({ or: [{ a: { equals: 1 } }, { b: { equals: 2 } }] })
  })

  it('hold several lists and conditions of one object together (Payload kept only the last list)', () => {
    expect(
      reduceWhere({ and: [{ a: { equals: 1 } }], b: { equals: 2 }, or: [{ c: { equals: 3 } }] }),
    ).toEqual({ and: [{ a: { equals: 1 } }, { b: { equals: 2 } }, { c: { equals: 3 } }] })
  })

  it('keep a list without its empty items, and a condition beside an empty one', () => {
    expect(reduceWhere(parsed('where[id][in]=1,'))).toEqual({ id: { in: ['1'] } })
    expect(reduceWhere({ id: { not_in: ['', 2, ' '] } })).toEqual({ id: { not_in: [2] } })
    expect(reduceWhere({ id: { in: '1,2' } })).toEqual({ id: { in: '1,2' } })
    expect(reduceWhere(parsed('where[id][equals]=1&where[id][not_equals]='))).toEqual({
      id: { equals: '1' },
    })
  })

  it("keep server code's empty in list (it selects nothing) and what Payload refuses (for it to refuse)", () => {
    expect(reduceWhere({ id: { in: [] } })).toEqual({ id: { in: [] } })
    // Payload's parser makes this one too: the HTTP layer sends it as `where[id][in]=` (jsonWhere).
    expect(reduceWhere(parsed('where[id][in][]='))).toEqual({ id: { in: [] } })
    expect(reduceWhere({ deletedAt: { exists: '' } })).toEqual({ deletedAt: { exists: '' } })
    expect(reduceWhere(parsed('where[deletedAt][exists]=%20'))).toEqual({
      deletedAt: { exists: ' ' },
    })
    expect(reduceWhere({ lastName: 'Ames' })).toEqual({ lastName: 'Ames' })
    expect(reduceWhere({ id: { nope: 1 } })).toEqual({ id: { nope: 1 } })
    expect(reduceWhere({ and: { x: { equals: 1 } } })).toEqual({ and: { x: { equals: 1 } } })
  })

  it('keep a field named after an Object.prototype member a key of its own', () => {
    const where = JSON.parse('{"__proto__":{"equals":"x"},"id":{"equals":1}}')
    const reduced = reduceWhere(where) as { and: Where[] }
    expect(Object.keys(reduced.and[0])).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(reduced.and[0])).toBe(Object.prototype)
    expect(namesIn(where)).toEqual(['__proto__', 'equals', 'id', 'equals'])
  })
})

/** A record of the model: two text fields, either may be empty (null). */
type Row = { a: null | string; b: null | string }
const FIELDS = ['a', 'b'] as const
const TEXTS = ['Ann', 'Bo', 'ann', 'x', '']
const BLANKS = ['', ' ', '  ', '\t']

const isBlank = (value: unknown) => typeof value === 'string' && !value.trim()

/** Whether a row's field meets one operator, an empty value (a list's empty items) meaning no condition. */
const meets = (field: null | string, operator: string, operand: unknown): boolean => {
  if (isBlank(operand)) return true
  let items: unknown[] = []
  if (operator === 'in' || operator === 'not_in') {
    const all = typeof operand === 'string' ? operand.split(',') : (operand as unknown[])
    items = all.filter((item) => !isBlank(item))
    if (all.length && !items.length) return true
  }
  const text = String(operand)
  switch (operator) {
    case 'contains':
    case 'like':
      return (field ?? '').toLowerCase().includes(text.toLowerCase())
    case 'not_like':
      return !(field ?? '').toLowerCase().includes(text.toLowerCase())
    case 'equals':
      return field === operand
    case 'not_equals':
      return field !== operand
    case 'exists':
      return (field !== null) === operand
    case 'in':
      return items.includes(field)
    case 'not_in':
      return !items.includes(field)
    default:
      throw new Error(`no model of ${operator}`)
  }
}

/**
 * The intended meaning of a filter, evaluated on one row: undefined for a part Payload skips;
 * a condition whose value is empty or only whitespace, and a `not_in` of nothing, hold for every
 * row; several parts of one object hold together.
 */
const holds = (node: unknown, row: Row): boolean | undefined => {
  if (!node || typeof node !== 'object') return undefined
  const parts = Object.entries(node).flatMap(([key, value]): (boolean | undefined)[] => {
    if (!key) return []
    const combinator = key.toLowerCase()
    if ((combinator === 'and' || combinator === 'or') && Array.isArray(value)) {
      const items = value.map((item) => holds(item, row)).filter((item) => item !== undefined)
      if (!items.length) return [undefined]
      return [combinator === 'and' ? items.every(Boolean) : items.some(Boolean)]
    }
    if (!value || typeof value !== 'object' || !Object.keys(value).length) return [undefined]
    const field = row[key as keyof Row]
    return [Object.entries(value).every(([operator, operand]) => meets(field, operator, operand))]
  })
  const defined = parts.filter((part) => part !== undefined)
  return defined.length ? defined.every(Boolean) : undefined
}

/** A list's value: a list (empty items among them), or text Payload splits at commas. */
const listValue = fc.oneof(
  fc.subarray([...TEXTS, ...BLANKS]),
  fc.constantFrom(...BLANKS, 'Ann,', ' , Bo', 'x, ,Bo'),
)

/** What a field path maps to: operators (some of them matching anything), or nothing. */
const operators = fc.oneof(
  fc.record({ equals: fc.constantFrom(...TEXTS, ...BLANKS) }),
  fc.record({ not_equals: fc.constantFrom(...TEXTS, ...BLANKS) }),
  fc.record({ like: fc.constantFrom(...TEXTS, ...BLANKS) }),
  fc.record({ not_like: fc.constantFrom(...TEXTS, ...BLANKS) }),
  fc.record({ contains: fc.constantFrom(...TEXTS, ...BLANKS) }),
  fc.record({ in: listValue }),
  fc.record({ not_in: listValue }),
  fc.record({ exists: fc.boolean() }),
  fc.record({ equals: fc.constantFrom(...TEXTS), like: fc.constantFrom(...BLANKS) }),
  fc.constant({}),
  fc.constant(''),
)

/** Filter trees with degenerate parts: empty lists and objects, empty names, text for a part. */
const tree: fc.Arbitrary<unknown> = fc.letrec<{ list: unknown[]; node: unknown }>((tie) => ({
  list: fc.array(fc.oneof(tie('node'), fc.constant('')), { maxLength: 3 }),
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...FIELDS), operators)
        .map(([field, value]) => ({ [field]: value })),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('and', 'or', 'AND', 'Or'), tie('list'))
        .map(([combinator, items]) => ({ [combinator]: items })),
      weight: 2,
    },
    {
      // Several parts in one object: lists and conditions side by side, an empty name.
      arbitrary: fc.record(
        { a: operators, and: tie('list'), b: operators, or: tie('list'), '': operators },
        { requiredKeys: [] },
      ),
      weight: 1,
    },
    { arbitrary: fc.constantFrom({}, [], ''), weight: 1 },
  ),
})).node

const rows: Row[] = [null, ...TEXTS].flatMap((a) => [null, 'Bo', ' '].map((b) => ({ a, b })))

/** Whether a reduced tree still holds a part that constrains nothing. */
const degenerate = (node: unknown): boolean => {
  if (!node || typeof node !== 'object') return true
  const entries = Object.entries(node)
  if (!entries.length) return true
  return entries.some(([key, value]) => {
    if (!key) return true
    if (key === 'and' || key === 'or')
      return !Array.isArray(value) || value.length < 2 || value.some(degenerate)
    if (!value || typeof value !== 'object' || !Object.keys(value).length) return true
    return Object.entries(value).some(
      ([operator, operand]) =>
        (operator !== 'exists' && isBlank(operand)) ||
        (['in', 'not_in'].includes(operator) &&
          (typeof operand === 'string' ? operand.split(',') : (operand as unknown[])).some(
            isBlank,
          )) ||
        (operator === 'not_in' && !(operand as unknown[]).length),
    )
  })
}

describe('generated trees', () => {
  it('the reduced tree selects the same rows; nothing left means every row', () => {
    fc.assert(
      fc.property(tree, (where) => {
        const reduced = reduceWhere(where)
        for (const row of rows) {
          const before = holds(where, row) ?? true
          expect([row, reduced === undefined ? true : (holds(reduced, row) ?? true)]).toEqual([
            row,
            before,
          ])
        }
      }),
      { numRuns: 2000 },
    )
  })

  it('the reduced tree holds no part that constrains nothing, and reduces to itself', () => {
    fc.assert(
      fc.property(tree, (where) => {
        const reduced = reduceWhere(where)
        if (reduced === undefined) return
        expect(degenerate(reduced)).toBe(false)
        expect(reduceWhere(reduced)).toEqual(reduced)
      }),
      { numRuns: 2000 },
    )
  })

  it('a tree and its query-string form reduce alike', () => {
    fc.assert(
      fc.property(tree, (where) => {
        // An empty name is `where[]` there: a list, no longer a name (Payload refuses its parts).
        fc.pre(!namesIn(where).includes(''))
        const sent = parsed(qs.stringify({ where }))
        // The query string cannot carry an empty list: it drops it, and a condition with it.
        const carried = JSON.parse(JSON.stringify(where), dropEmptyLists)
        expect(reduceWhere(sent) === undefined).toBe(reduceWhere(carried) === undefined)
      }),
      { numRuns: 1000 },
    )
  })
})

/** JSON.parse reviver: what the query string cannot carry (empty lists) left out. */
function dropEmptyLists(_key: string, value: unknown) {
  return Array.isArray(value) && !value.length ? undefined : value
}
