/**
 * No DELETE for nothing. The adapter's deleteMany, when its filter names other tables (a
 * relation's rows), sends two statements: the matching ids, then `DELETE … WHERE id IN (…)`,
 * sent even when no id matched (as `where false`). Payload sends such a delete on every update of
 * every collection: the release of the record's document locks (`checkDocumentLockStatus`, a
 * filter on the locks' polymorphic `document` relation), and a record being written is almost
 * never locked in the admin UI. Here the ids are found first, as the adapter finds them, and the
 * delete is sent only for those there are: one statement instead of two when none match, the same
 * two when some do. A filter on the collection's own columns is deleted as before, in one.
 */
import type { Payload } from 'payload'

import { aroundDeleteMany, queryPartsOf, tableNameOf } from './adapter'

/** Installs the check on Payload's PostgreSQL adapter (config `onInit`). */
export const skipEmptyDeletes = (payload: Payload): void =>
  aroundDeleteMany(payload, async (args, deleteMany) => {
    const { collection, req, where } = args
    const { joins } = queryPartsOf(payload, {
      fields: payload.collections[collection].config.flattenedFields,
      tableName: tableNameOf(payload, collection),
      where,
    })
    if (!joins.length) return deleteMany(args)
    const { docs } = await payload.db.find({
      collection,
      limit: 0,
      pagination: false,
      req,
      select: { id: true },
      where,
    })
    if (!docs.length) return
    await deleteMany({ ...args, where: { id: { in: docs.map((doc) => doc.id) } } })
  })
