/**
 * The OpenAPI 3.0 description of everything served under /api: endpoints 1–19 and Payload's REST
 * API of every collection and global, with record schemas derived from the collection configs
 * (the same JSON Schema Payload generates its types from), so it cannot drift from them.
 */
import type { SanitizedConfig } from 'payload'

import { adfPaths } from './adf'
import { commercePaths, commerceSchemas, creditPaths } from './commercePaths'
import { lookupPaths, lookupSchemas } from './lookups'
import { sharedParameters } from './parameters'
import { numberedRestPaths } from './payloadPaths'
import { recordSchemas } from './records'
import { errorSchemas, type Obj, sharedResponses } from './responses'
import {
  collectionPaths,
  collectionTag,
  globalPaths,
  GLOBALS_TAG,
  inputSchemas,
  ROOT_TAG,
  rootPaths,
  servedCollections,
  versionSchema,
} from './rest'
import { COMPLIANCE_REPORTS_TAG, complianceRootPaths } from './rest/complianceRecordRoutes'
import { COMPLIANCE_TAG, compliancePaths } from './rest/complianceRoutes'
import { API_NAME, API_VERSION, SERVICE_TAG, servicePaths } from './servicePaths'
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
  contact: { name: 'The commerce service team' },
  description: [
    'Records of an automotive retail flow: consumers, credit applications and reports, deals, companies, leads and more.',
    '',
    '- Endpoints 1–10 (tags Credit and Commerce) answer in the commerce envelope `{data, success}`, errors as `{error: {code, message, details}, success: false}`; 18–19 (Vehicle lookups) answer the bare result, errors in the same envelope.',
    "- Every collection is also served by Payload's REST API at `/<collection>` (one tag per collection; 11–17 are operations of it): list, by id, `/count`, bulk update and delete with `where`, `/versions` where kept, permissions; errors as `{errors: [{message}]}`.",
    "- Credentials: an API client's key in `Authorization`, or a staff session. A request without one where one is needed, or with one that does not authenticate, is 401; a role that may not, 403.",
    '- Every operation may answer 400 (a bad query parameter or value), 429 (the rate limit; `Retry-After`) and 503 (the database is unreachable; `Retry-After`); one that takes a body, 413 (over 1 MiB; 64 KiB on POST /errors, 32 MiB on POST /sanctions-list/load) and 415 (not JSON or form data).',
    '- A path this document does not list answers 404 in the shape of its neighbours: `{errors: [{message}]}` (`Route not found …`).',
    '- `HEAD` is answered on every path that answers `GET`: the same status and headers, no body. `OPTIONS` on any path answers 200 with the CORS headers (`Access-Control-Allow-Methods`, `Access-Control-Allow-Headers`) and an empty object.',
    '- A `GET` or `HEAD` of a path with a trailing slash (`/api/deals/`) is 308 to the path without it, its query kept (up to 1 KiB); other methods are not redirected. `/api/` is the index, as `/api` is.',
    '- `/og` (the Open Graph image of the admin UI) is served only by a process serving the admin UI, and is not part of this interface.',
  ].join('\n'),
  title: API_NAME,
  version: API_VERSION,
}

const TAG_TEXTS: Record<string, string> = {
  Commerce: 'Endpoints 5–10: contacts, web events, companies, deals, facilitators and customers.',
  [COMPLIANCE_TAG]: 'Consumer data requests and the retention dry run (docs/compliance.md).',
  Credit: 'Endpoints 1–4: credit apps, credit reports and consumers.',
  [GLOBALS_TAG]: 'Settings with one record for the whole service.',
  [SERVICE_TAG]: 'The API index, this document and its docs page.',
  [ROOT_TAG]: 'Search across collections, and what the caller may do.',
  [COMPLIANCE_REPORTS_TAG]: 'Reports for compliance: breach readiness.',
  'Vehicle lookups': 'Endpoints 18–19: total cost of ownership and listing details of a VIN.',
  Webhooks: 'The events sent to webhook endpoints (`x-webhooks`).',
}

/** Every tag an operation names, in order of first use, with what it groups. */
const tagsOf = (config: SanitizedConfig, paths: Record<string, Record<string, Obj>>) => {
  const texts = { ...TAG_TEXTS }
  for (const collection of servedCollections(config)) {
    texts[collectionTag(collection)] ??=
      `Payload's REST API of the \`${collection.slug}\` collection.`
  }
  const names = new Set<string>()
  for (const methods of Object.values(paths))
    for (const operation of Object.values(methods))
      for (const tag of operation.tags as string[]) names.add(tag)
  names.add('Webhooks')
  return [...names].map((name) => ({ description: texts[name] ?? name, name }))
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
    ...servicePaths,
    ...creditPaths(records),
    ...commercePaths(records),
    ...lookupPaths,
    ...adfPaths,
    ...rootPaths(),
    ...compliancePaths(),
    ...complianceRootPaths(),
    ...numberedRestPaths(collectionPaths(config, records), records),
    ...globalPaths(config),
  } as Record<string, Record<string, Obj>>
  return {
    components: {
      schemas: reachable(
        {
          ...records,
          ...commerceSchemas(records),
          ...inputSchemas(config, records),
          ...lookupSchemas,
          ...errorSchemas,
          Version: versionSchema,
          ...webhooks.schemas,
        },
        { paths, responses: sharedResponses(), webhooks: webhooks.webhooks },
      ),
      parameters: sharedParameters,
      responses: sharedResponses(),
      securitySchemes,
    },
    info,
    openapi: '3.0.3',
    paths,
    security: [{ apiKey: [] }, { session: [] }],
    servers: [{ description: 'This service', url: '/api' }],
    tags: tagsOf(config, paths),
    'x-webhooks': webhooks.webhooks,
  }
}
