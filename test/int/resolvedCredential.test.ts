/**
 * A read's credential is looked up once (src/auth/resolvedCredential.ts): the credential gate's
 * finding answers Payload's own authentication of the same request, keeps what Payload's
 * strategy said (its name), and is never another request's; a write is authenticated again.
 */
import net from 'node:net'

import { describe, expect, it } from '@jest/globals'

import { RESOLVED_CREDENTIAL } from '@/auth/resolvedCredential'

import { sendJson } from '../helpers/http'
import { apiClient, staffUser } from '../helpers/principals'
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

  it('requests side by side with different tokens: each is answered as its own caller', async () => {
    const callers = [
      ctx.who.staff,
      ctx.who.staffAdmin,
      await staffUser(ctx.service.payload, 'compliance'),
      await staffUser(ctx.service.payload, 'staff'),
    ]
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        sendJson(ctx.service, 'GET', '/api/users/me', { headers: callers[n % 4].headers }),
      ),
    )
    expect(answers.map(({ body }) => (body as { user: { id: unknown } }).user.id)).toEqual(
      Array.from({ length: 24 }, (_, n) => callers[n % 4].id),
    )
  })

  it('a write is authenticated again once its body is in: a key disabled meanwhile is refused', async () => {
    const client = await apiClient(ctx.service.payload, 'admin')
    const body = JSON.stringify({ name: 'Written after the key was disabled' })
    const { port } = new URL(ctx.service.url)
    const socket = net.connect(Number(port), '127.0.0.1')
    const answer = new Promise<string>((resolve, reject) => {
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    socket.write(
      `POST /api/company HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${client.headers.Authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    )
    // The gate has passed the headers; the body is still to come.
    await new Promise((resolve) => setTimeout(resolve, 500))
    await ctx.service.payload.update({
      collection: 'api-clients',
      data: { enabled: false },
      id: Number(client.id),
    })
    socket.write(body)
    const status = Number((await answer).split(' ')[1])
    expect([401, 403]).toContain(status)
    const made = await ctx.service.payload.count({
      collection: 'company',
      where: { name: { equals: 'Written after the key was disabled' } },
    })
    expect(made.totalDocs).toBe(0)
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
