/**
 * A Redis that stops answering (SIGSTOP, as a hung server or a network partition looks): every
 * request still answers within the Redis timeout, rate limits are counted in memory meanwhile,
 * one warning says so, and once Redis answers again (SIGCONT) the instances share one budget again.
 * The Redis is the test's own redis-server, never the machine's.
 */
import crypto from 'node:crypto'

import { afterAll, beforeAll, expect, it, jest } from '@jest/globals'

import type { RateLimitOptions } from '@/http/rateLimit'
import { logger } from '@/lib/logger'

import { type AppInstance, startAppInstance } from '../helpers/appInstance'
import { describeWithRedisServer, type RedisServer, startRedisServer } from '../helpers/redisServer'
import { startTestService, type TestService } from '../helpers/service'

const TIMEOUT_MS = 200
/** Room for the request itself on a busy machine; a request that waited on Redis would take seconds. */
const SLACK_MS = 400
const BUDGET = 8
/** A Payload collection path: the API budget (the commerce endpoints have their own). */
const PATH = '/api/consumer'

const describeWithRedis = describeWithRedisServer('faultRedis.test')

let service: TestService
let redis: RedisServer
let a: AppInstance
let b: AppInstance

const options = (redisUrl: string): RateLimitOptions => ({
  api: { points: BUDGET, seconds: 60 },
  auth: { points: 100, seconds: 60 },
  commerce: { points: 3, seconds: 60 },
  keyPrefix: `stall-${crypto.randomBytes(4).toString('hex')}`,
  redisTimeoutMs: TIMEOUT_MS,
  redisUrl,
})

/** True once a request to `b` sees the one just made to `a` (counted on the login budget, which the test leaves alone). */
const sharing = async (): Promise<boolean> => {
  const remaining = async (instance: AppInstance) =>
    Number((await instance.get('/api/users/login')).headers.get('ratelimit-remaining'))
  const first = await remaining(a)
  return (await remaining(b)) === first - 1
}

/** Status, remaining budget and how long the answer took. */
const timed = async (instance: AppInstance) => {
  const started = performance.now()
  const response = await instance.get(PATH)
  await response.arrayBuffer()
  return {
    ms: performance.now() - started,
    remaining: Number(response.headers.get('ratelimit-remaining')),
    status: response.status,
  }
}

const messages = (spy: { mock: { calls: unknown[][] } }, pattern: RegExp) =>
  spy.mock.calls.filter((call) =>
    call.some((argument) => typeof argument === 'string' && pattern.test(argument)),
  )

describeWithRedis('a Redis that stops answering', () => {
  const warn = jest.spyOn(logger, 'warn')
  const info = jest.spyOn(logger, 'info')

  beforeAll(async () => {
    service = await startTestService()
    redis = await startRedisServer()
    const shared = options(redis.url)
    a = await startAppInstance(service.payload, shared)
    b = await startAppInstance(service.payload, shared)
    // An instance counts in memory until its connection is ready.
    for (const deadline = Date.now() + 10_000; !(await sharing());) {
      if (Date.now() > deadline) throw new Error('the instances never shared their counts')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
  afterAll(async () => {
    await a?.stop()
    await b?.stop()
    await redis?.stop()
    await service?.close()
  })

  it('freezes nothing: requests answer within the timeout, counted in memory, with one warning', async () => {
    const before = [await timed(a), await timed(b)]
    expect(before.map((answer) => answer.remaining)).toEqual([BUDGET - 1, BUDGET - 2])

    redis.pause()
    const sequential = []
    for (let i = 0; i < BUDGET + 1; i++) sequential.push(await timed(a))
    const parallel = await Promise.all(Array.from({ length: 6 }, () => timed(b)))

    for (const answer of [...sequential, ...parallel])
      expect(answer.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS)
    // Counted in memory from zero: the budget is spent after BUDGET requests, then 429.
    expect(sequential.map((answer) => answer.status === 429)).toEqual([
      ...Array(BUDGET).fill(false),
      true,
    ])
    // b counts from zero too: six anonymous reads, each refused for want of a caller, none 429.
    expect(parallel.map((answer) => answer.status)).toEqual(Array(6).fill(401))
    expect(messages(warn, /Redis unavailable/)).toHaveLength(2) // one per instance
  })

  it('Redis answering again: one line saying so, and the instances share one budget again', async () => {
    redis.resume()
    for (const deadline = Date.now() + 10_000; messages(info, /Redis is back/).length < 2;) {
      if (Date.now() > deadline) throw new Error('no instance said Redis is back')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await sharing()).toBe(true)
    expect(messages(info, /Redis is back/)).toHaveLength(2)
    expect(messages(warn, /Redis unavailable/)).toHaveLength(2)
  })
})
