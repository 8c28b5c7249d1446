/**
 * ADMIN_UI=separate: an API worker hands what is not the API (the admin UI's pages, assets and
 * server actions) to the one process that serves the admin UI, over a Unix socket only this
 * node's processes reach. The port, addresses and cookies stay those of the service.
 */
import http from 'node:http'

import type { RequestHandler } from 'express'

import { logger } from '@/lib/logger'

import { adminUiPending } from './adminPages'

/** Hop-by-hop headers: about one connection, never forwarded. */
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

const agent = new http.Agent({ keepAlive: true })
const starting = adminUiPending(() => 'starting')

export const adminProxy =
  (socketPath: string): RequestHandler =>
  (req, res, next) => {
    const headers: http.OutgoingHttpHeaders = {}
    for (const [name, value] of Object.entries(req.headers))
      if (!HOP.has(name) && value !== undefined) headers[name] = value
    // X-Request-Id goes along: the admin process logs the request under the id given here.
    const upstream = http.request(
      { agent, headers, method: req.method, path: req.originalUrl, socketPath },
      (answer) => {
        res.status(answer.statusCode ?? 502)
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP.has(name) && value !== undefined) res.setHeader(name, value)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error) => {
      if (res.headersSent) return void res.destroy()
      // Not listening yet (starting, or being replaced): the page that reloads itself.
      const code = 'code' in error ? error.code : undefined
      if (code === 'ECONNREFUSED' || code === 'ENOENT') return starting(req, res, next)
      logger.warn({ err: error }, 'the admin UI process did not answer')
      next(error)
    })
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy()
    })
    req.pipe(upstream)
  }
