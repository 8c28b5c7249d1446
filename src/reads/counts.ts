/**
 * Many counts in one statement, each as Payload's `count` answers it to the request's user: the
 * collection's `beforeOperation` hooks, its read access, its check of the filter's paths and its
 * trash filter, then Payload's own SQL for the filter (drizzle's `buildQuery`). A page of figures
 * (the admin dashboard asks thirty) is then one round trip, not thirty calls of the Local API,
 * each with its own request, access run and statement. test/int/dashboard.test.ts compares every
 * count the dashboard asks with Payload's, for each role.
 */
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import {
  type CollectionSlug,
  combineQueries,
  executeAccess,
  type PayloadRequest,
  validateQueryPaths,
  type Where,
} from 'payload'

import { queryPartsOf, tableNameOf } from '@/db/adapter'
import { unlessForbidden } from '@/errors'

import { beforeRead } from './beforeRead'
import { countOf } from './listQuery'
import { sendStatement } from './send'

/** A count to make; with a `cap`, counted up to cap + 1 (a queue that only says "1,000+"). */
export type CountAsk = { cap?: number; collection: CollectionSlug; where: Where }

const dialect = new PgDialect()

/** One ask's SQL, or a Forbidden thrown as Payload's count throws it. */
const countQuery = async (req: PayloadRequest, { cap, collection, where }: CountAsk) => {
  const { config } = req.payload.collections[collection]
  const args = await beforeRead(req, config, { collection, req, where }, 'count')
  const asked = (args.where as undefined | Where) ?? {}
  const filter = combineQueries(asked, await executeAccess({ req }, config.access.read))
  await validateQueryPaths({ collectionConfig: config, overrideAccess: false, req, where: asked })
  // Payload's count leaves trashed records out by this condition (appendNonTrashedFilter).
  const live = config.trash ? combineQueries(filter, { deletedAt: { exists: false } }) : filter
  const table = tableNameOf(req.payload, collection)
  const built = queryPartsOf(req.payload, {
    fields: config.flattenedFields,
    tableName: table,
    where: live,
  })
  return countOf(req, table, built, cap)
}

/** Each ask's count, in order; null where the user may not read the collection. */
export const countsAsCaller = async (
  req: PayloadRequest,
  asks: readonly CountAsk[],
): Promise<(null | number)[]> => {
  const queries = await Promise.all(asks.map((ask) => unlessForbidden(countQuery(req, ask))))
  const asked = queries.flatMap((query) => (query ? [query] : []))
  if (!asked.length) return queries.map(() => null)
  const { params, sql: text } = dialect.sqlToQuery(
    sql`SELECT ${sql.join(
      asked.map((query, n) => sql`(${query})::bigint AS ${sql.identifier(`c${n}`)}`),
      sql`, `,
    )}`,
  )
  const [row] = await sendStatement(req, { text, values: params })
  let n = 0
  return queries.map((query) => (query ? Number(row?.[`c${n++}`]) : null))
}
