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
import { webhookDocs } from './webhooks'

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

/** The `$ref` targets (component names) anywhere inside `value`. */
const referenced = (value: unknown, found = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const item of value) referenced(item, found)
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.add(item.split('/').pop()!)
      else referenced(item, found)
    }
  }
  return found
}

/** Only the schemas the paths reach, directly or through other schemas. */
const reachable = (schemas: Record<string, unknown>, paths: unknown): Record<string, unknown> => {
  const keep = referenced(paths)
  for (let size = 0; size !== keep.size;) {
    size = keep.size
    for (const name of [...keep]) referenced(schemas[name], keep)
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => keep.has(name)))
}

export const buildOpenApiDocument = (config: SanitizedConfig) => {
  const records = recordSchemas(config)
  const webhooks = webhookDocs(config, records)
  const paths = {
    ...creditPaths(records),
    ...commercePaths(records),
    ...leadPaths(records),
    ...errorPaths(records),
    ...lookupPaths,
  }
  return {
    components: {
      schemas: reachable(
        { ...records, ...lookupSchemas, ...errorSchemas, ...webhooks.schemas },
        { paths, webhooks: webhooks.webhooks },
      ),
      securitySchemes,
    },
    info,
    openapi: '3.0.3',
    paths,
    security: [{ apiKey: [] }, { session: [] }],
    servers: [{ description: 'This service', url: '/api' }],
    'x-webhooks': webhooks.webhooks,
  }
}
