/**
 * A closed-loop load generator on node:http: `connections` keep-alive connections, each sending
 * its next request as soon as the answer to the last one has been read, for `seconds`.
 */
import http from 'node:http'
import { performance } from 'node:perf_hooks'

export type Request = {
  body?: string
  headers?: Record<string, string>
  method: 'GET' | 'PATCH' | 'POST'
  path: string
}

export type LoadResult = {
  /** Answers other than 2xx, by status (0: no answer). */
  failures: Record<number, number>
  p50: number
  p99: number
  perSecond: number
  requests: number
}

const percentile = (sorted: number[], fraction: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] : 0

/** Sends one request and resolves with its status once the whole answer has been read. */
export const send = (agent: http.Agent, origin: string, request: Request): Promise<number> =>
  new Promise((resolve) => {
    const headers = {
      ...request.headers,
      ...(request.body
        ? {
            'content-length': String(Buffer.byteLength(request.body)),
            'content-type': 'application/json',
          }
        : {}),
    }
    const outgoing = http.request(
      `${origin}${request.path}`,
      { agent, headers, method: request.method, timeout: 60_000 },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', () => resolve(0))
      },
    )
    outgoing.on('timeout', () => outgoing.destroy())
    outgoing.on('error', () => resolve(0))
    outgoing.end(request.body)
  })

export const runLoad = async (
  origin: string,
  next: () => Request,
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  const failures: Record<number, number> = {}
  const started = performance.now()
  const deadline = started + seconds * 1000
  const connection = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now()
      const status = await send(agent, origin, next())
      latencies.push(performance.now() - sent)
      if (status < 200 || status > 299) failures[status] = (failures[status] ?? 0) + 1
    }
  }
  await Promise.all(Array.from({ length: connections }, connection))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    failures,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    perSecond: latencies.length / elapsed,
    requests: latencies.length,
  }
}
