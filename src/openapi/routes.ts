import { createRequire } from 'node:module'
import path from 'node:path'

import express, { type Router } from 'express'
import type { Payload } from 'payload'

import { buildOpenApiDocument } from './document'
import { apiIndex } from './servicePaths'

const require = createRequire(import.meta.url)
// The package's folder, found without loading its index, which evaluates the whole 1.4 MB bundle
// (a quarter of a second of every start).
const swaggerUiDir = (): string => path.dirname(require.resolve('swagger-ui-dist'))

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Commerce service API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true })`

/**
 * `GET /api`, the API's index; `GET /api/openapi.json` (built once from the collection configs);
 * and the `GET /api/docs` page, Swagger UI served from the swagger-ui-dist package (no CDN).
 * Mounted at `/api` behind the checks every API path has (a credential sent must authenticate,
 * the rate limit, the query's rules); no credential is needed (./servicePaths.ts describes them).
 */
export const openApiRoutes = (payload: Payload): Router => {
  const router = express.Router()
  let document: unknown
  router.get('/', (_req, res) => void res.json(apiIndex()))
  router.get('/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument(payload.config)
    res.json(document)
  })
  router.get('/docs', (_req, res) => void res.type('html').send(page))
  router.get('/docs/init.js', (_req, res) => void res.type('js').send(init))
  router.use('/docs', express.static(swaggerUiDir(), { index: false }))
  return router
}
