import type { PayloadRequest } from 'payload'

import type { Config } from '../../../payload-types'
import { routeId } from '../endpoint'
import { parseDepth } from '../params'

type Slug = keyof Config['collections']

/** Reads one record as the caller, at the requested depth (NotFound when there is none). */
export const findOne = (req: PayloadRequest, collection: Slug) =>
  req.payload.findByID({ collection, depth: parseDepth(req.query), id: routeId(req), overrideAccess: false, req })

/** Updates one record as the caller with the body's fields. */
export const updateOne = (req: PayloadRequest, collection: Slug, data: Record<string, unknown>) =>
  req.payload.update({ collection, data, depth: parseDepth(req.query), id: routeId(req), overrideAccess: false, req })

/** Creates a record as the caller. */
export const createOne = (req: PayloadRequest, collection: Slug, data: Record<string, unknown>) =>
  req.payload.create({ collection, data: data as never, depth: parseDepth(req.query), overrideAccess: false, req })
