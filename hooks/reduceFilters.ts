import type { CollectionBeforeOperationHook, Where } from 'payload'

import { ClientError } from '@/errors'
import { reduceWhere } from '@/lib/whereTree'

/** The operations that take a `where`: reads (of versions too: Payload calls those `read`), counts, bulk writes. */
const FILTERED = new Set(['count', 'countVersions', 'delete', 'read', 'readDistinct', 'update'])

/**
 * A bulk write's filter as Payload runs it (src/lib/whereTree.ts); one that constrains nothing
 * is refused with Payload's own answer to a bulk write without one (400), before anything is
 * written: `where[]=`, `where[and][0]=`, `where[id]=`, and a condition whose value is empty or
 * only spaces (`where[id][not_equals]=`, `where[id][in]=`, `where[name][like]=%20`) are no filter.
 */
export const bulkWhere = (where: unknown, operation: 'delete' | 'update'): Where => {
  const reduced = reduceWhere(where)
  if (!reduced) throw new ClientError(`Missing 'where' query of documents to ${operation}.`, 400)
  return reduced
}

/**
 * beforeOperation on every collection: each `where` is reduced as Payload reads it, and Payload
 * runs the reduced tree, so a bulk update or delete touches exactly what a read with the same
 * filter lists; a bulk update or delete whose filter constrains nothing is a 400. A write by id
 * names its record instead (`id`, no `where`).
 */
export const reduceFilters: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (!FILTERED.has(operation) || !('where' in args)) return args
  const byId = 'id' in args && args.id !== undefined
  if ((operation === 'delete' || operation === 'update') && !byId)
    return { ...args, where: bulkWhere(args.where, operation) }
  return args.where === undefined ? args : { ...args, where: reduceWhere(args.where) }
}
