import type { RequestHandler } from 'express'
import { Redis } from 'ioredis'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'

import { apiErrorBody, isCommercePath } from '../commerce/paths'
import { logger } from '../lib/logger'
import { numberSetting } from '../lib/settings'

export type Budget = { points: number; seconds: number }
export type RateLimitOptions = {
  /** Endpoints 1–10. */
  commerce: Budget
  /** Every other /api request. */
  api: Budget
  /** Login, password reset, first registration, unlock: per client address. */
  auth: Budget
  /** Shared store for several instances; memory when absent. */
  redisUrl?: string
  /** Separates the counters of different deployments (and tests) in one Redis. */
  keyPrefix?: string
}

const number = (name: string, fallback: number): number => numberSetting(name, fallback, { integer: true, min: 1 })

/** Budgets from the environment; the README's configuration table lists them. */
export const rateLimitOptionsFromEnv = (): RateLimitOptions => {
  const seconds = number('RATE_LIMIT_WINDOW_SECONDS', 60)
  return {
    api: { points: number('RATE_LIMIT_API', 600), seconds },
    auth: { points: number('RATE_LIMIT_AUTH', 10), seconds: number('RATE_LIMIT_AUTH_WINDOW_SECONDS', 900) },
    commerce: { points: number('RATE_LIMIT_COMMERCE', 300), seconds },
    keyPrefix: process.env.RATE_LIMIT_PREFIX || 'commerce-rl',
    redisUrl: process.env.REDIS_URL || undefined,
  }
}

const AUTH_PATH = /^\/(users|api-clients)\/(login|forgot-password|reset-password|first-register|unlock)\b/

type Limiters = Record<'api' | 'auth' | 'commerce', { budget: Budget; limiter: RateLimiterAbstract }>

const openRedis = (url: string): Redis => {
  const client = new Redis(url, { enableOfflineQueue: false, lazyConnect: false, maxRetriesPerRequest: 1 })
  let down = false
  client.on('error', (error) => {
    if (down) return
    down = true
    logger.warn({ err: { message: error.message } }, 'Redis unavailable: rate limits are counted in memory until it is back')
  })
  client.on('ready', () => {
    if (down) logger.info('Redis is back: rate limits are shared again')
    down = false
  })
  return client
}

/**
 * Rate limiting for /api, keyed by the authenticated API client or staff user, else by the
 * client address (behind a proxy, set TRUST_PROXY). Sends RateLimit-* headers; 429 with
 * Retry-After when a budget is spent. With Redis, instances share one budget; if Redis goes away
 * each instance falls back to counting in memory and keeps answering.
 */
export const createRateLimit = (options: RateLimitOptions): { close: () => Promise<void>; middleware: RequestHandler } => {
  const redis = options.redisUrl ? openRedis(options.redisUrl) : null
  const make = (name: string, budget: Budget): RateLimiterAbstract => {
    const common = { duration: budget.seconds, keyPrefix: `${options.keyPrefix ?? 'commerce-rl'}:${name}`, points: budget.points }
    return redis
      ? new RateLimiterRedis({ ...common, insuranceLimiter: new RateLimiterMemory(common), rejectIfRedisNotReady: true, storeClient: redis })
      : new RateLimiterMemory(common)
  }
  const limiters: Limiters = {
    api: { budget: options.api, limiter: make('api', options.api) },
    auth: { budget: options.auth, limiter: make('auth', options.auth) },
    commerce: { budget: options.commerce, limiter: make('commerce', options.commerce) },
  }

  const middleware: RequestHandler = async (req, res, next) => {
    const kind = AUTH_PATH.test(req.path) ? 'auth' : isCommercePath(req.path) ? 'commerce' : 'api'
    const { budget, limiter } = limiters[kind]
    const key = kind !== 'auth' && res.locals.principal ? res.locals.principal : `ip:${req.ip}`
    const headers = (state: RateLimiterRes) => {
      res.set('RateLimit-Limit', String(budget.points))
      res.set('RateLimit-Remaining', String(Math.max(0, state.remainingPoints)))
      res.set('RateLimit-Reset', String(Math.ceil(state.msBeforeNext / 1000)))
    }
    try {
      headers(await limiter.consume(key))
      next()
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        // Neither Redis nor the insurance limiter answered: serve rather than fail closed.
        logger.error({ err: rejection }, 'rate limiter failed')
        return next()
      }
      headers(rejection)
      res.set('Retry-After', String(Math.ceil(rejection.msBeforeNext / 1000)))
      res.status(429).set('Connection', 'close').json(apiErrorBody(req.path, 429, 'Too Many Requests'))
    }
  }
  return { close: async () => redis?.disconnect(false), middleware }
}
