import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeVendor = {
  close: () => Promise<void>
  /** Requests received, by path and query. */
  requests: { authorization?: string; url: string }[]
  /** What the next requests get: a status and body, optionally after a delay. */
  respond: (answer: { body?: unknown; delayMs?: number; status: number }) => void
  url: string
}

/** A vehicle-data vendor on 127.0.0.1 whose answers the test sets. */
export const startFakeVendor = async (): Promise<FakeVendor> => {
  let answer: { body?: unknown; delayMs?: number; status: number } = { status: 200 }
  const requests: FakeVendor['requests'] = []
  const server = http.createServer((req, res) => {
    requests.push({ authorization: req.headers.authorization, url: req.url ?? '' })
    const { body, delayMs = 0, status } = answer
    const timer = setTimeout(
      () =>
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body ?? {})),
      delayMs,
    )
    res.on('close', () => clearTimeout(timer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
    requests,
    respond: (next) => {
      answer = next
    },
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  }
}
