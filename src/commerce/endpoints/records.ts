import type { CollectionSlug, Endpoint, PayloadRequest } from 'payload'

import { apiEndpoint, readBody, requireFields, routeId } from '@/api/endpoint'
import { ok } from '@/api/envelope'
import { parseDepth } from '@/api/params'
import { compiledRecord } from '@/reads'

import { joinOptions, joinsAsArrays } from './joins'

type Doc = Record<string, unknown>

/**
 * Reads one record as the caller, at the requested depth (NotFound when there is none): by one
 * compiled statement where the compiler reproduces the collection (src/reads), else by Payload.
 */
const findOne = async (req: PayloadRequest, collection: CollectionSlug): Promise<Doc> => {
  const depth = parseDepth(req.query)
  const compiled = await compiledRecord(req, collection, routeId(req), depth, {
    populate: joinOptions(req, collection).populate,
  })
  if (compiled) return compiled
  const doc = await req.payload.findByID({
    collection,
    depth,
    id: routeId(req),
    overrideAccess: false,
    req,
    ...joinOptions(req, collection),
  })
  return joinsAsArrays(doc, req, collection)
}

/** Options of a write answered at the requested depth, embedded records shaped as reads shape them. */
const writeOptions = (req: PayloadRequest, collection: CollectionSlug) => ({
  depth: parseDepth(req.query),
  overrideAccess: false,
  populate: joinOptions(req, collection).populate,
  req,
})

/** GET `path` (with `:id`): one record, optionally reshaped (`shape` may be async) or refused (it may throw NotFound). */
export const getRecord = ({
  collection,
  notFound,
  path,
  shape = (doc) => doc,
}: {
  collection: CollectionSlug
  notFound: string
  path: string
  shape?: (doc: Doc, req: PayloadRequest) => unknown
}): Endpoint =>
  apiEndpoint({
    method: 'get',
    notFound,
    path,
    run: async (req) => ok(await shape(await findOne(req, collection), req)),
  })

/** PATCH `path` (with `:id`): updates the record with the body's fields. */
export const updateRecord = ({
  collection,
  notFound,
  path,
}: {
  collection: CollectionSlug
  notFound: string
  path: string
}): Endpoint =>
  apiEndpoint({
    method: 'patch',
    notFound,
    path,
    run: async (req) => {
      const data = await readBody(req)
      // Read first: Payload writes the depth a Local API call used back into req.query.
      const options = writeOptions(req, collection)
      // 404 before validation errors on a record that is not there (nothing read but its id).
      await req.payload.findByID({
        collection,
        depth: 0,
        id: routeId(req),
        overrideAccess: false,
        req,
        select: {},
      })
      const doc = await req.payload.update({ collection, data, id: routeId(req), ...options })
      return ok(joinsAsArrays(doc, req, collection))
    },
  })

/**
 * POST `path`: creates a record; absent `required` fields are 400 Missing Required Information.
 * Answers 200. `compiled`: a compiled write tried first (src/flows), undefined when Payload must
 * create it.
 */
export const createRecord = ({
  collection,
  compiled,
  path,
  required,
}: {
  collection: CollectionSlug
  compiled?: (req: PayloadRequest, data: unknown) => Promise<object | undefined>
  path: string
  required: string[]
}): Endpoint => ({
  ...apiEndpoint({
    method: 'post',
    path,
    run: async (req) => {
      const data = await readBody(req)
      requireFields(data, required)
      // Read first: a Local API call of the compiled write writes its depth back into req.query.
      const options = writeOptions(req, collection)
      const written = compiled && (await compiled(req, data))
      if (written) return ok(joinsAsArrays(written, req, collection))
      const doc = await req.payload.create({
        collection,
        // The body as sent: Payload validates it against the collection's fields. Its type for a
        // slug known only at run time is the intersection of every collection's data.
        data: data as never,
        ...options,
      })
      return ok(joinsAsArrays(doc, req, collection))
    },
  }),
  // What an Idempotency-Key replay re-checks the caller's access to (src/http/idempotency.ts).
  custom: { creates: collection, envelope: 'commerce' },
})
