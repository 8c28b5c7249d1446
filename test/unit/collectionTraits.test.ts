/**
 * What each collection declares (Payload's `trash`, `enableQueryPresets`, `versions`, and the
 * service's traits under `custom`, plugins/commerce/traits.ts) against its row of
 * access/policy.ts: a collection added or changed in one place and not the other fails here,
 * instead of silently giving dealers nothing, or everything. No database: building the config
 * connects to nothing.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { FlattenedField, SanitizedCollectionConfig } from 'payload'

import { COLLECTION_POLICY, dealerCell, POLICY_ROLES, type PolicyRole } from '../../access/policy'
import { TRAITS } from '../../plugins/commerce/traits'
import { EVENT_TYPES, type EventType } from '../../src/webhooks/events'

/** Small dealer letters that are the collection's own rule, not a company's records. */
const OWN_RULE: Record<string, string> = { users: "a dealer's own account" }

let collections: SanitizedCollectionConfig[] = []

beforeAll(async () => {
  const config = await (await import('../../payload.config')).default
  // Payload's own collections (jobs, preferences, saved views…) declare nothing of ours.
  collections = config.collections.filter(({ slug }) => !slug.startsWith('payload-'))
})

const rowOf = (slug: string) => COLLECTION_POLICY[slug as keyof typeof COLLECTION_POLICY]

/** The roles whose cell has `letter` (capital: every record; small: some). */
const rolesWith = (slug: string, letter: string): PolicyRole[] =>
  POLICY_ROLES.filter((role) => rowOf(slug)[role].includes(letter))

/** The slugs of the collections for which `check` names a problem, with it. */
const failing = (check: (collection: SanitizedCollectionConfig) => string | undefined) =>
  collections.flatMap((collection) => {
    const problem = check(collection)
    return problem ? [`${collection.slug}: ${problem}`] : []
  })

/** The field at a dotted path (`dealer.location`), through groups. */
const fieldAt = (fields: FlattenedField[], path: string): FlattenedField | undefined => {
  const [name, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === name)
  if (!rest.length || !field) return field
  return 'flattenedFields' in field ? fieldAt(field.flattenedFields, rest.join('.')) : undefined
}

describe('collection traits', () => {
  it('are only the known ones', () => {
    expect(
      failing(({ custom }) => {
        const unknown = Object.keys(custom ?? {}).filter(
          (key) => !(TRAITS as readonly string[]).includes(key),
        )
        return unknown.length ? `unknown custom.${unknown.join(', custom.')}` : undefined
      }),
    ).toEqual([])
  })

  it('give a dealer scope exactly where the dealer column has small letters', () => {
    expect(
      failing(({ custom, slug }) => {
        const { scoped } = dealerCell(slug as keyof typeof COLLECTION_POLICY)
        const declared = Boolean(custom?.dealerScope)
        if (scoped.length && !declared && !OWN_RULE[slug])
          return `dealers reach some records (${scoped.join(', ')}): declare custom.dealerScope`
        if (declared && !scoped.length)
          return 'custom.dealerScope, but the dealer column has no small letters'
        return undefined
      }),
    ).toEqual([])
  })

  it("name a dealer scope's fields as the collection has them", () => {
    expect(
      failing(({ custom, flattenedFields }) => {
        const scope = custom?.dealerScope
        if (!scope) return undefined
        const needs: [string, string][] = [
          ...(scope.location ? [[scope.location, 'location'] as [string, string]] : []),
          ...(scope.lead ? [[scope.lead, 'lead'] as [string, string]] : []),
        ]
        const wrong = needs.filter(([path, relationTo]) => {
          const field = fieldAt(flattenedFields, path)
          return !field || !('relationTo' in field) || field.relationTo !== relationTo
        })
        return wrong.length
          ? `no relationship ${wrong.map(([path, to]) => `${path} → ${to}`).join(', ')}`
          : undefined
      }),
    ).toEqual([])
  })

  it('move to the trash only what admins may delete for good', () => {
    expect(
      failing(({ slug, trash }) => {
        if (!trash) return undefined
        const missing = (['staffAdmin', 'adminKey'] as const).filter(
          (role) => !rowOf(slug)[role].includes('D'),
        )
        return missing.length ? `trash: true, but no D for ${missing.join(', ')}` : undefined
      }),
    ).toEqual([])
  })

  it('keep records as they happened where nobody deletes them, nor changes a sealed one', () => {
    expect(
      failing(({ custom, slug }) => {
        const rules = custom?.appendOnly
        if (!rules) return undefined
        const deleting = [...rolesWith(slug, 'D'), ...rolesWith(slug, 'd')]
        if (deleting.length) return `custom.appendOnly, but ${deleting.join(', ')} may delete`
        const updating = [...rolesWith(slug, 'U'), ...rolesWith(slug, 'u')]
        if (rules.sealed && updating.length) return `sealed, but ${updating.join(', ')} may update`
        return undefined
      }),
    ).toEqual([])
  })

  it('offer saved views and history to staff who read the records', () => {
    expect(
      failing(({ enableQueryPresets, slug, versions }) => {
        const readers = rolesWith(slug, 'R')
        const unread = (['staffAdmin', 'staff'] as const).filter((role) => !readers.includes(role))
        if ((enableQueryPresets || versions) && unread.length)
          return `${enableQueryPresets ? 'saved views' : 'versions'}, but no R for ${unread.join(', ')}`
        // A restore is an update: staff admins restore versions (src/fields/history.ts).
        if (versions && !rowOf(slug).staffAdmin.includes('U'))
          return 'versions, but staff admins may not update (restore)'
        return undefined
      }),
    ).toEqual([])
  })

  // Hidden encrypted fields are secrets their own code keeps (webhook secrets, second factors);
  // an encrypted field callers read is credit data (src/creditData/fields.ts).
  it('mark as credit data every collection with encrypted fields callers read', () => {
    expect(
      failing(({ custom, flattenedFields }) => {
        const names = flattenedFields
          .filter((field) => field.custom?.encrypted && !('hidden' in field && field.hidden))
          .map((field) => field.name)
        return names.length && !custom?.creditData
          ? `encrypted ${names.join(', ')}: declare custom.creditData`
          : undefined
      }),
    ).toEqual([])
  })

  it('announce every webhook event from exactly one collection', () => {
    const declaring = (type: EventType) =>
      collections
        .filter(({ custom }) => Object.values(custom?.webhookEvents ?? {}).includes(type))
        .map(({ slug }) => slug)
    // The submission status is credit apps' own announcement (src/webhooks/outbox.ts).
    const declared = EVENT_TYPES.filter((type) => type !== 'credit_app.submission_status_changed')
    expect(
      declared.flatMap((type) =>
        declaring(type).length === 1 ? [] : [`${type}: ${declaring(type).join(', ') || 'none'}`],
      ),
    ).toEqual([])
  })
})
