/**
 * Payload's bookkeeping collections, which the API does not serve (404 for everyone,
 * src/http/collectionRoutes.ts) and the OpenAPI document leaves out: the admin UI reaches them
 * through the Local API.
 */
export const CLOSED_COLLECTIONS = new Set([
  'payload-kv',
  'payload-locked-documents',
  'payload-migrations',
])
