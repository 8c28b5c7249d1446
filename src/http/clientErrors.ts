import crypto from 'node:crypto'
import { type Server, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'

import { errorBody } from '@/errors'

import { securityHeaderList } from './securityHeaders'

/** The security headers the service sends, as raw header lines. */
const securityHeaderLines = (): string =>
  securityHeaderList()
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')

/**
 * Requests Node's HTTP parser refuses before Express sees them (a URL or headers past Node's
 * 16 KiB limit, a malformed request line) are answered here: 431, 408 or 400 in Payload's error
 * shape, with an X-Request-Id and the same security headers as every other answer, instead of
 * Node's bare status line.
 */
export const answerClientErrors = (server: Server): void => {
  const headers = securityHeaderLines()
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
    const body = JSON.stringify(
      errorBody('payload', { message: STATUS_CODES[status] ?? 'Bad Request', status }),
    )
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}X-Request-Id: ${crypto.randomUUID()}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
}
