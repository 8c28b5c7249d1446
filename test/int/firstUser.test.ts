/** An empty database: the admin UI's "create first user" makes an admin, and only once. */
import { describe, expect, it } from '@jest/globals'

import { sendJson } from '../helpers/http'
import { useTestService } from '../helpers/service'

const context = useTestService()

describe('POST /api/users/first-register', () => {
  it('the first account is an admin even though the form sends no role', async () => {
    const response = await sendJson(context.service, 'POST', '/api/users/first-register', {
      body: { email: 'founder@example.com', password: 'founder-password-1' },
    })
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ email: 'founder@example.com', role: 'admin' })
    // An admin signs in with a second factor: the sign-up's session is withdrawn, and the first
    // sign-in sets the factor up.
    const session = await sendJson(context.service, 'GET', '/api/users/me', {
      headers: { Authorization: `JWT ${response.body.token}` },
    })
    expect(session.status).toBe(401)
    const signIn = await sendJson(context.service, 'POST', '/api/users/login', {
      body: { email: 'founder@example.com', password: 'founder-password-1' },
    })
    expect(signIn.body.errors[0].data.mfa).toBe('enrol')
  })

  it('is closed once a user exists', async () => {
    const response = await sendJson(context.service, 'POST', '/api/users/first-register', {
      body: { email: 'intruder@example.com', password: 'intruder-password-1', role: 'admin' },
    })
    expect(response.status).toBe(403)
    expect((await context.service.payload.count({ collection: 'users' })).totalDocs).toBe(1)
  })
})
