import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the provider does with the next request:
 * - `accept`: stores the application (once per Idempotency-Key) and answers 201 with it;
 * - `lose`: stores it too, but answers only after `delayMs` (longer than the client waits);
 * - `status`: answers that status with `body`, storing nothing (5xx, 429, 400…).
 */
export type Behaviour =
  | { kind: 'accept' }
  | { delayMs: number; kind: 'lose' }
  | { body?: unknown; headers?: Record<string, string>; kind: 'status'; status: number }

export type ProviderRequest = {
  authorization?: string
  body: Record<string, unknown>
  idempotencyKey?: string
  path: string
  /** When it arrived (ms since the epoch), to check how long a retry waited. */
  receivedAt: number
}

export type FakeProvider = {
  /** Applications stored, by idempotency key: a key seen again gets the stored answer, as real providers do. */
  applications: Map<string, Record<string, unknown>>
  close: () => Promise<void>
  /** Behaviours for the next requests, in order; after them every request is accepted. */
  script: (...next: Behaviour[]) => void
  requests: ProviderRequest[]
  url: string
}

/** A credit provider on 127.0.0.1, with idempotency keys, whose misbehaviour the test scripts. */
export const startFakeProvider = async (name: string): Promise<FakeProvider> => {
  const applications = new Map<string, Record<string, unknown>>()
  const requests: ProviderRequest[] = []
  let queue: Behaviour[] = []
  const store = (key: string, body: Record<string, unknown>) => {
    if (!applications.has(key)) {
      // The answer echoes the applicant (real providers do), so the service must strip it.
      applications.set(key, {
        applicant: body.applicant ?? body.primary_applicant,
        decision: 'approved',
        [name === 'b' ? 'application_id' : 'id']: `${name}-${applications.size + 1}`,
        status: 'received',
      })
    }
    return applications.get(key)!
  }
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      const key = req.headers['idempotency-key'] as string | undefined
      requests.push({
        authorization: req.headers.authorization,
        body,
        idempotencyKey: key,
        path: req.url ?? '',
        receivedAt: Date.now(),
      })
      const behaviour = queue.shift() ?? { kind: 'accept' }
      const send = (status: number, answer: unknown, headers: Record<string, string> = {}) =>
        res
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(answer))
      if (behaviour.kind === 'status')
        return send(behaviour.status, behaviour.body ?? {}, behaviour.headers)
      if (!key) return send(400, { message: 'Idempotency-Key header is required' })
      const stored = store(key, body)
      if (behaviour.kind === 'accept') return send(201, stored)
      const timer = setTimeout(() => send(201, stored), behaviour.delayMs)
      res.on('close', () => clearTimeout(timer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    applications,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
    requests,
    script: (...next) => {
      queue = next
    },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  }
}
