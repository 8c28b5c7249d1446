/**
 * The trash (Payload's `trash`): deleting a record of these collections moves it to the trash
 * (`deletedAt` set) instead of removing it. Staff restore it; only admins (staff admins and admin
 * API clients) delete for good, which empties the trash. Payload's reads leave trashed records
 * out unless asked with `?trash=true`, and so do the compiled reads (src/reads/plan.ts).
 *
 * Left out: users, API clients, webhook endpoints and deliveries, the audit log and lookup cache
 * (accounts and bookkeeping: a delete there must take effect), web events (deleted for erasure
 * requests and test traffic), locations (a company's `locations` join would still list a trashed
 * one: Payload's joins do not filter the trash), and the reference data other records point at
 * (addresses, cities, states, vehicles, specs, listings, media, VINs, credit bands, reports).
 */
import type { Access, CollectionConfig, Endpoint, Field, FieldHook, PayloadRequest } from 'payload'
import {
  APIError,
  headersWithCors,
  parseParams,
  updateByIDOperation,
  updateOperation,
} from 'payload'

import { isAdmin } from '../../access/isAdmin'

export const TRASHED_COLLECTIONS: ReadonlySet<string> = new Set([
  'company',
  'consumer',
  'contact',
  'credit-app',
  'customer',
  'deal',
  'errors',
  'lead',
  'leadEvents',
  'pre-approval',
  'vdpEmails',
])

/**
 * Payload asks the delete access with `data.deletedAt` set for a move to the trash, and without
 * it for a permanent delete: the first stays whoever may delete today, the second is admins'.
 */
const trashOrAdmin =
  (remove: Access): Access =>
  (args) =>
    args.data?.deletedAt || isAdmin({ req: args.req }) ? remove(args) : false

/**
 * A live record's `deletedAt` is null: left out of the answer, so records read as they did
 * before the trash existed (the commerce API's shapes are fixed). A trashed one shows it.
 */
const omitWhenLive: FieldHook = ({ siblingData, value }) => {
  if (value == null) delete siblingData.deletedAt
  return undefined
}

const deletedAt: Field = {
  name: 'deletedAt',
  type: 'date',
  admin: { date: { pickerAppearance: 'dayAndTime' }, disableBulkEdit: true, hidden: true },
  hooks: { afterRead: [omitWhenLive] },
  index: true,
  label: 'Moved to the trash',
}

const labelOf = (label: unknown, fallback: string): string =>
  typeof label === 'string' ? label : fallback

const collectionOf = (req: PayloadRequest, slug: string) => req.payload.collections[slug as 'deal']

/** Payload's own handler of the route (after ours in the collection's endpoints). */
const payloadHandler = (req: PayloadRequest, slug: string, path: string) => {
  const endpoints = (collectionOf(req, slug).config.endpoints || []) as Endpoint[]
  const endpoint = endpoints.find(
    (one) => one.method === 'delete' && one.path === path && !one.custom?.trash,
  )
  if (!endpoint) throw new Error(`no DELETE ${path} handler for ${slug}`)
  return endpoint.handler(req)
}

/** The path's id as Payload's handlers read it: a number where the database numbers records. */
const idOf = (req: PayloadRequest, slug: string): number | string => {
  const id = String(req.routeParams?.id)
  const numbered =
    req.payload.db.defaultIDType === 'number' && collectionOf(req, slug).customIDType !== 'text'
  return numbered ? parseFloat(id) : id
}

/** A DELETE by a caller who may not delete for good is a move to the trash, answered as a delete. */
const mayOnlyTrash = (req: PayloadRequest) => !parseParams(req.query).trash && !isAdmin({ req })

const withoutDeletedAt = <T extends object>(doc: T): T => {
  const { deletedAt: _, ...rest } = doc as T & { deletedAt?: unknown }
  return rest as T
}

const deleteEndpoints = (slug: string): Endpoint[] => [
  {
    custom: { trash: true },
    handler: async (req) => {
      if (!mayOnlyTrash(req)) return payloadHandler(req, slug, '/:id')
      const { depth, populate, select } = parseParams(req.query)
      const doc = await updateByIDOperation({
        id: idOf(req, slug),
        collection: collectionOf(req, slug),
        data: { deletedAt: new Date().toISOString() },
        depth,
        populate,
        req,
        select,
      })
      return Response.json(
        { doc: withoutDeletedAt(doc), message: req.t('general:deletedSuccessfully') },
        { headers: headersWithCors({ headers: new Headers(), req }), status: 200 },
      )
    },
    method: 'delete',
    path: '/:id',
  },
  {
    custom: { trash: true },
    handler: async (req) => {
      if (!mayOnlyTrash(req)) return payloadHandler(req, slug, '/')
      const collection = collectionOf(req, slug)
      const { depth, populate, select, where } = parseParams(req.query)
      // As Payload's bulk delete: never every record for want of a filter.
      if (!where) throw new APIError("Missing 'where' query of documents to delete.", 400)
      const result = await updateOperation({
        collection,
        data: { deletedAt: new Date().toISOString() },
        depth,
        populate,
        req,
        select,
        where,
      })
      const docs = result.docs.map(withoutDeletedAt)
      const errors = result.errors.map((error) =>
        error.isPublic ? error : { ...error, message: 'Something went wrong.' },
      )
      const { plural, singular } = collection.config.labels
      const total = docs.length + errors.length
      const message = errors.length
        ? req.t('error:unableToDeleteCount', {
            count: errors.length,
            label: labelOf(total === 1 ? singular : plural, slug),
            total,
          })
        : req.t('general:deletedCountSuccessfully', {
            count: docs.length,
            label: labelOf(docs.length === 1 ? singular : plural, slug),
          })
      return Response.json(
        { docs, errors, message },
        {
          headers: headersWithCors({ headers: new Headers(), req }),
          status: errors.length ? 400 : 200,
        },
      )
    },
    method: 'delete',
    path: '/',
  },
]

/** Turns the trash on for the collections in TRASHED_COLLECTIONS (payload.config.ts). */
export const withTrash = (collections: CollectionConfig[]): CollectionConfig[] =>
  collections.map((collection) => {
    if (!TRASHED_COLLECTIONS.has(collection.slug)) return collection
    const remove = collection.access?.delete
    if (!remove) throw new Error(`${collection.slug}: the trash needs a delete access function`)
    return {
      ...collection,
      access: { ...collection.access, delete: trashOrAdmin(remove) },
      endpoints: [...deleteEndpoints(collection.slug), ...(collection.endpoints || [])],
      fields: [...collection.fields, deletedAt],
      trash: true,
    }
  })
