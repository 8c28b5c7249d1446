/**
 * What `/api` answers about itself: its index (`GET /api`), this document (`GET /api/openapi.json`)
 * and its docs page (`GET /api/docs`). All three are public and served before the credential
 * check and the rate limits (./routes.ts).
 */
import { operation, tagged } from './operation'
import { json } from './responses'

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

/**
 * The one refusal these can answer: Node's own, for a request line or headers past 16 KiB.
 * (Every path can; on these it is the only one.)
 */
const HEADERS_TOO_LARGE = {
  431: {
    content: json({ properties: { message: { type: 'string' } }, type: 'object' }),
    description: 'Request Header Fields Too Large: the URL or the headers are larger than 16 KiB',
  },
}

const service = tagged(SERVICE_TAG)
/** No credential needed; one sent is not looked at. */
const PUBLIC = [{}, { apiKey: [] }, { session: [] }]
const linkProperties = Object.fromEntries(
  Object.keys(API_LINKS).map((name) => [name, { type: 'string' }]),
)

export const servicePaths = {
  '/': {
    get: operation(
      service(
        'apiIndex',
        'The API index',
        "The service's name, the interface's version, and where the OpenAPI document, its docs page and the health checks are. Public.",
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
          ...HEADERS_TOO_LARGE,
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
        'This document as interactive documentation (Swagger UI, served by the service itself, no outside assets). Public.',
      ),
      {
        responses: {
          200: {
            content: { 'text/html': { schema: { type: 'string' } } },
            description: 'The HTML page',
          },
          ...HEADERS_TOO_LARGE,
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
        'The OpenAPI 3.0 description of everything served under /api, built from the collection configs when first asked for. Public.',
      ),
      {
        responses: {
          200: {
            content: json({
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
          ...HEADERS_TOO_LARGE,
        },
        security: PUBLIC,
      },
    ),
  },
}
