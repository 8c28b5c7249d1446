/**
 * The one Redis connection of an instance, shared by the rate limits (./rateLimit.ts) and
 * read-your-writes (./readYourWrites.ts), with one record of whether it is answering.
 */
import { createRequire } from 'node:module'

import type { Redis } from 'ioredis'

import { logger } from '@/lib/logger'

/**
 * ioredis is loaded only by a process given REDIS_URL: it is about 50 modules on every start of
 * one that is not. It is CommonJS, so `require` keeps `openRedis` synchronous.
 */
const loadRedis = (): typeof Redis => createRequire(import.meta.url)('ioredis').Redis

export type SharedRedis = {
  client: Redis
  /** A command failed or timed out: treat Redis as away until it answers again. */
  failed: (error: unknown) => void
  /** Connected and answering; false from a failure until the connection is ready again. */
  usable: () => boolean
}

/**
 * Redis with every command bounded by `timeoutMs`. A Redis that stops answering (paused, hung, cut
 * off by the network) keeps its connection "ready", so a timeout drops the connection: its users
 * then do without it at once (the limiters count in memory, reads after a write go to the
 * primary), and ioredis reconnects, becoming ready only when Redis answers its ready check again.
 * One warning when it goes, one line when it is back.
 */
export const openRedis = (url: string, timeoutMs: number): SharedRedis => {
  const RedisClient = loadRedis()
  const client = new RedisClient(url, {
    commandTimeout: timeoutMs,
    enableOfflineQueue: false,
    lazyConnect: false,
    maxRetriesPerRequest: 1,
  })
  let down = false
  const wentDown = (error: unknown): boolean => {
    if (down) return false
    down = true
    logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'Redis unavailable: rate limits are counted in memory, and reads after a write go to the primary, until it is back',
    )
    return true
  }
  client.on('error', wentDown)
  client.on('ready', () => {
    if (down) logger.info('Redis is back: rate limits and read-after-write marks are shared again')
    down = false
  })
  return {
    client,
    failed: (error) => {
      if (wentDown(error)) client.disconnect(true)
    },
    usable: () => !down && client.status === 'ready',
  }
}
