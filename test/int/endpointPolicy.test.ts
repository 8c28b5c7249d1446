/**
 * The custom endpoints' row of the access policy (access/policy.ts, ENDPOINT_POLICY) holds for
 * every caller, whatever the handler checks: each endpoint the table gives to a role set is
 * called by one caller of every role, over HTTP. A caller outside the set is refused (403, in
 * the envelope of the path), before the handler reads an id or a body; a caller inside it gets
 * past the gate (whatever the handler then answers for an id that does not exist).
 */
import { beforeAll, describe, expect, it } from '@jest/globals'

import { ENDPOINT_POLICY, ROLE_SETS, type RoleSet } from '../../access/policy'
import { checkRole } from '../../access/roles'
import { sendJson } from '../helpers/http'
import { apiClient, type Principal, staffUser } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true, seed: true })

type Caller = Principal & { user: { collection: string; enabled?: boolean; role: string } }
const callers: Record<string, Caller> = {}

const staff = async (role: 'admin' | 'compliance' | 'dealer' | 'staff') => {
  const company =
    role === 'dealer'
      ? (await context.service.payload.find({ collection: 'company', limit: 1 })).docs[0]?.id
      : undefined
  return {
    ...(await staffUser(context.service.payload, role, company)),
    user: { collection: 'users', role },
  }
}
const key = async (role: 'admin' | 'integrator' | 'lead-agent' | 'lead-source') => ({
  ...(await apiClient(context.service.payload, role)),
  user: { collection: 'api-clients', enabled: true, role },
})

beforeAll(async () => {
  for (const role of ['admin', 'staff', 'dealer', 'compliance'] as const)
    callers[`staff ${role}`] = await staff(role)
  for (const role of ['admin', 'integrator', 'lead-agent', 'lead-source'] as const)
    callers[`${role} key`] = await key(role)
})

/** Each endpoint given to a role set, as a method and a path with made-up ids. */
const GATED = Object.entries(ENDPOINT_POLICY)
  .filter((entry): entry is [string, RoleSet] => entry[1] in ROLE_SETS)
  .map(([route, set]) => {
    const parts = route.split(' ')
    const [slug, method, path] = parts.length === 3 ? parts : ['', ...parts]
    const filled = path
      .replace(':vin', '1HGCM82633A004352')
      .replace(/:\w+\??/g, '999999')
      .replace(/\/$/, '')
    return { method, path: `/api${slug ? `/${slug}` : ''}${filled}`, route, set }
  })

describe('every endpoint the policy gives to a role set', () => {
  it('has some', () => expect(GATED.length).toBeGreaterThan(20))

  it.each(GATED)(
    '$route ($set): refused to every caller outside the set, not to those in it',
    async ({ method, path, set }) => {
      for (const [name, caller] of Object.entries(callers)) {
        const answer = await sendJson(context.service, method, path, {
          body: method === 'GET' ? undefined : {},
          headers: caller.headers,
        })
        const allowed = checkRole(caller.user as never, ROLE_SETS[set])
        if (allowed) expect({ name, status: answer.status }).not.toEqual({ name, status: 403 })
        else expect({ name, status: answer.status }).toEqual({ name, status: 403 })
        expect({ name, status: answer.status }).not.toEqual({ name, status: 401 })
      }
    },
  )
})
