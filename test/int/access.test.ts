import { beforeAll, describe, expect, it } from '@jest/globals'

import type { Principal, PrincipalName } from '../helpers/principals'
import { type TestService, useTestService } from '../helpers/service'

const context = useTestService({ principals: true })
let service: TestService
let who: Record<PrincipalName, Principal>

beforeAll(async () => {
  service = context.service
  who = context.who
})

type Op = 'create' | 'delete' | 'read' | 'update'
const callers: PrincipalName[] = ['staffAdmin', 'clientAdmin', 'staff', 'integrator', 'leadAgent', 'anonymous']

let serial = 0
const newUser = () => ({ email: `matrix-${++serial}@example.com`, password: 'matrix-password-123', role: 'staff' })
const newClient = () => ({ apiKey: `matrix-key-${++serial}`, enableAPIKey: true, name: `matrix ${serial}`, role: 'integrator' })

/** Performs `op` on `collection` as `caller` over HTTP; true when it was allowed. */
const attempt = async (collection: string, op: Op, caller: PrincipalName, data: () => object): Promise<boolean> => {
  const target = await service.payload.create({ collection: collection as 'users', data: data() as never })
  const json = { 'Content-Type': 'application/json', ...who[caller].headers }
  const requests: Record<Op, () => Promise<Response>> = {
    create: () => service.api(`/api/${collection}`, { body: JSON.stringify(data()), headers: json, method: 'POST' }),
    delete: () => service.api(`/api/${collection}/${target.id}`, { headers: json, method: 'DELETE' }),
    read: () => service.api(`/api/${collection}/${target.id}`, { headers: json }),
    update: () =>
      service.api(`/api/${collection}/${target.id}`, { body: JSON.stringify({ name: 'changed' }), headers: json, method: 'PATCH' }),
  }
  const response = await requests[op]()
  if (response.status >= 500) throw new Error(`${op} ${collection} as ${caller}: ${response.status}`)
  return response.ok
}

const matrix: Record<string, { data: () => object; allowed: Record<Op, PrincipalName[]> }> = {
  'api-clients': {
    allowed: {
      create: ['staffAdmin', 'clientAdmin'],
      delete: ['staffAdmin', 'clientAdmin'],
      read: ['staffAdmin', 'clientAdmin'],
      update: ['staffAdmin', 'clientAdmin'],
    },
    data: newClient,
  },
  users: {
    allowed: {
      create: ['staffAdmin', 'clientAdmin'],
      delete: ['staffAdmin', 'clientAdmin'],
      read: ['staffAdmin', 'clientAdmin'],
      update: ['staffAdmin', 'clientAdmin'],
    },
    data: newUser,
  },
}

describe.each(Object.entries(matrix))('%s access', (collection, { allowed, data }) => {
  for (const op of ['create', 'read', 'update', 'delete'] as Op[]) {
    it.each(callers)(`${op} as %s`, async (caller) => {
      expect(await attempt(collection, op, caller, data)).toBe(allowed[op].includes(caller))
    })
  }
})

describe('users: own account', () => {
  it('a staff user reads and edits their own account but cannot promote themselves', async () => {
    const id = who.staff.id
    const headers = { 'Content-Type': 'application/json', ...who.staff.headers }
    expect((await service.api(`/api/users/${id}`, { headers })).status).toBe(200)
    const response = await service.api(`/api/users/${id}`, {
      body: JSON.stringify({ name: 'Renamed', role: 'admin' }),
      headers,
      method: 'PATCH',
    })
    expect(response.status).toBe(200)
    const stored = await service.payload.findByID({ collection: 'users', id: id! })
    expect(stored).toMatchObject({ name: 'Renamed', role: 'staff' })
  })

  it('an API client can look itself up but no other client', async () => {
    const me = await service.api('/api/api-clients/me', { headers: who.integrator.headers })
    expect((await me.json()).user).toMatchObject({ id: who.integrator.id, role: 'integrator' })
    const list = await (await service.api('/api/api-clients', { headers: who.integrator.headers })).json()
    expect(list.docs.map((doc: { id: number }) => doc.id)).toEqual([who.integrator.id])
  })

  it('a staff user listing users sees only themselves', async () => {
    const response = await service.api('/api/users', { headers: who.staff.headers })
    const body = await response.json()
    expect(body.docs.map((doc: { id: number }) => doc.id)).toEqual([who.staff.id])
  })

  it('the admin UI is open to staff and closed to API clients', async () => {
    const access = async (headers: Record<string, string>) =>
      (await (await service.api('/api/access', { headers })).json()).canAccessAdmin
    expect(await access(who.staff.headers)).toBe(true)
    expect(await access(who.staffAdmin.headers)).toBe(true)
    // Payload omits the flag rather than sending false.
    expect(await access(who.clientAdmin.headers)).toBeFalsy()
  })
})
