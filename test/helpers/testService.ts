/**
 * The test service without jest: usable from tests and from scripts (the fuzz CLI). Tests use
 * `useTestService` from service.ts, which starts and stops one around a file's tests.
 */
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

import type { RequestHandler } from 'express'
import type { Payload } from 'payload'

import { startJobRunner } from '../../src/jobs/runner'
import { createApp } from '../../src/server/app'
import { answerClientErrors } from '../../src/server/clientErrors'
import type { RateLimitOptions } from '../../src/server/rateLimit'
import { openRuntime } from '../../src/server/runtime'
import { createTestDatabase } from './database'

type RouteHandler = (
  request: Request,
  context: { params: Promise<{ slug: string[] }> },
) => Promise<Response>

/**
 * Serves Payload's own REST route handlers (the ones Next mounts at /api/[...slug]) behind our
 * Express app, without a Next build: real HTTP, our middleware, Payload's routing and auth.
 */
const restHandler = async (): Promise<RequestHandler> => {
  const { default: config } = await import('../../payload.config')
  const routes = await import('@payloadcms/next/routes')
  const handlers: Record<string, RouteHandler> = {
    DELETE: routes.REST_DELETE(config),
    GET: routes.REST_GET(config),
    OPTIONS: routes.REST_OPTIONS(config),
    PATCH: routes.REST_PATCH(config),
    POST: routes.REST_POST(config),
    PUT: routes.REST_PUT(config),
  }
  return async (req, res) => {
    const handler = handlers[req.method]
    if (!req.path.startsWith('/api/') || !handler) {
      res.status(404).end()
      return
    }
    // req.url, not originalUrl: our middleware may rewrite the query (JSON where).
    const url = new URL(req.url, `http://${req.headers.host}`)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const hasBody = !['GET', 'HEAD'].includes(req.method)
    const request = new Request(url, {
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      headers,
      method: req.method,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit)
    const slug = url.pathname
      .slice('/api/'.length)
      .split('/')
      .filter(Boolean)
      .map(decodeURIComponent)
    const response = await handler(request, { params: Promise.resolve({ slug }) })
    res.status(response.status)
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') res.setHeader(name, value)
    })
    const cookies = response.headers.getSetCookie()
    if (cookies.length) res.setHeader('set-cookie', cookies)
    res.end(Buffer.from(await response.arrayBuffer()))
  }
}

export type TestService = {
  /** fetch against the service: `api('/api/users', { headers })`. */
  api: (path: string, init?: RequestInit) => Promise<Response>
  close: () => Promise<void>
  payload: Payload
  url: string
}

/**
 * A migrated database of its own (or the given one, which the caller then drops), Payload on it,
 * and the HTTP app on a free port.
 */
export const startTestService = async ({
  databaseUrl,
  jobsPollMs,
  rateLimits,
}: {
  databaseUrl?: string
  /** Runs queued jobs, as the service does, polling this often. */ jobsPollMs?: number
  rateLimits?: RateLimitOptions
} = {}): Promise<TestService> => {
  const database = databaseUrl
    ? { drop: async () => {}, url: databaseUrl }
    : await createTestDatabase()
  process.env.DATABASE_URL = database.url
  const runtime = await openRuntime()
  const { app, close: closeApp } = createApp({
    nextHandler: await restHandler(),
    payload: runtime.payload,
    rateLimits,
  })
  const server = app.listen(0, '127.0.0.1')
  answerClientErrors(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const jobRunner = jobsPollMs ? startJobRunner(runtime.payload, { pollMs: jobsPollMs }) : null
  return {
    api: (path, init) => fetch(url + path, init),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await jobRunner?.stop()
      await closeApp()
      await runtime.close()
      await database.drop()
    },
    payload: runtime.payload,
    url,
  }
}
