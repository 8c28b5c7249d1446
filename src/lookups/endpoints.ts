import type { Endpoint } from 'payload'

import { apiEndpoint } from '@/api/endpoint'

import { vinParam } from './facts'
import { listingLookup } from './listing/lookup'
import { tcoLookup } from './tco/lookup'
import { parseTcoQuery } from './tco/query'

/**
 * Endpoints 18 and 19, with the commerce API's callers, rate limits and error envelope. The
 * listing lookup also answers at LISTING_URL's path when that is set (src/http/app.ts).
 */
export const lookupEndpoints: Endpoint[] = [
  apiEndpoint({
    method: 'get',
    path: '/tco/:vin',
    run: async (req) =>
      tcoLookup(req.payload, vinParam(req.routeParams?.vin), parseTcoQuery(req.query)),
  }),
  apiEndpoint({
    method: 'get',
    path: '/listings/:vin',
    run: async (req) => listingLookup(req.payload, vinParam(req.routeParams?.vin)),
  }),
]
