import type { IncomingMessage, Server } from 'node:http'

/** `http://host:port/path?query`: a request target in absolute form (RFC 9112, section 3.2.2). */
const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)(.*)$/i

/**
 * The target as its path and query, the host taken from it as the RFC asks of a server. A target
 * with user information (`http://user:password@host/…`), which a server should treat as an error
 * (RFC 9110, section 4.2.4), is left as it is: it names no path here (404).
 */
const toOriginForm = (req: IncomingMessage): void => {
  const absolute = ABSOLUTE_FORM.exec(req.url ?? '')
  if (!absolute || absolute[1].includes('@')) return
  const [, authority, rest] = absolute
  if (authority) req.headers.host = authority
  req.url = rest.startsWith('/') ? rest : `/${rest}`
}

/**
 * A request target in absolute form (`GET http://host/api/errors HTTP/1.1`, as a proxy sends it)
 * names the same resource as its path, and a server must accept it. Express's router sets such a
 * target's scheme and host aside when it starts and puts them back after each mount, so a path
 * rewritten inside it (./input/canonicalPath.ts) came out mangled and missed `/api`. So the target
 * is made its path here, before the app's listener sees the request. Called before
 * answerClientErrors (./clientErrors.ts), whose check that an HTTP/1.1 request names its Host
 * then comes first.
 */
export const acceptAbsoluteForm = (server: Server): void => {
  server.prependListener('request', toOriginForm)
}
