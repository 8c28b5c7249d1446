/**
 * A request's credential is looked up once (src/auth/resolvedCredential.ts): the credential
 * gate's finding answers Payload's own authentication of the same request, keeps what Payload's
 * strategy said (its name), and is never another request's.
 */
import { describe, expect, it } from '@jest/globals'

import { RESOLVED_CREDENTIAL } from '@/auth/resolvedCredential'

import { sendJson } from '../helpers/http'
import { staffUser } from '../helpers/principals'
import { signInOverRest } from '../helpers/restSignIn'
import { useTestService } from '../helpers/service'
import { countStatements, statementKind } from '../helpers/statements'

const ctx = useTestService({ principals: true })
const counted = countStatements(ctx)

/** The users' rows read by `path` (each a lookup of the caller, or an embedded user). */
const userReads = async (path: string, headers: Record<string, string>) => {
  counted.sent.length = 0
  const answer = await sendJson(ctx.service, 'GET', path, { headers })
  return {
    answer,
    reads: counted.sent.filter((text) => statementKind(text) === 'select users').length,
  }
}

describe('the credential, found once per request', () => {
  it('is the first strategy Payload asks', () => {
    expect(ctx.service.payload.authStrategies[0]?.name).toBe(RESOLVED_CREDENTIAL)
  })

  it('a staff token: the user is read once, not once by the gate and again by Payload', async () => {
    const { answer, reads } = await userReads('/api/lead?limit=1&depth=0', ctx.who.staff.headers)
    expect(answer.status).toBe(200)
    expect(reads).toBe(1)
  })

  it("Payload's answer about the caller is the same: who, and by which strategy", async () => {
    const { answer } = await userReads('/api/users/me', ctx.who.staff.headers)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      strategy: 'local-jwt',
      user: { id: ctx.who.staff.id, role: 'staff' },
    })
  })

  it('an ended session is refused on its next request: nothing is kept past a request', async () => {
    const person = await staffUser(ctx.service.payload, 'staff')
    const signedIn = await signInOverRest(ctx.service, person.login!)
    const headers = { Authorization: `JWT ${(signedIn.body as { token: string }).token}` }
    expect((await userReads('/api/lead?limit=1', headers)).answer.status).toBe(200)
    const out = await sendJson(ctx.service, 'POST', '/api/users/logout', { headers })
    expect(out.status).toBe(200)
    expect((await userReads('/api/lead?limit=1', headers)).answer.status).toBe(401)
  })

  it("a token sent with someone else's session cookie: Payload decides, looking both up itself", async () => {
    const other = await staffUser(ctx.service.payload, 'staff')
    const signedIn = await signInOverRest(ctx.service, other.login!)
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]
    const { answer, reads } = await userReads('/api/users/me', {
      ...ctx.who.staff.headers,
      Cookie: cookie,
    })
    // Payload's token order reads the Authorization header before the cookie.
    expect(answer.body).toMatchObject({ user: { id: ctx.who.staff.id } })
    // The gate's lookup, Payload's own, and `me` reading the user: the gate's finding stood aside.
    expect(reads).toBe(3)
  })
})
