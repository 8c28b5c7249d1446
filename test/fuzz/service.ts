/**
 * A throwaway service for the fuzz CLI, outside jest: the same assembly as the tests'
 * startTestService (test/helpers/service.ts, which cannot be imported outside jest because it
 * registers jest hooks): a database of its own, Payload's REST handlers behind our Express app
 * on a free port, one caller of every kind and the demo data.
 */
import path from 'node:path'
import { Readable } from 'node:stream'
import type { AddressInfo } from 'node:net'
import type { RequestHandler } from 'express'

import { startEmbeddedPostgres } from '../../src/db/embedded'
import { dataDir } from '../../src/lib/paths'
import { createTestDatabase } from '../helpers/database'
import { createPrincipals, type Principal, type PrincipalName } from '../helpers/principals'

type RouteHandler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>

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
    const slug = url.pathname.slice('/api/'.length).split('/').filter(Boolean).map(decodeURIComponent)
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

const UNLIMITED = { points: 1_000_000_000, seconds: 60 }

export type LocalService = { close: () => Promise<void>; url: string; who: Record<PrincipalName, Principal> }

/** Uses TEST_DATABASE_SERVER or DATABASE_URL's server, else a throwaway embedded PostgreSQL. */
export const startLocalService = async (): Promise<LocalService> => {
  process.env.PAYLOAD_SECRET ||= 'fuzz-secret-that-is-long-enough-for-payload-0123456789'
  process.env.DATA_DIR ||= path.join(dataDir(), 'fuzz-files')
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined
  if (!process.env.TEST_DATABASE_SERVER) {
    if (process.env.DATABASE_URL) process.env.TEST_DATABASE_SERVER = process.env.DATABASE_URL
    else {
      embedded = await startEmbeddedPostgres({ dir: path.join(dataDir(), `fuzz-postgres-${process.pid}`), password: 'fuzz', throwaway: true })
      process.env.TEST_DATABASE_SERVER = embedded.adminUrl
    }
  }
  const database = await createTestDatabase()
  process.env.DATABASE_URL = database.url
  const { openRuntime } = await import('../../src/server/runtime')
  const { createApp } = await import('../../src/server/app')
  const { seedDemoData } = await import('../../src/seed')
  const runtime = await openRuntime()
  const { app, close: closeApp } = createApp({
    nextHandler: await restHandler(),
    payload: runtime.payload,
    rateLimits: { api: UNLIMITED, auth: UNLIMITED, commerce: UNLIMITED },
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const who = await createPrincipals(runtime.payload)
  await seedDemoData(runtime.payload)
  return {
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await closeApp()
      await runtime.close()
      await database.drop()
      await embedded?.stop()
    },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    who,
  }
}
