import { describe, expect, it } from '@jest/globals'

import { attempt, CALLERS, type Op, OPS } from '../helpers/attempt'
import type { PrincipalName } from '../helpers/principals'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true })

let serial = 0
const newUser = () => ({
  email: `matrix-${++serial}@example.com`,
  password: 'matrix-password-123',
  role: 'staff',
})
const newClient = () => ({
  apiKey: `matrix-key-${++serial}`,
  enableAPIKey: true,
  name: `matrix ${serial}`,
  role: 'integrator',
})

/** On another's account, only admins (staff admins and admin clients) may do anything. */
const ADMINS: PrincipalName[] = ['staffAdmin', 'clientAdmin']
const adminsOnly: Record<Op, PrincipalName[]> = {
  create: ADMINS,
  delete: ADMINS,
  read: ADMINS,
  update: ADMINS,
}

const matrix: Record<string, { data: () => object; allowed: Record<Op, PrincipalName[]> }> = {
  'api-clients': { allowed: adminsOnly, data: newClient },
  // Colleagues read each other's name and title (access/colleagues.ts; test/int/staffNames.test.ts).
  users: { allowed: { ...adminsOnly, read: [...ADMINS, 'staff'] }, data: newUser },
}

describe.each(Object.entries(matrix))('%s access', (collection, { allowed, data }) => {
  for (const op of OPS) {
    it.each(CALLERS)(`${op} as %s`, async (caller) => {
      expect(await attempt(context.service, context.who, { caller, collection, data, op })).toBe(
        allowed[op].includes(caller),
      )
    })
  }
})

describe('users: own account', () => {
  it('a staff user reads and edits their own account but cannot promote themselves', async () => {
    const id = context.who.staff.id
    const headers = { 'Content-Type': 'application/json', ...context.who.staff.headers }
    expect((await context.service.api(`/api/users/${id}`, { headers })).status).toBe(200)
    const response = await context.service.api(`/api/users/${id}`, {
      body: JSON.stringify({ name: 'Renamed', role: 'admin' }),
      headers,
      method: 'PATCH',
    })
    expect(response.status).toBe(200)
    const stored = await context.service.payload.findByID({ collection: 'users', id: id! })
    expect(stored).toMatchObject({ name: 'Renamed', role: 'staff' })
  })

  it('an API client can look itself up but no other client', async () => {
    const me = await context.service.api('/api/api-clients/me', {
      headers: context.who.integrator.headers,
    })
    expect((await me.json()).user).toMatchObject({
      id: context.who.integrator.id,
      role: 'integrator',
    })
    const list = await (
      await context.service.api('/api/api-clients', { headers: context.who.integrator.headers })
    ).json()
    expect(list.docs.map((doc: { id: number }) => doc.id)).toEqual([context.who.integrator.id])
  })

  it('a staff user listing users sees their own account, and only the names of others', async () => {
    const response = await context.service.api('/api/users?limit=1000', {
      headers: context.who.staff.headers,
    })
    const body = await response.json()
    const docs = body.docs as { email?: string; id: number; title?: string }[]
    expect(docs.find((doc) => doc.id === context.who.staff.id)).toHaveProperty('email')
    const others = docs.filter((doc) => doc.id !== context.who.staff.id)
    expect(others.length).toBeGreaterThan(0)
    for (const doc of others) {
      expect(doc).not.toHaveProperty('email')
      expect(doc.title).toEqual(expect.any(String))
    }
  })

  it('the admin UI is open to staff and closed to API clients', async () => {
    const access = async (headers: Record<string, string>) =>
      (await (await context.service.api('/api/access', { headers })).json()).canAccessAdmin
    expect(await access(context.who.staff.headers)).toBe(true)
    expect(await access(context.who.staffAdmin.headers)).toBe(true)
    // Payload omits the flag rather than sending false.
    expect(await access(context.who.clientAdmin.headers)).toBeFalsy()
  })
})
