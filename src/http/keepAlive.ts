import type { Server } from 'node:http'

/**
 * How long an idle kept-alive connection stays open. Node closes one after 5 s, so a client that
 * reuses its connection after a pause can send a request just as the service closes it and get
 * "socket hang up". A minute and a bit outlasts the idle timeout of the usual load balancers
 * (60 s), which must close first so that they never send on a connection the service has closed.
 */
export const KEEP_ALIVE_MS = 65_000

export const keepConnectionsAlive = (server: Server): void => {
  server.keepAliveTimeout = KEEP_ALIVE_MS
  // Node's rule: the time allowed for a request's headers must exceed the idle timeout.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000
}
