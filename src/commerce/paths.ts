import type { Endpoint } from 'payload'

import { adfEndpoint } from '@/adf/endpoint'
import type { Envelope } from '@/errors'
import { lookupEndpoints } from '@/lookups/endpoints'

import { commerceEndpoints } from '.'

/**
 * First path segments (under /api) of the endpoints that answer in the commerce envelope, read
 * from the endpoint table: every endpoint built by `apiEndpoint` carries the mark, so a new one
 * cannot be answered in the wrong envelope by the HTTP layer's checks.
 */
const COMMERCE_SEGMENTS = new Set(
  [...commerceEndpoints, ...lookupEndpoints, adfEndpoint]
    .filter((endpoint: Endpoint) => endpoint.custom?.envelope === 'commerce')
    .map((endpoint) => endpoint.path.split('/')[1]),
)

/** True for a path (relative to /api, e.g. `/deals/deal_1`) served by a commerce endpoint. */
export const isCommercePath = (path: string): boolean =>
  COMMERCE_SEGMENTS.has(path.split('/')[1] ?? '')

/** The envelope of the answers on `path` (relative to /api). */
export const envelopeOf = (path: string): Envelope =>
  isCommercePath(path) ? 'commerce' : 'payload'
