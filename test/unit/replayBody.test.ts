/**
 * The body check reads a request's body and puts it back for Payload. This pins that trick to
 * the Node and undici in use: the body must read back whole the way Next reads it (the request
 * itself as an undici body) and the way the test bridge does (Readable.toWeb), over a kept-alive
 * connection, request after request.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'

import { replayBody } from '@/http/input/bodyGuard'

let server: http.Server
let url: string

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    await new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => chunks.push(chunk)
      req.on('data', onData)
      req.once('end', () => {
        req.off('data', onData)
        resolve()
      })
    })
    replayBody(req as never, Buffer.concat(chunks))
    const body =
      req.url === '/as-next'
        ? (req as unknown as BodyInit)
        : (Readable.toWeb(req) as ReadableStream)
    const text = await new Request('http://service/', {
      body,
      duplex: 'half',
      method: 'POST',
    } as RequestInit).text()
    res.end(text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('a replayed request body', () => {
  it.each(['/as-next', '/as-the-bridge', '/as-next', '/as-the-bridge'])(
    'reads back whole %s',
    async (path) => {
      const sent = JSON.stringify({ message: 'x'.repeat(100_000), path })
      const response = await fetch(url + path, {
        body: sent,
        headers: { 'Content-Type': 'application/json' },
        method: 'POST',
        signal: AbortSignal.timeout(5000),
      })
      expect(await response.text()).toBe(sent)
    },
  )
})
