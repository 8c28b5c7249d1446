/**
 * The append-only mechanism (hooks/appendOnly.ts), read from the built config as Payload runs it:
 * which collections declare it, and for each, its hook called as Payload calls it on an update:
 * every fixed field refused once set, whatever its type; a corrected field changed only with a
 * reason, kept with the old value; a caller's time past the skew refused, within it made now. No
 * database: the integration tests (consents, consumer requests, retention, compliance) prove the
 * same rules over HTTP.
 */
import { expect, it } from '@jest/globals'
import type {
  CollectionBeforeChangeHook,
  FlattenedField,
  PayloadRequest,
  SanitizedCollectionConfig,
} from 'payload'

import { appendOnlyOf, CLOCK_SKEW_MS, keepAppendOnly } from '../../hooks/appendOnly'

const config = await (await import('../../payload.config')).default
const collectionOf = (slug: string) => config.collections.find((c) => c.slug === slug)!

/** The compliance records the law wants a history of. */
const KEPT = [
  'adverse-action-notice',
  'consents',
  'consumer-requests',
  'do-not-contact',
  'legal-holds',
]

const staff = { collection: 'users', email: 'sam@example.com', id: 7, name: 'Sam' }
const req = { context: {}, payloadAPI: 'REST', user: staff } as unknown as PayloadRequest

type Args = Parameters<CollectionBeforeChangeHook>[0]

/** keepAppendOnly on an update of `originalDoc` with `data`: the data stored, or the paths refused. */
const update = (
  collection: SanitizedCollectionConfig,
  originalDoc: Record<string, unknown>,
  data: Record<string, unknown>,
) => {
  try {
    const stored = keepAppendOnly({
      collection,
      context: {},
      data: { ...originalDoc, ...data },
      operation: 'update',
      originalDoc,
      req,
    } as Args) as Record<string, unknown>
    return { stored }
  } catch (error) {
    const errors = (error as { data?: { errors?: { path: string }[] } }).data?.errors
    if (!errors) throw error
    return { refused: errors.map(({ path }) => path) }
  }
}

/** Two different values a field can hold. */
const twoValues = (field: FlattenedField): [unknown, unknown] => {
  switch (field.type) {
    case 'date':
      return ['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']
    case 'relationship':
    case 'upload':
      return [1, 2]
    case 'number':
      return [580, 851]
    case 'select': {
      const [a, b] = field.options.map((option) =>
        typeof option === 'string' ? option : option.value,
      )
      return [a, b]
    }
    case 'array':
      return [[{ factor: 'Too few accounts' }], [{ factor: 'Too many inquiries' }]]
    case 'json':
      return [{ kept: ['credit-app'] }, { kept: [] }]
    default:
      return ['as recorded', 'rewritten']
  }
}

const fieldOf = (collection: SanitizedCollectionConfig, name: string) =>
  collection.flattenedFields.find((field) => field.name === name)!

it('is declared by every compliance record that keeps a history, and by no other collection', () => {
  expect(
    config.collections
      .filter((collection) => appendOnlyOf(collection))
      .map(({ slug }) => slug)
      .sort(),
  ).toEqual(KEPT)
})

/** Each declared name with its collection, for one test a case. */
const cases = (which: 'corrections' | 'fields' | 'times') =>
  KEPT.flatMap((slug) => {
    const rules = appendOnlyOf(collectionOf(slug))!
    const names = which === 'times' ? rules.times.map(({ field }) => field) : rules[which]
    return names.map((name) => [slug, name] as const)
  })

/** A record made long ago and decided then, so no declared floor stands in the way. */
const made = { createdAt: '2000-01-01T00:00:00.000Z', decidedAt: '2000-01-01T00:00:00.000Z', id: 1 }

it.each(cases('fields'))(
  '%s: refuses a change of %s once set, and lets it be set once',
  (slug, name) => {
    const collection = collectionOf(slug)
    const [before, after] = twoValues(fieldOf(collection, name))
    expect(update(collection, { ...made, [name]: before }, { [name]: after })).toEqual({
      refused: [name],
    })
    expect(update(collection, { ...made, [name]: before }, { [name]: before })).toHaveProperty(
      'stored',
    )
    expect(update(collection, { ...made, [name]: null }, { [name]: before })).toHaveProperty(
      'stored',
    )
  },
)

it.each(cases('corrections'))(
  '%s: changes %s once set only through a correction with a reason, kept with the old value',
  (slug, name) => {
    const collection = collectionOf(slug)
    const original = { ...made, corrections: [], [name]: '2026-01-01T00:00:00.000Z' }
    const to = '2025-12-01T00:00:00.000Z'
    expect(update(collection, original, { [name]: to })).toEqual({ refused: [name] })
    const done = update(collection, original, {
      correctionReason: 'Typed the wrong month from the letter',
      [name]: to,
    })
    expect(done.stored?.correctionReason).toBeUndefined()
    expect(done.stored?.corrections).toEqual([
      {
        at: expect.any(String),
        by: 'Sam <sam@example.com>',
        byAccount: 'users:7',
        field: name,
        from: '2026-01-01T00:00:00.000Z',
        reason: 'Typed the wrong month from the letter',
        to,
      },
    ])
  },
)

it.each(cases('corrections'))(
  '%s: counts only the visible characters of a correction reason for %s',
  (slug, name) => {
    const collection = collectionOf(slug)
    const original = { ...made, corrections: [], [name]: '2026-01-01T00:00:00.000Z' }
    const to = '2025-12-01T00:00:00.000Z'
    for (const correctionReason of [
      '\u200b'.repeat(12),
      `${'\ufe0f'.repeat(6)}\u3164\u2800${'\u2060'.repeat(6)}`,
      'a\u200bb\u00adc \u034f d e f g\u202e',
      '  wrong   \u00a0 date  ',
    ])
      expect(update(collection, original, { correctionReason, [name]: to })).toEqual({
        refused: ['correctionReason'],
      })
    expect(
      update(collection, original, { correctionReason: 'Wrong day\u200b, see letter', [name]: to }),
    ).toHaveProperty('stored')
  },
)

it.each(cases('times'))(
  '%s: takes no %s more than the skew ahead; within it, stores now',
  (slug, name) => {
    const collection = collectionOf(slug)
    const ahead = new Date(Date.now() + CLOCK_SKEW_MS + 1000).toISOString()
    expect(update(collection, made, { [name]: ahead })).toEqual({ refused: [name] })
    const soon = new Date(Date.now() + 60_000).toISOString()
    const { stored } = update(collection, made, { [name]: soon })
    expect(Date.parse(String(stored?.[name]))).toBeLessThanOrEqual(Date.now())
  },
)

it('keeps a consent sealed: every update and delete is refused, with its own message', () => {
  expect(appendOnlyOf(collectionOf('consents'))?.sealed).toMatch(/^Consents are append-only/)
  expect(collectionOf('consents').hooks.beforeOperation.map((hook) => hook.name)).toContain(
    'refuseAppendOnlyChanges',
  )
})
