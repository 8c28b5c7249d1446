/**
 * Read-your-writes on the instance's one Redis connection (src/http/redis.ts), the one the rate
 * limits use: a caller who wrote reads from the primary and others do not; while Redis does not
 * answer, every read goes to the primary within the Redis timeout, with one warning for the
 * connection; once it is back, marks are shared again. The Redis is the test's own redis-server.
 */
import { afterAll, beforeAll, expect, it, jest } from '@jest/globals'
import type { Request, Response } from 'express'
import type { Payload } from 'payload'

import { readYourWrites } from '@/http/readYourWrites'
import { openRedis, type SharedRedis } from '@/http/redis'
import { logger } from '@/lib/logger'

import { describeWithRedisServer, type RedisServer, startRedisServer } from '../helpers/redisServer'

const TIMEOUT_MS = 200
const SLACK_MS = 400

const describeWithRedis = describeWithRedisServer('readYourWrites.test')

/**
 * The middleware on a Payload whose adapter has replicas; `run` sends one request through it and
 * says whether it sent this node's reads to the primary (the adapter's `lastWriteTimestamp` set).
 */
const readsOf = (redis: null | SharedRedis) => {
  // A stand-in of the PostgreSQL adapter: the members src/db/adapter.ts recognises it by, and
  // the replicas' primary and write stamp the middleware uses.
  const db: { lastWriteTimestamp?: number; primaryDrizzle: object } & Record<string, unknown> = {
    execute: () => undefined,
    insert: () => undefined,
    name: 'postgres',
    primaryDrizzle: {},
    sessions: {},
    tableNameMap: new Map(),
    tables: {},
  }
  const { close, middleware } = readYourWrites({ db } as unknown as Payload, redis)
  const run = async (method: string, authorization: string, path = '/api/deals') => {
    db.lastWriteTimestamp = undefined
    const started = performance.now()
    await new Promise<void>((resolve) =>
      middleware(
        { headers: { authorization }, ip: '127.0.0.1', method, path } as Request,
        { on: () => undefined } as unknown as Response,
        () => resolve(),
      ),
    )
    return { ms: performance.now() - started, primary: db.lastWriteTimestamp !== undefined }
  }
  return {
    close,
    primary: async (method: string, who: string) => (await run(method, who)).primary,
    run,
  }
}

describeWithRedis('read-your-writes on the shared Redis', () => {
  const warn = jest.spyOn(logger, 'warn')
  let server: RedisServer
  let redis: SharedRedis

  beforeAll(async () => {
    server = await startRedisServer()
    redis = openRedis(server.url, TIMEOUT_MS)
    await new Promise((resolve) => redis.client.once('ready', resolve))
  })
  afterAll(async () => {
    redis?.client.disconnect(false)
    await server?.stop()
  })

  it('a caller who wrote reads from the primary; another caller does not', async () => {
    const { primary } = readsOf(redis)
    expect(await primary('GET', 'writer')).toBe(false)
    expect(await primary('POST', 'writer')).toBe(false)
    expect(await primary('GET', 'writer')).toBe(true)
    expect(await primary('GET', 'reader')).toBe(false)
  })

  it('Redis not answering: reads go to the primary within the timeout, one warning; then marks are shared again', async () => {
    const { primary, run } = readsOf(redis)
    server.pause()
    const first = await run('GET', 'someone')
    expect(first.primary).toBe(true)
    expect(first.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS)
    expect(redis.usable()).toBe(false)
    // Known to be away: no command is tried, so no wait on Redis.
    const next = await run('GET', 'someone else')
    expect(next.primary).toBe(true)
    expect(next.ms).toBeLessThan(TIMEOUT_MS)
    expect(await primary('POST', 'someone')).toBe(true)
    expect(
      warn.mock.calls.filter((call) => /Redis unavailable/.test(String(call[1]))),
    ).toHaveLength(1)

    server.resume()
    for (const deadline = Date.now() + 10_000; !redis.usable();) {
      if (Date.now() > deadline) throw new Error('Redis never came back')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await primary('GET', 'someone else')).toBe(false)
    expect(await primary('POST', 'someone else')).toBe(false)
    expect(await primary('GET', 'someone else')).toBe(true)
  })

  it('asks nothing for Next’s build files, even while Redis does not answer', async () => {
    const { run } = readsOf(redis)
    server.pause()
    try {
      const asset = await run('GET', 'writer', '/_next/static/chunks/main.js')
      expect(asset.primary).toBe(false)
      expect(redis.usable()).toBe(true) // no command was sent, so none timed out
    } finally {
      server.resume()
    }
  })

  it('without Redis, marks are this node’s own', async () => {
    const { close, primary } = readsOf(null)
    expect(await primary('PATCH', 'writer')).toBe(false)
    expect(await primary('GET', 'writer')).toBe(true)
    expect(await primary('GET', 'reader')).toBe(false)
    await close()
  })
})
