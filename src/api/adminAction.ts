import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import { refusalFor } from './refusal'

/**
 * A `POST /api/<collection>/:id/<action>` for staff admins and admin API clients: 401 without a
 * caller, 403 for anyone else, 404 for a record the caller may not read (read as the caller),
 * then `run` with the record's id.
 */
export const adminAction = (
  collection: CollectionSlug,
  action: string,
  run: (req: PayloadRequest, id: string) => Promise<Response>,
): Endpoint => ({
  handler: async (req) => {
    const refused = refusalFor(req, 'admins')
    if (refused) return refused
    // The route's `:id`: always a path segment.
    const id = String(req.routeParams?.id)
    await req.payload.findByID({ collection, depth: 0, id, overrideAccess: false, req })
    return run(req, id)
  },
  method: 'post',
  path: `/:id/${action}`,
})
