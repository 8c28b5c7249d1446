/**
 * The trash (Payload's `trash`): deleting a record of a collection that declares `trash: true`
 * over the API moves it to the trash (`deletedAt` set) instead of removing it, whoever deletes
 * it. Deleting for good is a step of its own: an admin (a staff admin or an admin API client)
 * deletes a record already in the trash (`?trash=true`), and each such delete is audited. Staff
 * restore. Only staff users and admin API clients see the trash. Payload's reads leave trashed
 * records out unless asked with `?trash=true`, and so do the compiled reads (src/reads/plan.ts).
 * The service's own Local API deletes (server code, not a caller) still delete for good.
 *
 * Not declared by: users, API clients, webhook endpoints and deliveries, the audit log and lookup
 * cache (accounts and bookkeeping: a delete there must take effect), web events (deleted for
 * erasure requests and test traffic), locations (a company's `locations` join would still list a
 * trashed one: Payload's joins do not filter the trash), and the reference data other records
 * point at (addresses, cities, states, vehicles, specs, listings, media, VINs, credit bands,
 * reports).
 */
import type {
  Access,
  Collection,
  CollectionBeforeOperationHook,
  CollectionConfig,
  Endpoint,
  PayloadRequest,
  Where,
} from 'payload'
import {
  deleteByIDOperation,
  deleteOperation,
  Forbidden,
  headersWithCors,
  parseParams,
  updateByIDOperation,
  updateOperation,
} from 'payload'

import { auditDelete, recordAudit } from '@/creditData/audit'
import { withTransaction } from '@/db/transaction'

import { isAdmin } from '../../access/isAdmin'
import { ROLE_SETS } from '../../access/policy'
import { checkRole } from '../../access/roles'
import { bulkWhere } from '../../hooks/reduceFilters'
import { deletedAt, deletedBy } from './fields'
import { withTrashNote } from './titleCell'

/** Records already in the trash: the only ones deleted for good. */
const IN_THE_TRASH: Where = { deletedAt: { exists: true } }

/**
 * Payload asks the delete access with `data.deletedAt` set for a move to the trash, and without
 * it for a delete for good: the first stays whoever may delete today; the second is an admin's,
 * and reaches only records already in the trash (so a live record is never deleted for good
 * over the API, even through Payload's own handlers, and the admin UI offers "Delete
 * permanently" in the trash alone).
 */
const trashFirst =
  (remove: Access): Access =>
  async (args) => {
    if (args.data?.deletedAt) return remove(args)
    if (!isAdmin({ req: args.req })) return false
    const allowed = await remove(args)
    if (!allowed) return false
    return allowed === true ? IN_THE_TRASH : { and: [allowed, IN_THE_TRASH] }
  }

/** Staff users (of any role) and admin API clients: the callers who see the trash. */
const seesTheTrash = (req: PayloadRequest) => checkRole(req.user, ROLE_SETS.staffUsersAndAdmins)

/**
 * beforeOperation on every collection: `trash=true` (a read, count, update or delete that
 * reaches trashed records too) is for staff users and admin API clients; any other caller gets
 * 403. A dealer's filters apply to it as to any read: their company's trash alone. Neither
 * server code that overrides access nor Payload's reads of related records to embed (made with
 * `trash: true`, so that a trashed one is answered as null) are the caller asking.
 */
export const limitTrashToStaff: CollectionBeforeOperationHook = ({
  args,
  collection,
  overrideAccess,
  req,
}) => {
  if (!collection.trash || overrideAccess || !('trash' in args) || !args.trash) return args
  if ('currentDepth' in args && args.currentDepth) return args
  if (!seesTheTrash(req)) throw new Forbidden(req.t)
  return args
}

const labelOf = (label: unknown, fallback: string): string =>
  typeof label === 'string' ? label : fallback

const collectionOf = (req: PayloadRequest, slug: string): Collection =>
  req.payload.collections[slug as 'deal']

/** The path's id as Payload's handlers read it: a number where the database numbers records. */
const idOf = (req: PayloadRequest, collection: Collection): number | string => {
  const id = String(req.routeParams?.id)
  const numbered = req.payload.db.defaultIDType === 'number' && collection.customIDType !== 'text'
  return numbered ? parseFloat(id) : id
}

/** What Payload's DELETE handlers read from the query, for each operation a DELETE runs. */
const operationArgs = (req: PayloadRequest, slug: string) => {
  const { depth, overrideLock, populate, select } = parseParams(req.query)
  const collection = collectionOf(req, slug)
  return { collection, depth, overrideLock: overrideLock ?? false, populate, req, select }
}

const now = () => new Date().toISOString()

/** `trash=true`: a delete for good, which only admins may ask for (403 for anyone else). */
const forGood = (req: PayloadRequest): boolean => {
  const { trash } = parseParams(req.query)
  if (trash && !isAdmin({ req })) throw new Forbidden(req.t)
  return Boolean(trash)
}

/** Whether a record is in the trash, asked with the caller's access (an admin's). */
const isTrashed = async (req: PayloadRequest, collection: Collection, id: number | string) =>
  // An id that is not one (`/errors/abc`) names no record: Payload's own 404 follows.
  !Number.isNaN(id) &&
  (
    await req.payload.count({
      collection: collection.config.slug as 'deal',
      overrideAccess: false,
      req,
      trash: true,
      where: { and: [{ id: { equals: id } }, IN_THE_TRASH] },
    })
  ).totalDocs > 0

/**
 * An audit entry for each record deleted for good, naming who, the collection and the id, in
 * the delete's transaction. Credit data audits each of its deletes itself (src/creditData).
 */
const auditForGood = async (req: PayloadRequest, collection: Collection, ids: unknown[]) => {
  if (collection.config.hooks.afterDelete?.includes(auditDelete)) return
  for (const id of ids) {
    await recordAudit(req, {
      action: 'delete',
      collection: collection.config.slug,
      fields: [],
      recordId: String(id),
    })
  }
}

/** A DELETE answers as it always has: the trash's marks are left out of the record it names. */
const withoutTrashMarks = <T extends object>(doc: T): T => {
  const {
    deletedAt: _at,
    deletedBy: _by,
    ...rest
  } = doc as T & {
    deletedAt?: unknown
    deletedBy?: unknown
  }
  return rest as T
}

const answer = (req: PayloadRequest, body: object, status = 200) =>
  Response.json(body, { headers: headersWithCors({ headers: new Headers(), req }), status })

/**
 * DELETE /:id moves the record to the trash and answers as a delete. With `trash=true`, an
 * admin's DELETE of a record already in the trash deletes it for good; of a live record, it
 * moves it to the trash like any other.
 */
const deleteOne =
  (slug: string): Endpoint['handler'] =>
  async (req) => {
    const args = operationArgs(req, slug)
    const id = idOf(req, args.collection)
    const message = req.t('general:deletedSuccessfully')
    if (forGood(req) && (await isTrashed(req, args.collection, id))) {
      const doc = await withTransaction(req, async () => {
        const deleted = await deleteByIDOperation({ ...args, id, trash: true })
        await auditForGood(req, args.collection, [deleted.id])
        return deleted
      })
      return answer(req, { doc, message })
    }
    const doc = await updateByIDOperation({ ...args, id, data: { deletedAt: now() } })
    return answer(req, { doc: withoutTrashMarks(doc), message })
  }

/**
 * DELETE / moves what the filter finds to the trash. With `trash=true`, an admin's deletes for
 * good what the filter finds in the trash, and moves the live records it finds there. A filter
 * that constrains nothing is a 400, as for every bulk write (hooks/reduceFilters.ts).
 */
const deleteMany =
  (slug: string): Endpoint['handler'] =>
  async (req) => {
    const args = operationArgs(req, slug)
    const filter = bulkWhere(parseParams(req.query).where, 'delete')
    const emptying = forGood(req)
    const result = await withTransaction(req, async () => {
      // First the trashed records, for good; then the live ones, to the trash (not both).
      const removed = emptying
        ? await deleteOperation({ ...args, trash: true, where: filter })
        : { docs: [], errors: [] }
      await auditForGood(
        req,
        args.collection,
        removed.docs.map((doc) => doc.id),
      )
      const moved = await updateOperation({ ...args, data: { deletedAt: now() }, where: filter })
      return {
        docs: [...removed.docs, ...moved.docs.map(withoutTrashMarks)],
        errors: [...removed.errors, ...moved.errors],
      }
    })
    const docs = result.docs
    const errors = result.errors.map((error) =>
      error.isPublic ? error : { ...error, message: 'Something went wrong.' },
    )
    const { plural, singular } = args.collection.config.labels
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
    return answer(req, { docs, errors, message }, errors.length ? 400 : 200)
  }

/** Ours before Payload's own routes (a collection's endpoints come first). */
const deleteEndpoints = (slug: string): Endpoint[] => [
  { handler: deleteOne(slug), method: 'delete', path: '/:id' },
  { handler: deleteMany(slug), method: 'delete', path: '/' },
]

/** The trash of a collection that declares `trash: true` (plugins/commerce). */
export const withTrash = (collection: CollectionConfig): CollectionConfig => {
  if (!collection.trash) return collection
  const remove = collection.access?.delete
  if (!remove) throw new Error(`${collection.slug}: the trash needs a delete access function`)
  return {
    ...collection,
    access: { ...collection.access, delete: trashFirst(remove) },
    endpoints: [...deleteEndpoints(collection.slug), ...(collection.endpoints || [])],
    fields: [
      ...withTrashNote(collection.fields, collection.admin?.useAsTitle),
      deletedAt,
      deletedBy,
    ],
  }
}
