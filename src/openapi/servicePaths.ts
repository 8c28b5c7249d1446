/**
 * What `/api` answers about itself: its index (`GET /api`), this document (`GET /api/openapi.json`)
 * and its docs page (`GET /api/docs`). No credential is needed, but they pass the checks of every
 * API path (./routes.ts): a credential sent that does not authenticate is 401, the rate limit
 * applies, and so do the query's rules (`depth`, percent-encoding).
 */
import { operation, tagged } from './operation'
import { json, payloadErrors } from './responses'

export const API_NAME = 'Commerce service'
/** The interface's version, as the document's `info.version` says it. */
export const API_VERSION = '3.0'

export const SERVICE_TAG = 'Service'

/** Where to go from `GET /api`: the document, its docs page and the health checks. */
export const API_LINKS = {
  docs: '/api/docs',
  health: '/healthz',
  openapi: '/api/openapi.json',
  ready: '/readyz',
} as const

/** The body of `GET /api`. */
export const apiIndex = () => ({ links: API_LINKS, name: API_NAME, version: API_VERSION })

const service = tagged(SERVICE_TAG)
/** No credential needed; one sent must authenticate. */
const PUBLIC = [{}, { apiKey: [] }, { session: [] }]
/** The refusals of the checks every API path has. */
const REFUSALS = payloadErrors(400, 401, 429, 503)
const linkProperties = Object.fromEntries(
  Object.keys(API_LINKS).map((name) => [name, { type: 'string' }]),
)

export const servicePaths = {
  '/': {
    get: operation(
      service(
        'apiIndex',
        'The API index',
        "The service's name, the interface's version, and where the OpenAPI document, its docs page and the health checks are. No credential is needed.",
      ),
      {
        responses: {
          200: {
            content: json(
              {
                properties: {
                  links: {
                    properties: linkProperties,
                    required: Object.keys(API_LINKS),
                    type: 'object',
                  },
                  name: { type: 'string' },
                  version: { type: 'string' },
                },
                required: ['name', 'version', 'links'],
                type: 'object',
              },
              apiIndex(),
            ),
            description: 'The index',
          },
          ...REFUSALS,
        },
        security: PUBLIC,
      },
    ),
  },
  '/docs': {
    get: operation(
      service(
        'apiDocs',
        'The docs page',
        'This document as interactive documentation (Swagger UI, served by the service itself, no outside assets). No credential is needed.',
      ),
      {
        responses: {
          200: {
            content: { 'text/html': { schema: { type: 'string' } } },
            description: 'The HTML page',
          },
          ...REFUSALS,
        },
        security: PUBLIC,
      },
    ),
  },
  '/openapi.json': {
    get: operation(
      service(
        'openApiDocument',
        'This OpenAPI document',
        'The OpenAPI 3.0 description of everything served under /api, built from the collection configs when first asked for. No credential is needed.',
      ),
      {
        responses: {
          200: {
            content: json({
              additionalProperties: true,
              properties: {
                info: { type: 'object' },
                openapi: { type: 'string' },
                paths: { type: 'object' },
              },
              required: ['openapi', 'info', 'paths'],
              type: 'object',
            }),
            description: 'The document',
          },
          ...REFUSALS,
        },
        security: PUBLIC,
      },
    ),
  },
}
