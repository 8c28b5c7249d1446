/**
 * Read-your-writes across nodes when reads go to replicas (DATABASE_READ_URLS). A write answered
 * by one node is on the primary; the caller's next read may reach another node, whose replica can
 * trail the primary by the replication lag. So every write marks its caller (the credential, else
 * the client address) for DATABASE_READ_AFTER_WRITE_MS in Redis, which every node
 * shares (in memory without Redis: then one node), and a request from a marked caller reads from
 * the primary. The mark is set when the write starts, so it is there before the answer is.
 *
 * If Redis does not answer, the request reads from the primary: slower, never stale. Redis is the
 * instance's one connection (./redis.ts), shared with the rate limits: while it is known to be
 * away, no command is tried.
 */
import type { RequestHandler } from 'express'
import type { Payload } from 'payload'

import { readFromPrimaryForAWhile } from '@/db/replicas'
import { settings } from '@/lib/settings'

import { unauthenticatedKey } from './caller'
import type { SharedRedis } from './redis'

const WRITES = new Set(['DELETE', 'PATCH', 'POST', 'PUT'])

type Marks = {
  close: () => Promise<void>
  has: (caller: string) => Promise<boolean>
  mark: (caller: string) => Promise<void>
}

const memoryMarks = (windowMs: number): Marks => {
  const until = new Map<string, number>()
  return {
    close: async () => until.clear(),
    has: async (caller) => (until.get(caller) ?? 0) > Date.now(),
    mark: async (caller) => {
      if (until.size > 100_000) until.clear() // bounded: a cleared mark only costs a replica read
      until.set(caller, Date.now() + windowMs)
    },
  }
}

/** Marks in the shared Redis; a command refused (Redis away) or failed throws: read from the primary. */
const redisMarks = (redis: SharedRedis, prefix: string, windowMs: number): Marks => {
  const key = (caller: string) => `${prefix}:ryw:${caller}`
  const command = async <T>(send: (client: SharedRedis['client']) => Promise<T>): Promise<T> => {
    if (!redis.usable()) throw new Error('Redis unavailable')
    try {
      return await send(redis.client)
    } catch (error) {
      redis.failed(error)
      throw error
    }
  }
  return {
    close: async () => {}, // the connection is the app's
    has: async (caller) => (await command((client) => client.exists(key(caller)))) === 1,
    mark: async (caller) =>
      void (await command((client) => client.set(key(caller), '1', 'PX', Math.max(windowMs, 1)))),
  }
}

/** `redis`: the instance's shared connection (./redis.ts), or null without Redis (marks in memory). */
export const readYourWrites = (
  payload: Payload,
  redis: null | SharedRedis,
): { close: () => Promise<void>; middleware: RequestHandler } => {
  const windowMs = settings('database').DATABASE_READ_AFTER_WRITE_MS
  const marks = redis
    ? redisMarks(redis, settings('rateLimits').RATE_LIMIT_PREFIX, windowMs)
    : memoryMarks(windowMs)
  const middleware: RequestHandler = async (req, res, next) => {
    // Next's build files read no database: no need to ask Redis about their caller.
    if (req.method === 'GET' && req.path?.startsWith('/_next/static/')) return next()
    const caller = unauthenticatedKey(req)
    try {
      if (WRITES.has(req.method)) {
        await marks.mark(caller)
        res.on('finish', () => void marks.mark(caller).catch(() => {}))
      } else if (await marks.has(caller)) {
        readFromPrimaryForAWhile(payload)
      }
    } catch {
      readFromPrimaryForAWhile(payload)
    }
    next()
  }
  return { close: marks.close, middleware }
}
