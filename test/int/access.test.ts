import { beforeAll, describe, expect, it } from '@jest/globals'

import { attempt, CALLERS, type Op, OPS } from '../helpers/attempt'
import type { Principal, PrincipalName } from '../helpers/principals'
import { type TestService, useTestService } from '../helpers/service'

const context = useTestService({ principals: true })
let service: TestService
let who: Record<PrincipalName, Principal>

beforeAll(async () => {
  service = context.service
  who = context.who
})

let serial = 0
const newUser = () => ({ email: `matrix-${++serial}@example.com`, password: 'matrix-password-123', role: 'staff' })
const newClient = () => ({ apiKey: `matrix-key-${++serial}`, enableAPIKey: true, name: `matrix ${serial}`, role: 'integrator' })

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
  for (const op of OPS) {
    it.each(CALLERS)(`${op} as %s`, async (caller) => {
      expect(await attempt(service, who, { caller, collection, data, op })).toBe(allowed[op].includes(caller))
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
