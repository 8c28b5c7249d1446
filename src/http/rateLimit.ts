import cluster from 'node:cluster'

import type { RequestHandler, Response } from 'express'
import {
  type RateLimiterAbstract,
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible'

import { isCommercePath } from '@/commerce/paths'
import { messages } from '@/errors'
import { logger } from '@/lib/logger'
import { settings } from '@/lib/settings'
import { isSignInRoute } from '@/lib/signInRoutes'

import { refuse } from './input/refuse'
import type { SharedRedis } from './redis'

/** Longest wait for the primary's count (a worker of several, no Redis); then the request is served uncounted. */
const CLUSTER_TIMEOUT_MS = 1000

export type Budget = { points: number; seconds: number }
export type RateLimitOptions = {
  /** Endpoints 1–10. */
  commerce: Budget
  /** Every other /api request. */
  api: Budget
  /** Login, password reset, first registration, unlock: per client address. */
  auth: Budget
  /** Failed credential checks (an Authorization header that authenticates no one): per client address. */
  credentials?: Budget
  /** Shared store for several instances; memory when absent (the app opens it: ./redis.ts). */
  redisUrl?: string
  /** Longest wait for one Redis command before this instance counts in memory (default REDIS_TIMEOUT_MS's). */
  redisTimeoutMs?: number
  /** Separates the counters of different deployments (and tests) in one Redis. */
  keyPrefix?: string
}

/** Budgets from the environment; the configuration table (docs/configuration.md) lists them. */
export const rateLimitOptionsFromEnv = (): RateLimitOptions => {
  const env = settings('rateLimits')
  const seconds = env.RATE_LIMIT_WINDOW_SECONDS
  return {
    api: { points: env.RATE_LIMIT_API, seconds },
    auth: { points: env.RATE_LIMIT_AUTH, seconds: env.RATE_LIMIT_AUTH_WINDOW_SECONDS },
    commerce: { points: env.RATE_LIMIT_COMMERCE, seconds },
    credentials: {
      points: env.RATE_LIMIT_CREDENTIAL_FAILURES,
      seconds: env.RATE_LIMIT_CREDENTIAL_FAILURES_WINDOW_SECONDS,
    },
    keyPrefix: env.RATE_LIMIT_PREFIX,
    redisTimeoutMs: env.REDIS_TIMEOUT_MS,
    redisUrl: env.REDIS_URL,
  }
}

type Kind = 'api' | 'auth' | 'commerce'
type Counter = Kind | 'credentials'
/** `shared` counts in Redis when there is one; `local` counts in this process when there is not, or while it is away. */
type Limiter = { budget: Budget; local: RateLimiterAbstract; shared: null | RateLimiterAbstract }

const makeLimiter = (
  options: RateLimitOptions,
  store: null | SharedRedis,
  name: Counter,
  budget: Budget,
): Limiter => {
  const common = {
    duration: budget.seconds,
    keyPrefix: `${options.keyPrefix ?? settings('rateLimits').RATE_LIMIT_PREFIX}:${name}`,
    points: budget.points,
  }
  return {
    budget,
    // In a worker of several (WEB_CONCURRENCY), the primary keeps the counts for all of them.
    local: cluster.isWorker
      ? new RateLimiterCluster({ ...common, timeoutMs: CLUSTER_TIMEOUT_MS })
      : new RateLimiterMemory(common),
    shared: store
      ? new RateLimiterRedis({ ...common, rejectIfRedisNotReady: true, storeClient: store.client })
      : null,
  }
}

/** Counts in Redis while it answers within the timeout, else in memory; never waits longer. */
const consume = async (
  store: null | SharedRedis,
  { local, shared }: Limiter,
  key: string,
): Promise<RateLimiterRes> => {
  if (!shared || !store?.usable()) return local.consume(key)
  try {
    return await shared.consume(key)
  } catch (failure) {
    if (failure instanceof RateLimiterRes) throw failure
    store.failed(failure)
    return local.consume(key)
  }
}

/** The count of `key` so far, from the store `consume` would use. */
const current = async (
  store: null | SharedRedis,
  { local, shared }: Limiter,
  key: string,
): Promise<null | RateLimiterRes> => {
  if (!shared || !store?.usable()) return local.get(key)
  try {
    return await shared.get(key)
  } catch (failure) {
    store.failed(failure)
    return local.get(key)
  }
}

const kindOf = (path: string): Kind =>
  isSignInRoute(path) ? 'auth' : isCommercePath(path) ? 'commerce' : 'api'

const setRateHeaders = (res: Response, { budget }: Limiter, state: RateLimiterRes) => {
  res.set('RateLimit-Limit', String(budget.points))
  res.set('RateLimit-Remaining', String(Math.max(0, state.remainingPoints)))
  res.set('RateLimit-Reset', String(Math.ceil(state.msBeforeNext / 1000)))
}

const limitRequests =
  (limiters: Record<Kind, Limiter>, store: null | SharedRedis): RequestHandler =>
  async (req, res, next) => {
    const kind = kindOf(req.path)
    const limiter = limiters[kind]
    const caller = res.locals.caller
    const key = kind !== 'auth' && caller && 'id' in caller ? caller.id : `ip:${req.ip}`
    try {
      setRateHeaders(res, limiter, await consume(store, limiter, key))
      next()
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) {
        // Not even the in-memory limiter answered: serve rather than fail closed.
        logger.error({ err: rejection }, 'rate limiter failed')
        return next()
      }
      setRateHeaders(res, limiter, rejection)
      res.set('Retry-After', String(Math.ceil(rejection.msBeforeNext / 1000)))
      res.set('Connection', 'close')
      refuse(req, res, 429, messages.tooManyRequests)
    }
  }

/**
 * The budget of failed credential checks of a client address: each unknown key or bad token
 * costs a database lookup, so an address that spent it is refused before the lookup until the
 * window ends. Checks that succeed cost nothing, so a client using its own key never meets it.
 */
export type CredentialFailures = {
  /** Milliseconds before `address` may be checked again; 0 when it may now. */
  wait: (address: string) => Promise<number>
  /** Counts one failed check of `address`. */
  count: (address: string) => Promise<void>
}

const credentialFailures = (limiter: Limiter, store: null | SharedRedis): CredentialFailures => {
  const key = (address: string) => `ip:${address}`
  return {
    count: (address) =>
      consume(store, limiter, key(address)).then(
        () => undefined,
        (rejection) => {
          // Spent: the next check waits. Anything else is the limiter failing; serve on.
          if (!(rejection instanceof RateLimiterRes))
            logger.error({ err: rejection }, 'rate limiter failed')
        },
      ),
    wait: async (address) => {
      const state = await current(store, limiter, key(address)).catch(() => null)
      return state && state.consumedPoints >= limiter.budget.points ? state.msBeforeNext : 0
    },
  }
}

/** Resolves once counting is shared (at once without Redis): until then, each instance counts in memory. */
const sharedCounting = (store: null | SharedRedis): Promise<void> =>
  !store || store.client.status === 'ready'
    ? Promise.resolve()
    : new Promise((resolve) => store.client.once('ready', () => resolve()))

/**
 * Rate limiting for /api, keyed by the authenticated API client or staff user, else by the
 * client address (behind a proxy, set TRUST_PROXY). Sends RateLimit-* headers; 429 with
 * Retry-After when a budget is spent. With Redis (`store`, opened from `options.redisUrl` by the
 * app), instances share one budget; if Redis goes away each instance falls back to counting in
 * memory and keeps answering.
 */
export const createRateLimit = (
  options: RateLimitOptions,
  store: null | SharedRedis,
): {
  credentialFailures: CredentialFailures
  middleware: RequestHandler
  shared: () => Promise<void>
} => {
  const limiters: Record<Kind, Limiter> = {
    api: makeLimiter(options, store, 'api', options.api),
    auth: makeLimiter(options, store, 'auth', options.auth),
    commerce: makeLimiter(options, store, 'commerce', options.commerce),
  }
  const failures = options.credentials ?? rateLimitOptionsFromEnv().credentials!
  return {
    credentialFailures: credentialFailures(
      makeLimiter(options, store, 'credentials', failures),
      store,
    ),
    middleware: limitRequests(limiters, store),
    shared: () => sharedCounting(store),
  }
}
