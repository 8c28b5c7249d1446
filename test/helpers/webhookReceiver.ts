import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { Webhook } from 'standardwebhooks'

export type Received = {
  /** The JSON body, parsed; for any other type (ADF's XML), the text as received. */
  body: any
  /** The body as received: what the signature covers. */
  raw: string
  headers: Record<string, string>
  id: string
  receivedAt: number
  /** Which of `secrets` verified the signature, or -1. */
  verifiedWith: number
}

/** What the next requests get: a status (and headers), after `delayMs`; after the script, 204. */
export type Answer = { delayMs?: number; headers?: Record<string, string>; status: number }

export type WebhookReceiver = {
  close: () => Promise<void>
  received: Received[]
  script: (...answers: Answer[]) => void
  /** Secrets to verify with, current first (set once the endpoint's secret is known). */
  secrets: string[]
  url: string
  /** Resolves once `count` requests passing `filter` have arrived (rejects after `ms`). */
  waitFor: (count: number, filter?: (item: Received) => boolean, ms?: number) => Promise<Received[]>
}

/** A webhook receiver on 127.0.0.1 that verifies every request it gets, as an integrator's would. */
export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  const received: Received[] = []
  let answers: Answer[] = []
  /** Answers still being delayed: dropped on close. */
  const pending = new Set<NodeJS.Timeout>()
  const receiver = { secrets: [] as string[] }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      )
      const json = /json/.test(headers['content-type'] ?? '')
      const verifiedWith = receiver.secrets.findIndex((secret) => {
        try {
          if (json) {
            new Webhook(secret).verify(raw, headers)
            return true
          }
          // The Node library's verify also parses the body as JSON: an XML body (ADF) is checked
          // by signing it again and finding that signature among those sent.
          const sentAt = new Date(Number(headers['webhook-timestamp']) * 1000)
          const expected = new Webhook(secret).sign(headers['webhook-id'], sentAt, raw)
          return (headers['webhook-signature'] ?? '').split(' ').includes(expected)
        } catch {
          return false
        }
      })
      received.push({
        body: json ? JSON.parse(raw) : raw,
        headers,
        raw,
        id: headers['webhook-id'],
        receivedAt: Date.now(),
        verifiedWith,
      })
      const answer = answers.shift() ?? { status: 204 }
      const timer = setTimeout(() => {
        pending.delete(timer)
        response.writeHead(answer.status, answer.headers).end()
      }, answer.delayMs ?? 0)
      pending.add(timer)
    })
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return Object.assign(receiver, {
    close: async () => {
      for (const timer of pending) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
    received,
    script: (...next: Answer[]) => {
      answers = next
    },
    url,
    waitFor: async (
      count: number,
      filter: (item: Received) => boolean = () => true,
      ms = 20_000,
    ) => {
      const deadline = Date.now() + ms
      while (received.filter(filter).length < count) {
        if (Date.now() > deadline)
          throw new Error(
            `waited ${ms} ms for ${count} webhooks, got ${received.filter(filter).length}`,
          )
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return received.filter(filter)
    },
  })
}
