/**
 * The test service without jest: usable from tests and from scripts (the fuzz CLI). Tests use
 * `useTestService` from service.ts, which starts and stops one around a file's tests.
 */
import type { AddressInfo } from 'node:net'

import type { Payload } from 'payload'

import { createApp } from '@/http/app'
import { answerClientErrors } from '@/http/clientErrors'
import { keepConnectionsAlive } from '@/http/keepAlive'
import { acceptAbsoluteForm } from '@/http/originForm'
import { payloadRest } from '@/http/payloadRest'
import type { RateLimitOptions } from '@/http/rateLimit'
import { startJobRunner } from '@/jobs/runner'
import { seedDemoData } from '@/seed'
import { openRuntime } from '@/start/runtime'

import { createTestDatabase } from './database'

export type TestService = {
  /** fetch against the service: `api('/api/users', { headers })`. */
  api: (path: string, init?: RequestInit) => Promise<Response>
  close: () => Promise<void>
  payload: Payload
  url: string
}

/**
 * A migrated database of its own (or the given one, which the caller then drops), Payload on it,
 * and the HTTP app on a free port. With `seed`, the database holds the demo data: a copy of the
 * run's seeded template where there is one, else loaded here.
 */
export const startTestService = async ({
  databaseUrl,
  jobsPollMs,
  rateLimits,
  seed = false,
}: {
  databaseUrl?: string
  /** Runs queued jobs, as the service does, polling this often. */ jobsPollMs?: number
  rateLimits?: RateLimitOptions
  seed?: boolean
} = {}): Promise<TestService> => {
  const database = databaseUrl
    ? { drop: async () => {}, seeded: false, url: databaseUrl }
    : await createTestDatabase({ seeded: seed })
  process.env.DATABASE_URL = database.url
  const runtime = await openRuntime()
  if (seed && !database.seeded) await seedDemoData(runtime.payload)
  const { app, close: closeApp } = createApp({
    // No Next: /api is Payload's REST handlers as an API-only node serves them (ADMIN_UI=off),
    // without Next's route module, which only adds /api/og and took each file 0.3 s to load.
    apiHandler: payloadRest(runtime.payload.config, { next: () => false }),
    nextHandler: (_req, res) => void res.status(404).end(),
    payload: runtime.payload,
    rateLimits,
  })
  const server = app.listen(0, '127.0.0.1')
  acceptAbsoluteForm(server)
  answerClientErrors(server)
  keepConnectionsAlive(server)
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const jobRunner = jobsPollMs ? startJobRunner(runtime.payload, { pollMs: jobsPollMs }) : null
  return {
    api: (path, init) => fetchReusing(url + path, init),
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

/**
 * fetch, sending a GET again once when its kept-alive connection was reset: the server in this
 * same process closes an idle connection on a timer, and after a test held the event loop for
 * seconds (a linter, say) that timer can fire just as the next request goes out on it.
 */
const fetchReusing = async (input: string, init?: RequestInit): Promise<Response> => {
  try {
    return await fetch(input, init)
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code
    if (code !== 'ECONNRESET' || (init?.method ?? 'GET') !== 'GET') throw error
    return fetch(input, init)
  }
}
