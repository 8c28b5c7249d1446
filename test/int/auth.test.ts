import { describe, expect, it } from '@jest/globals'

import { signInOverRest } from '../helpers/restSignIn'
import { useTestService } from '../helpers/service'

const context = useTestService({ principals: true })

const get = (path: string, headers: Record<string, string>) =>
  context.service.api(path, { headers })
const UNAUTHORIZED = { errors: [{ message: 'Unauthorized' }] }

describe('credentials on /api', () => {
  it('a known API key authenticates its client', async () => {
    const response = await get('/api/api-clients/me', context.who.clientAdmin.headers)
    expect(response.status).toBe(200)
    expect((await response.json()).user).toMatchObject({
      id: context.who.clientAdmin.id,
      role: 'admin',
    })
  })

  it('the bare key, as the interface shows the header, is accepted too', async () => {
    const response = await get('/api/users', { Authorization: context.who.clientAdmin.key! })
    expect(response.status).toBe(200)
  })

  it.each([
    [
      'an unknown key',
      'api-clients API-Key 0000000000000000000000000000000000000000000000000000000000000000',
    ],
    ['a bare unknown key', 'not-a-key-we-issued'],
    ['a key for a collection that has none', 'users API-Key abc'],
    ['a malformed scheme', 'Basic dXNlcjpwYXNz'],
    ['a forged JWT', 'JWT eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJl'],
    ['an empty value', ''],
  ])(
    '%s is refused with 401 instead of being treated as anonymous',
    async (_label, authorization) => {
      const response = await get('/api/errors-do-not-matter', { Authorization: authorization })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual(UNAUTHORIZED)
    },
  )

  it('a disabled client is refused with 401 although its key is known', async () => {
    const response = await get('/api/users', context.who.disabledClient.headers)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual(UNAUTHORIZED)
  })

  it('no Authorization header leaves the request anonymous: protected data is refused with 401', async () => {
    const response = await get('/api/users', {})
    expect(response.status).toBe(401)
  })

  it('a staff session token authenticates its user', async () => {
    const response = await get('/api/users/me', context.who.staff.headers)
    expect((await response.json()).user).toMatchObject({ id: context.who.staff.id, role: 'staff' })
  })

  it('staff log in with e-mail and password and get a session cookie', async () => {
    await context.service.payload.create({
      collection: 'users',
      data: { email: 'login.check@example.com', password: 'a-long-password-1', role: 'staff' },
    })
    const response = await signInOverRest(context.service, {
      email: 'login.check@example.com',
      password: 'a-long-password-1',
    })
    expect(response.status).toBe(200)
    expect(response.headers['set-cookie']).toMatch(/payload-token=.+HttpOnly/i)
    const wrong = await context.service.api('/api/users/login', {
      body: JSON.stringify({ email: 'login.check@example.com', password: 'wrong' }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    expect(wrong.status).toBe(401)
  })

  it('API clients cannot log in with a password', async () => {
    const response = await context.service.api('/api/api-clients/login', {
      body: JSON.stringify({ email: 'x@example.com', password: 'whatever-password' }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
  })
})
