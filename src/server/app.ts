import express, { type Express, type RequestHandler } from 'express'
import type { Payload } from 'payload'

import { credentialGate } from './credentialGate'
import { healthRoutes } from './health'
import { requestLog } from './requestLog'

type Options = {
  /** Next's request handler: the admin UI and Payload's REST API under /api. */
  nextHandler: RequestHandler
  payload: Payload
}

/** Express routes of our own first, then everything else to Next. */
export const createApp = ({ nextHandler, payload }: Options): Express => {
  const app = express()
  app.disable('x-powered-by')
  if (process.env.TRUST_PROXY) {
    const value = process.env.TRUST_PROXY
    app.set('trust proxy', /^\d+$/.test(value) ? Number(value) : value === 'true' ? true : value)
  }
  app.use(requestLog)
  app.use(healthRoutes(payload))
  app.use('/api', credentialGate(payload))
  app.use(nextHandler)
  return app
}
