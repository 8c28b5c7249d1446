/**
 * The policy table (access/policy.ts) against the built config: every collection, global and
 * custom endpoint has its row, every row names every role, and each collection's and global's
 * access functions answer, for a caller of each role, exactly what the row says (a capital letter:
 * every record; a small one: a filter; none: refused). The roles table of docs/access.md is the one the
 * table prints. No database: building the config connects to nothing.
 */
import { readFileSync } from 'node:fs'

import { beforeAll, describe, expect, it } from '@jest/globals'
import type { Access, PayloadRequest, SanitizedConfig } from 'payload'

import {
  COLLECTION_POLICY,
  ENDPOINT_POLICY,
  GLOBAL_POLICY,
  POLICY_ROLES,
  type PolicyRole,
  policyTable,
} from '../../access/policy'

const CALLERS: Record<PolicyRole, null | Record<string, unknown>> = {
  adminKey: { collection: 'api-clients', enabled: true, id: 4, role: 'admin' },
  anonymous: null,
  compliance: { collection: 'users', id: 7, role: 'compliance' },
  dealer: { collection: 'users', company: 'com_policy', id: 3, role: 'dealer' },
  integrator: { collection: 'api-clients', enabled: true, id: 5, role: 'integrator' },
  leadAgent: { collection: 'api-clients', enabled: true, id: 6, role: 'lead-agent' },
  leadSource: { collection: 'api-clients', enabled: true, id: 8, role: 'lead-source' },
  staff: { collection: 'users', id: 2, role: 'staff' },
  staffAdmin: { collection: 'users', id: 1, role: 'admin' },
}

const LETTERS = { create: 'C', delete: 'D', read: 'R', update: 'U' } as const

/** What an access function answers a caller, as a cell letter: capital, small or none. */
const letterOf = async (
  access: Access | undefined,
  op: keyof typeof LETTERS,
  user: PolicyRole,
): Promise<string> => {
  if (!access) return '?'
  // Saved views read the caller's views to filter on them: none here.
  const payload = { find: async () => ({ docs: [], totalDocs: 0 }) }
  const req = { context: {}, headers: new Headers(), payload, query: {}, user: CALLERS[user] }
  // A delete is asked as Payload asks it for a move to the trash (src/trash): what DELETE does.
  const data = op === 'delete' ? { deletedAt: new Date().toISOString() } : undefined
  const answer = await access({ data, req: req as unknown as PayloadRequest })
  if (answer === true) return LETTERS[op]
  return answer ? LETTERS[op].toLowerCase() : ''
}

/** Payload's own routes of a collection or global; every other endpoint is ours. */
const PAYLOAD_ROUTES = new Set([
  'delete /',
  'delete /:id',
  'get /',
  'get /:id',
  'get /count',
  'get /init',
  'get /me',
  'get /versions',
  'get /versions/:id',
  'patch /',
  'patch /:id',
  'post /',
  'post /:id/duplicate',
  'post /access',
  'post /access/:id?',
  'post /first-register',
  'post /forgot-password',
  'post /login',
  'post /logout',
  'post /refresh-token',
  'post /reset-password',
  'post /unlock',
  'post /verify/:id',
  'post /versions',
  'post /versions/:id',
  'get /:key',
  'post /:key',
  'delete /:key',
  'get /file/:filename',
  'get /paste-url/:id?',
])

let config: SanitizedConfig

beforeAll(async () => {
  config = await (await import('../../payload.config')).default
})

describe('the policy table', () => {
  it('has a row for every collection and global of the built config, and no other', () => {
    expect(Object.keys(COLLECTION_POLICY).sort()).toEqual(
      config.collections.map(({ slug }) => slug).sort(),
    )
    expect(Object.keys(GLOBAL_POLICY).sort()).toEqual(config.globals.map(({ slug }) => slug).sort())
  })

  it('names every role in every row', () => {
    for (const [slug, row] of [
      ...Object.entries(COLLECTION_POLICY),
      ...Object.entries(GLOBAL_POLICY),
    ])
      for (const role of POLICY_ROLES)
        expect({ role, slug, typed: typeof row[role] }).toEqual({ role, slug, typed: 'string' })
  })

  it('has an entry for every custom endpoint', () => {
    const custom = [
      ...config.endpoints.map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`),
      ...[...config.collections, ...config.globals].flatMap(({ endpoints, slug }) =>
        (endpoints || [])
          .filter(({ method, path }) => !PAYLOAD_ROUTES.has(`${method} ${path}`))
          .map(({ method, path }) => `${slug} ${method.toUpperCase()} ${path}`),
      ),
    ]
    const missing = custom.filter(
      (key) =>
        !(key in ENDPOINT_POLICY) && !(`* ${key.split(' ').slice(1).join(' ')}` in ENDPOINT_POLICY),
    )
    expect(missing).toEqual([])
  })

  it("answers, for each collection and role, what the row says (REST's own are 404 for all)", async () => {
    const differences: string[] = []
    for (const collection of config.collections) {
      const row = COLLECTION_POLICY[collection.slug]
      for (const role of POLICY_ROLES) {
        let cell = ''
        for (const op of ['create', 'read', 'update', 'delete'] as const)
          cell += await letterOf(collection.access[op], op, role)
        if (cell !== row[role])
          differences.push(`${collection.slug} ${role}: ${cell} ≠ ${row[role]}`)
      }
    }
    expect(differences).toEqual([])
  })

  it('answers, for each global and role, what the row says', async () => {
    const differences: string[] = []
    for (const global of config.globals) {
      const row = GLOBAL_POLICY[global.slug]
      for (const role of POLICY_ROLES) {
        let cell = ''
        for (const op of ['read', 'update'] as const)
          cell += await letterOf(global.access[op], op, role)
        if (cell !== row[role]) differences.push(`${global.slug} ${role}: ${cell} ≠ ${row[role]}`)
      }
    }
    expect(differences).toEqual([])
  })

  it('is the roles table docs/access.md shows', () => {
    const page = readFileSync(new URL('../../docs/access.md', import.meta.url), 'utf8')
    expect(page).toContain(policyTable())
  })
})
