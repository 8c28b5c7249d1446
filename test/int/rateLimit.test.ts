/** Rate limits on /api: budgets, headers, 429 bodies; shared through Redis; Redis going away. */
import crypto from 'node:crypto'
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import type { RateLimitOptions } from '@/http/rateLimit'
import { freePort } from '@/lib/freePort'

import { startAppInstance } from '../helpers/appInstance'
import { sendJson } from '../helpers/http'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'
import { startTestService, type TestService } from '../helpers/service'

const budgets = (over: Partial<RateLimitOptions> = {}): RateLimitOptions => ({
  api: { points: 5, seconds: 60 },
  auth: { points: 2, seconds: 60 },
  commerce: { points: 3, seconds: 60 },
  keyPrefix: `test-${crypto.randomBytes(4).toString('hex')}`,
  ...over,
})

let service: TestService
let who: Record<PrincipalName, Principal>

beforeAll(async () => {
  service = await startTestService({ rateLimits: budgets() })
  who = await createPrincipals(service.payload)
})
afterAll(async () => {
  await service?.close()
})

describe('budgets in memory', () => {
  it('commerce endpoints: RateLimit headers count down, then 429 Too Many Requests with Retry-After', async () => {
    const remaining: string[] = []
    for (let i = 0; i < 3; i++) {
      const response = await sendJson(service, 'GET', '/api/webevents', {
        headers: who.integrator.headers,
      })
      expect(response.status).toBe(200)
      expect(response.headers['ratelimit-limit']).toBe('3')
      remaining.push(response.headers['ratelimit-remaining'])
    }
    expect(remaining).toEqual(['2', '1', '0'])
    const refused = await sendJson(service, 'GET', '/api/webevents', {
      headers: who.integrator.headers,
    })
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({
      error: { code: 429, message: 'Too Many Requests' },
      success: false,
    })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.headers['ratelimit-remaining']).toBe('0')
  })

  it('each API client has its own budget', async () => {
    expect(
      (await sendJson(service, 'GET', '/api/webevents', { headers: who.clientAdmin.headers }))
        .status,
    ).toBe(200)
  })

  it('the rest of /api has its own budget, answered in Payload’s error shape', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await sendJson(service, 'GET', '/api/errors', { headers: who.staffAdmin.headers })).status,
      )
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    const refused = await sendJson(service, 'GET', '/api/errors', {
      headers: who.staffAdmin.headers,
    })
    expect(refused.body).toEqual({ errors: [{ message: 'Too Many Requests' }] })
  })

  it('login is limited more strictly, per client address', async () => {
    const attempt = () =>
      sendJson(service, 'POST', '/api/users/login', {
        body: { email: 'nobody@example.com', password: 'wrong-password' },
      })
    expect((await attempt()).status).toBe(401)
    expect((await attempt()).status).toBe(401)
    expect((await attempt()).status).toBe(429)
  })

  it('failed credential checks have a budget per address: spent, the next failure is 429, and a valid key still passes', async () => {
    const instance = await startAppInstance(
      service.payload,
      budgets({ api: { points: 100, seconds: 60 }, credentials: { points: 3, seconds: 60 } }),
    )
    try {
      const call = (authorization: string) => instance.get('/api/errors', { authorization })
      // A valid key costs nothing: it passes the gate (this instance has no API behind it: 404).
      for (let i = 0; i < 5; i++) {
        expect((await call(who.integrator.key!)).status).toBe(404)
        expect((await call(who.disabledClient.key!)).status).toBe(401)
      }
      for (let i = 0; i < 3; i++) expect((await call(`wrong-key-${i}`)).status).toBe(401)
      const refused = await call('wrong-key-again')
      expect(refused.status).toBe(429)
      expect(await refused.json()).toEqual({ errors: [{ message: 'Too Many Requests' }] })
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await call('JWT not-a-token')).status).toBe(429)
      // Until the window ends, what others at this address sent never locks a valid credential
      // out: a key used lately, one never used before, and a staff session all pass. A disabled
      // key is known, so it stays a 401 and is not counted.
      expect((await call(who.integrator.key!)).status).toBe(404)
      expect((await call(who.leadAgent.key!)).status).toBe(404)
      expect((await call(who.clientAdmin.key!)).status).toBe(404)
      expect((await call(who.staff.headers.Authorization)).status).toBe(404)
      expect((await call(who.disabledClient.key!)).status).toBe(401)
      expect((await call('wrong-key-later')).status).toBe(429)
      // The service's own budget (RATE_LIMIT_CREDENTIAL_FAILURES) is untouched by this instance's.
      expect(
        (await sendJson(service, 'GET', '/api/webevents', { headers: who.clientAdmin.headers }))
          .status,
      ).not.toBe(429)
    } finally {
      await instance.stop()
    }
  })
})

const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379'
const redisReachable = (): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(redisUrl)
    const socket = net.connect({ host: hostname, port: Number(port || 6379) })
    socket.once('connect', () => (socket.end(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

// REDIS_URL set: Redis must be there. Unset: the local default is used when it answers; on a
// machine without any Redis the shared-budget test is skipped (and says so) rather than failed.
const redisUp = await redisReachable()
if (!redisUp && !process.env.REDIS_URL)
  process.stderr.write(
    `rateLimit.test: no Redis at ${redisUrl}; the shared-budget test is skipped\n`,
  )
const describeRedis = redisUp || process.env.REDIS_URL ? describe : describe.skip

const instance = (rateLimits: RateLimitOptions) => startAppInstance(service.payload, rateLimits)

describeRedis('shared budgets in Redis', () => {
  it('two instances on one Redis together allow exactly the budget', async () => {
    if (!redisUp) throw new Error(`no Redis at ${redisUrl}`)
    // A generous command timeout: this test is about sharing, not about a slow Redis (faultRedis.test.ts).
    const options = budgets({
      commerce: { points: 5, seconds: 60 },
      redisTimeoutMs: 5000,
      redisUrl,
    })
    const shared = (rateLimits: RateLimitOptions) =>
      startAppInstance(service.payload, rateLimits, { sharedCounting: true })
    const [a, b] = [await shared(options), await shared(options)]
    try {
      const statuses: number[] = []
      for (let i = 0; i < 10; i++) {
        const response = await (i % 2 ? b : a).get('/api/companies', who.leadAgent.headers)
        statuses.push(response.status)
      }
      // These instances have no API behind the limiter (404); what matters is when 429 starts.
      expect(statuses.filter((status) => status !== 429)).toHaveLength(5)
      expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429])
    } finally {
      await a.stop()
      await b.stop()
    }
  })
})

describe('Redis going away', () => {
  it('when Redis is unreachable, the service keeps answering and limits in memory', async () => {
    const deadRedis = `redis://127.0.0.1:${await freePort()}`
    const lonely = await instance(
      budgets({ commerce: { points: 2, seconds: 60 }, redisUrl: deadRedis }),
    )
    try {
      const statuses: number[] = []
      for (let i = 0; i < 3; i++)
        statuses.push((await lonely.get('/api/companies', who.leadAgent.headers)).status)
      // This instance has no API behind it (404); what matters is that the limiter still counts.
      expect(statuses.map((status) => status === 429)).toEqual([false, false, true])
    } finally {
      await lonely.stop()
    }
  })
})
