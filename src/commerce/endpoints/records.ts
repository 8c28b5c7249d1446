import type { Endpoint, PayloadRequest } from 'payload'

import type { Config } from '../../../payload-types'
import { commerceEndpoint, readBody, requireFields, routeId } from '../endpoint'
import { ok } from '../envelope'
import { parseDepth } from '../params'

type Slug = keyof Config['collections']
type Doc = Record<string, unknown>

/** Reads one record as the caller, at the requested depth (NotFound when there is none). */
const findOne = (req: PayloadRequest, collection: Slug): Promise<Doc> =>
  req.payload.findByID({ collection, depth: parseDepth(req.query), id: routeId(req), overrideAccess: false, req }) as unknown as Promise<Doc>

/** GET `path` (with `:id`): one record, optionally reshaped or refused (`shape` may throw NotFound). */
export const getRecord = ({ collection, notFound, path, shape = (doc) => doc }: { collection: Slug; notFound: string; path: string; shape?: (doc: Doc, req: PayloadRequest) => unknown }): Endpoint =>
  commerceEndpoint({ method: 'get', notFound, path, run: async (req) => ok(shape(await findOne(req, collection), req)) })

/** PATCH `path` (with `:id`): updates the record with the body's fields. */
export const updateRecord = ({ collection, notFound, path }: { collection: Slug; notFound: string; path: string }): Endpoint =>
  commerceEndpoint({
    method: 'patch',
    notFound,
    path,
    run: async (req) => {
      const data = await readBody(req)
      await findOne(req, collection) // 404 before validation errors on a record that is not there
      return ok(await req.payload.update({ collection, data, depth: parseDepth(req.query), id: routeId(req), overrideAccess: false, req }))
    },
  })

/** POST `path`: creates a record; absent `required` fields are 400 Missing Required Information. Answers 200. */
export const createRecord = ({ collection, path, required }: { collection: Slug; path: string; required: string[] }): Endpoint =>
  commerceEndpoint({
    method: 'post',
    path,
    run: async (req) => {
      const data = await readBody(req)
      requireFields(data, required)
      return ok(await req.payload.create({ collection, data: data as never, depth: parseDepth(req.query), overrideAccess: false, req }))
    },
  })
