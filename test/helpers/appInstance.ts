import type { AddressInfo } from 'node:net'

import type { RequestHandler } from 'express'
import type { Payload } from 'payload'

import { createApp } from '@/http/app'
import type { RateLimitOptions } from '@/http/rateLimit'

const notFound: RequestHandler = (_req, res) => void res.status(404).end()

export type AppInstance = {
  get: (path: string, headers?: Record<string, string>) => Promise<Response>
  stop: () => Promise<void>
}

/**
 * Another HTTP instance of the service's app on the same Payload, with limiters of its own (as a
 * second machine would have) and no API behind them: every request that passes answers 404.
 */
export const startAppInstance = async (
  payload: Payload,
  rateLimits: RateLimitOptions,
  {
    sharedCounting = false,
  }: {
    /** Wait until its limiters count in Redis (a connection still opening counts in memory). */ sharedCounting?: boolean
  } = {},
): Promise<AppInstance> => {
  const {
    app,
    close,
    sharedCounting: shared,
  } = createApp({
    apiHandler: notFound,
    directReads: false,
    nextHandler: notFound,
    payload,
    rateLimits,
  })
  if (sharedCounting) await shared()
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    get: (path, headers = {}) => fetch(url + path, { headers }),
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await close()
    },
  }
}
