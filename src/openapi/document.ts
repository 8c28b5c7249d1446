/**
 * The OpenAPI 3.0 description of endpoints 1–19, with record schemas derived from the collection
 * configs (the same JSON Schema Payload generates its types from), so it cannot drift from them.
 */
import type { SanitizedConfig } from 'payload'

import { commercePaths, creditPaths } from './commercePaths'
import { lookupPaths, lookupSchemas } from './lookups'
import { errorPaths, leadPaths } from './payloadPaths'
import { recordSchemas } from './records'
import { errorSchemas } from './responses'

const securitySchemes = {
  apiKey: {
    description:
      "An API client's key: `Authorization: api-clients API-Key <key>` (the bare key is accepted too). Create one with `npm run create-api-key`.",
    in: 'header',
    name: 'Authorization',
    type: 'apiKey',
  },
  session: {
    description: 'A staff session from POST /api/users/login.',
    in: 'cookie',
    name: 'payload-token',
    type: 'apiKey',
  },
}

const info = {
  description:
    "Records of an automotive retail flow. Endpoints 1–10 answer in the commerce envelope; 11–17 are Payload's REST API; 18–19 are the vehicle lookups (commerce errors).",
  title: 'Commerce service',
  version: '3.0',
}

export const buildOpenApiDocument = (config: SanitizedConfig) => {
  const records = recordSchemas(config)
  return {
    components: {
      schemas: { ...records, ...lookupSchemas, ...errorSchemas },
      securitySchemes,
    },
    info,
    openapi: '3.0.3',
    paths: {
      ...creditPaths(records),
      ...commercePaths(records),
      ...leadPaths(records),
      ...errorPaths(records),
      ...lookupPaths,
    },
    security: [{ apiKey: [] }, { session: [] }],
    servers: [{ description: 'This service', url: '/api' }],
  }
}
