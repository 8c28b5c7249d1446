import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import type { Payload } from 'payload'

import { clientChanges } from '@/auth/apiKeyCache'
import { listenForChanges } from '@/db/changeNotices'
import { hasReadReplicas } from '@/db/replicas'
import { messages } from '@/errors'
import { logger } from '@/lib/logger'
import { listingPath, settings } from '@/lib/settings'
import { stopDecoder } from '@/lookups/vin/decoder'
import { openApiRoutes } from '@/openapi/routes'
import { endpointChanges } from '@/webhooks/subscriptions'

import { adminShortcuts } from './adminShortcuts'
import { bodyLimit, maxBodyBytes } from './bodyLimit'
import { collectionRoutes } from './collectionRoutes'
import { commerceReads } from './commerceReads'
import { compiledWriteRoutes } from './compiledWriteRoutes'
import { credentialGate } from './credentialGate'
import { healthRoutes } from './health'
import { idempotency } from './idempotency'
import { bodyGuard } from './input/bodyGuard'
import { callerFirst } from './input/callerFirst'
import { canonicalPath } from './input/canonicalPath'
import { jsonWhere } from './input/jsonWhere'
import { queryGuard } from './input/queryGuard'
import { refuse } from './input/refuse'
import { trailingSlashRedirect } from './input/trailingSlash'
import { payloadRest } from './payloadRest'
import { createRateLimit, type RateLimitOptions, rateLimitOptionsFromEnv } from './rateLimit'
import { readYourWrites } from './readYourWrites'
import { openRedis } from './redis'
import { requestLog } from './requestLog'
import { securityHeaders } from './securityHeaders'
import { trashedRecords } from './trashedRecords'

type Options = {
  /** What answers `/api` once the checks pass; Payload's REST handlers unless a test says otherwise. */
  apiHandler?: RequestHandler
  /** Commerce GETs of API clients answered before `apiHandler` (./commerceReads.ts); default true. */
  directReads?: boolean
  /** Next's request handler: the admin UI. */
  nextHandler: RequestHandler
  payload: Payload
  /** Defaults to the environment's budgets (rateLimitOptionsFromEnv). */
  rateLimits?: RateLimitOptions
}

const DEFAULT_LISTING_PATH = '/api/listings'

/** Express routes of our own first, `/api` through its checks to Payload, the rest to Next. */
export const createApp = ({
  apiHandler,
  directReads = true,
  nextHandler,
  payload,
  rateLimits = rateLimitOptionsFromEnv(),
}: Options): { app: Express; close: () => Promise<void>; sharedCounting: () => Promise<void> } => {
  const app = express()
  app.disable('x-powered-by')
  const { TRUST_PROXY } = settings('service')
  if (TRUST_PROXY !== undefined) app.set('trust proxy', TRUST_PROXY)
  // One Redis connection for the rate limits and read-your-writes.
  const redis = rateLimits.redisUrl
    ? openRedis(
        rateLimits.redisUrl,
        rateLimits.redisTimeoutMs ?? settings('rateLimits').REDIS_TIMEOUT_MS,
      )
    : null
  const replicaReads = hasReadReplicas(payload) ? readYourWrites(payload, redis) : null
  app.use(requestLog)
  app.use(securityHeaders())
  app.use(canonicalPath)
  app.use(trailingSlashRedirect)
  app.use(healthRoutes(payload))
  if (replicaReads) app.use(replicaReads.middleware)
  const listings = listingPath()
  if (listings !== DEFAULT_LISTING_PATH) {
    // The configured listing address is served by the /api/listings endpoint, behind the same guards.
    app.use((req, _res, next) => {
      if (req.url.startsWith(`${listings}/`))
        req.url = DEFAULT_LISTING_PATH + req.url.slice(listings.length)
      next()
    })
  }
  const rateLimit = createRateLimit(rateLimits, redis)
  const stopListening = listenForChanges(process.env.DATABASE_URL ?? '', [
    clientChanges,
    endpointChanges,
  ])
  // Cheap refusals first; then who is calling, and a caller without credentials where it may
  // not call is 401 before anything it sent is checked; the body is read only for a caller who
  // passed the credential check and the rate limit.
  app.use(
    '/api',
    headAsGet,
    bodyLimit,
    credentialGate(payload, rateLimit.credentialFailures),
    rateLimit.middleware,
    callerFirst(payload),
    queryGuard,
    // The index, the OpenAPI document and its docs page: public, but checked as every API path.
    openApiRoutes(payload),
    collectionRoutes(payload),
    bodyGuard(maxBodyBytes),
    idempotency(payload),
    jsonWhere,
    ...(directReads ? [commerceReads(payload)] : []),
    compiledWriteRoutes(payload),
    apiHandler ?? payloadRest(payload.config),
  )
  app.use(adminShortcuts, trashedRecords(payload), nextHandler)
  app.use(lastResort)
  return {
    app,
    close: async () =>
      Promise.all([
        redis?.client.disconnect(false),
        stopDecoder(),
        stopListening(),
        replicaReads?.close(),
      ]).then(() => undefined),
    sharedCounting: rateLimit.shared,
  }
}

/** Anything a middleware of ours throws: logged, and answered 500 in the envelope of the path, never with a stack. */
const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
  logger.error({ err: error }, 'request failed in the HTTP layer')
  if (res.headersSent) return void res.destroy()
  refuse(req, res, 500, messages.internal)
}

/**
 * Payload's routes know no HEAD (it answered 404 for a list that GET serves): a HEAD is sent on
 * as the GET it stands for. Node still leaves the body out, having seen HEAD when it began.
 */
const headAsGet: RequestHandler = (req, _res, next) => {
  if (req.method === 'HEAD') req.method = 'GET'
  next()
}
