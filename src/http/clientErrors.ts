import crypto from 'node:crypto'
import { type Server, type ServerResponse, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'

import { errorBody } from '@/errors'

import { securityHeaderList } from './securityHeaders'

/** Header pairs as raw header lines. */
const linesOf = (pairs: [string, string][]): string =>
  pairs.map(([name, value]) => `${name}: ${value}\r\n`).join('')

/** The body of a refusal, in Payload's error shape. */
const bodyOf = (status: number): string =>
  JSON.stringify(errorBody('payload', { message: STATUS_CODES[status] ?? 'Bad Request', status }))

/** A refusal's headers besides the security headers: its own request id, JSON, and the close. */
const ownHeaders = (body: string): [string, string][] => [
  ['X-Request-Id', crypto.randomUUID()],
  ['Content-Type', 'application/json; charset=utf-8'],
  ['Content-Length', String(Buffer.byteLength(body))],
  ['Connection', 'close'],
]

/**
 * Requests Node refuses before Express sees them are answered here in Payload's error shape, with
 * an X-Request-Id and the same security headers as every other answer, instead of Node's bare
 * status line: a URL or headers past Node's 16 KiB limit (431), a request too slow to arrive
 * (408), a malformed request line (400), an HTTP/1.1 request without `Host` (400) and an `Expect`
 * other than `100-continue` (417).
 */
export const answerClientErrors = (server: Server): void => {
  const security = securityHeaderList()
  const refuseOn = (res: ServerResponse, status: number) => {
    const body = bodyOf(status)
    res.writeHead(status, [...security, ...ownHeaders(body)].flat()).end(body)
  }
  // Node's own check of Host would answer first, bare; the request handler is wrapped instead.
  Object.assign(server, { requireHostHeader: false })
  const handlers = server.listeners('request')
  server.removeAllListeners('request')
  server.on('request', (req, res: ServerResponse) => {
    if (req.httpVersion === '1.1' && req.headers.host === undefined) return refuseOn(res, 400)
    for (const handler of handlers) handler.call(server, req, res)
  })
  server.on('checkExpectation', (_req, res: ServerResponse) => refuseOn(res, 417))
  const lines = linesOf(security)
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // As Node's own handler: answer only if no response has started on this socket (a pipelined
    // request's error must not be written into the middle of an earlier answer).
    // The answer under way on the socket: Node's field, which its types do not declare.
    const inFlight = Reflect.get(socket, '_httpMessage')
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy()
      return
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400
    const body = bodyOf(status)
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines}${linesOf(ownHeaders(body))}\r\n${body}`,
    )
  })
}
