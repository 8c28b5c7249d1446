import express, { type Express, type RequestHandler } from 'express'
import type { Payload } from 'payload'

import { stopDecoder } from '../lookups/vin/decoder'
import { listingPath } from '../lib/settings'
import { openApiRoutes } from '../openapi/routes'
import { bodyLimit } from './bodyLimit'
import { credentialGate } from './credentialGate'
import { healthRoutes } from './health'
import { jsonWhere } from './jsonWhere'
import { createRateLimit, type RateLimitOptions, rateLimitOptionsFromEnv } from './rateLimit'
import { requestLog } from './requestLog'
import { securityHeaders } from './securityHeaders'

type Options = {
  /** Next's request handler: the admin UI and Payload's REST API under /api. */
  nextHandler: RequestHandler
  payload: Payload
  /** Defaults to the environment's budgets (rateLimitOptionsFromEnv). */
  rateLimits?: RateLimitOptions
}

const DEFAULT_LISTING_PATH = '/api/listings'
const API_MAX_BYTES = 1024 * 1024
const ERROR_REPORT_MAX_BYTES = 64 * 1024

/** Express routes of our own first, then everything else to Next. */
export const createApp = ({ nextHandler, payload, rateLimits = rateLimitOptionsFromEnv() }: Options): { app: Express; close: () => Promise<void> } => {
  const app = express()
  app.disable('x-powered-by')
  if (process.env.TRUST_PROXY) {
    const value = process.env.TRUST_PROXY
    app.set('trust proxy', /^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value)
  }
  app.use(requestLog)
  app.use(securityHeaders())
  app.use(healthRoutes(payload))
  app.use(openApiRoutes(payload))
  const listings = listingPath()
  if (listings !== DEFAULT_LISTING_PATH) {
    // The configured listing address is served by the /api/listings endpoint, behind the same guards.
    app.use((req, _res, next) => {
      if (req.url.startsWith(`${listings}/`)) req.url = DEFAULT_LISTING_PATH + req.url.slice(listings.length)
      next()
    })
  }
  // Anyone may report an error record, so its body is kept small.
  app.use('/api/errors', bodyLimit(ERROR_REPORT_MAX_BYTES, { requireLength: true }))
  const rateLimit = createRateLimit(rateLimits)
  app.use('/api', bodyLimit(API_MAX_BYTES), credentialGate(payload), rateLimit.middleware, jsonWhere)
  app.use(nextHandler)
  return { app, close: async () => Promise.all([rateLimit.close(), stopDecoder()]).then(() => undefined) }
}
