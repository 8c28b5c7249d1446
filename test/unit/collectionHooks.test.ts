/**
 * Which hooks run on each collection, by stage: the shared ones plugins/commerce adds to every
 * collection (`withSharedHooks`) and the collection's own. Prints the list from the built config
 * (no database: building the config connects to nothing) and checks it against "Hooks on each
 * collection" in docs/collections.md, so a reader of one collection can trust that section.
 */
import { readFileSync } from 'node:fs'

import { describe, expect, it } from '@jest/globals'
import type { SanitizedCollectionConfig } from 'payload'

type Stages = Record<string, string[]>

/** Payload's order of a write's and a read's stages, for printing. */
const LIFECYCLE = [
  'beforeOperation',
  'beforeValidate',
  'beforeChange',
  'afterChange',
  'beforeRead',
  'afterRead',
  'beforeDelete',
  'afterDelete',
  'beforeLogin',
  'afterLogin',
  'afterError',
]

const byLifecycle = (stages: Stages): Stages =>
  Object.fromEntries(
    Object.entries(stages).sort(
      ([a], [b]) =>
        (LIFECYCLE.indexOf(a) + 1 || LIFECYCLE.length + 1) -
        (LIFECYCLE.indexOf(b) + 1 || LIFECYCLE.length + 1),
    ),
  )

/** The hooks that run on a collection, by stage, by function name; stages without any left out. */
const hooksOf = (collection: SanitizedCollectionConfig): Stages =>
  byLifecycle(
    Object.fromEntries(
      Object.entries(collection.hooks)
        .filter(([, hooks]) => Array.isArray(hooks) && hooks.length > 0)
        .map(([stage, hooks]: [string, { name: string }[]]) => [
          stage,
          hooks.map((hook) => hook.name),
        ]),
    ),
  )

/** The section of docs/collections.md, its two tables read row by row. */
const docsSection = (): { own: Map<string, Stages>; shared: Map<string, string[]> } => {
  const page = readFileSync(new URL('../../docs/collections.md', import.meta.url), 'utf8')
  const start = page.indexOf('\n## Hooks on each collection\n')
  expect(start).toBeGreaterThan(-1)
  const end = page.indexOf('\n## ', start + 1)
  const section = page.slice(start, end === -1 ? undefined : end)
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1])
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `') || line.startsWith('| any other stage'))
    .map((line) => line.split('|').slice(1, -1))
  const shared = new Map<string, string[]>()
  const own = new Map<string, Stages>()
  for (const cells of rows) {
    if (cells.length === 2) {
      const [stage] = names(cells[0])
      // "own" is a plain word among the code-quoted names: keep the order of the cell.
      const order = cells[1].split(',').map((item) => item.trim().replace(/`/g, ''))
      shared.set(stage ?? '*', order)
    } else {
      const [stage] = names(cells[1])
      for (const slug of names(cells[0])) {
        const stages = own.get(slug) ?? {}
        stages[stage] = names(cells[2])
        own.set(slug, stages)
      }
    }
  }
  return { own, shared }
}

/** What docs/collections.md says runs on a collection: the shared hooks of each stage around its own. */
const documented = (slug: string, { own, shared }: ReturnType<typeof docsSection>): Stages => {
  const ownStages = own.get(slug) ?? {}
  const stages = new Set([...shared.keys(), ...Object.keys(ownStages)])
  stages.delete('*')
  return byLifecycle(
    Object.fromEntries(
      [...stages]
        .map((stage): [string, string[]] => [
          stage,
          (shared.get(stage) ?? shared.get('*') ?? ['own']).flatMap((name) =>
            name === 'own' ? (ownStages[stage] ?? []) : [name],
          ),
        ])
        .filter(([, hooks]) => hooks.length > 0),
    ),
  )
}

describe('hooks on each collection', () => {
  it('are the ones docs/collections.md lists, shared and own, by stage', async () => {
    const config = await (await import('../../payload.config')).default
    // Payload's internal collections (jobs, preferences, migrations…) are Payload's business.
    const collections = config.collections.filter(({ slug }) => !slug.startsWith('payload-'))
    const actual = Object.fromEntries(collections.map((c) => [c.slug, hooksOf(c)]))
    console.log(
      Object.entries(actual)
        .map(
          ([slug, stages]) =>
            `${slug}\n${Object.entries(stages)
              .map(([stage, hooks]) => `  ${stage}: ${hooks.join(', ')}`)
              .join('\n')}`,
        )
        .join('\n'),
    )

    const docs = docsSection()
    expect(docs.shared.get('beforeOperation')).toEqual([
      'accessFirst',
      'noSensitiveQueries',
      'validFilters',
      'reduceFilters',
      'limitTrashToStaff',
      'noNullGroups',
      'noChosenIds',
      'checkIfMatch',
      'own',
    ])
    // Every collection the page names exists, and every collection runs what it says.
    expect([...docs.own.keys()].filter((slug) => !(slug in actual))).toEqual([])
    expect(actual).toEqual(
      Object.fromEntries(collections.map(({ slug }) => [slug, documented(slug, docs)])),
    )
    // A few spelled out, as a reader of one collection would read them.
    expect(actual['credit-app']).toEqual({
      beforeOperation: [
        'accessFirst',
        'noSensitiveQueries',
        'validFilters',
        'reduceFilters',
        'limitTrashToStaff',
        'noNullGroups',
        'noChosenIds',
        'checkIfMatch',
        'restoreByStaffAdmins',
        'searchPhoneKeys',
      ],
      beforeValidate: ['serverTimestamps', 'valueTypes', 'keepInCompany', 'relationsExist'],
      beforeChange: [
        'screenCreditApp',
        'markForProvider',
        'encryptSensitive',
        'stampDealership',
        'trashOnlyUnreferenced',
      ],
      afterChange: [
        'auditChange',
        'queueForProvider',
        'noteAdverseAction',
        'trimHistory',
        'recordWebhookEvents',
        'markIdempotentCreate',
        'sendBatchedWrites',
      ],
      beforeDelete: ['stillReferenced'],
      afterDelete: ['auditDelete'],
    })
    expect(actual.city).toEqual({
      beforeOperation: [
        'accessFirst',
        'noSensitiveQueries',
        'validFilters',
        'reduceFilters',
        'limitTrashToStaff',
        'noNullGroups',
        'noChosenIds',
        'checkIfMatch',
      ],
      beforeValidate: ['serverTimestamps', 'valueTypes', 'relationsExist'],
      beforeChange: ['trashOnlyUnreferenced'],
      afterChange: ['recordWebhookEvents', 'markIdempotentCreate', 'sendBatchedWrites'],
      beforeDelete: ['stillReferenced'],
    })
    expect(actual.location.beforeChange).toEqual([
      'composeAddress',
      'rotaWorksAt',
      'trashOnlyUnreferenced',
    ])
    expect(actual.users.beforeLogin).toEqual(['requireSecondFactor'])
  })
})
