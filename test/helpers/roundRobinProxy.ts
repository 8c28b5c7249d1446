/**
 * A load balancer for tests: HTTP on 127.0.0.1, each request to the next node in turn. A node
 * that refuses the connection is skipped for that request (it never reached it, so any request
 * may go to the next); a read whose connection is reset before an answer goes to the next too.
 * Writes cut off that way are answered 502, as load balancers do (they may have been saved).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type RoundRobinProxy = {
  close: () => Promise<void>
  /** Failed attempts to reach a node: method, node and error code. */
  failures: string[]
  /** How many requests each node answered, by its address. */
  served: Map<string, number>
  url: string
}

export const startRoundRobinProxy = async (nodes: string[]): Promise<RoundRobinProxy> => {
  let next = 0
  const served = new Map<string, number>()
  const failures: string[] = []
  const forward = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    first: number,
    tried = 0,
  ) => {
    const node = nodes[(first + tried) % nodes.length]
    const target = new URL(req.url ?? '/', node)
    const upstream = http.request(
      target,
      // A connection per request: a node that died is then refused at connect, never found
      // dead on a kept-alive socket halfway through a request.
      { agent: false, headers: { ...req.headers, host: target.host }, method: req.method },
      (answer) => {
        served.set(node, (served.get(node) ?? 0) + 1)
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      failures.push(`${req.method} ${node}: ${error.code ?? error.message}`)
      // Refused: the request never reached the node. Reset before an answer: a read may go again.
      const retry =
        error.code === 'ECONNREFUSED' ||
        (!res.headersSent &&
          ['GET', 'HEAD'].includes(req.method ?? '') &&
          error.code === 'ECONNRESET')
      if (retry && tried + 1 < nodes.length) {
        forward(req, res, body, first, tried + 1)
      } else if (!res.headersSent) {
        res.writeHead(502).end()
      } else {
        res.destroy()
      }
    })
    upstream.end(body)
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => forward(req, res, Buffer.concat(chunks), next++))
  })
  // A kept-alive connection is closed by the client first (fetch: after 4 s idle), never by this
  // server (Node's default: 5 s): on a busy machine the two ran close, and a request sent on a
  // socket the server was closing failed with ECONNRESET before reaching any node.
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
    failures,
    served,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  }
}
