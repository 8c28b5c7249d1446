/**
 * Many counts in one statement, each as Payload's `count` answers it to the request's user: the
 * collection's `beforeOperation` hooks, its read access, its check of the filter's paths and its
 * trash filter, then Payload's own SQL for the filter (drizzle's `buildQuery`). A page of figures
 * (the admin dashboard asks thirty) is then one round trip, not thirty calls of the Local API,
 * each with its own request, access run and statement. test/int/dashboard.test.ts compares every
 * count the dashboard asks with Payload's, for each role.
 */
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import {
  type CollectionSlug,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type Where,
} from 'payload'

import { queryPartsOf, tableNameOf } from '@/db/adapter'
import { unlessForbidden } from '@/errors'

import { callerFilter, liveOnly } from './beforeRead'
import { countOf } from './listQuery'
import { collectionOf } from './plan'
import { sendStatement } from './send'

/** A count to make; with a `cap`, counted up to cap + 1 (a queue that only says "1,000+"). */
export type CountAsk = { cap?: number; collection: CollectionSlug; where: Where }

const dialect = new PgDialect()

/**
 * What Payload's count does that this file does not: its `afterOperation` hooks, and filters on
 * virtual fields that follow a relationship (sanitizeWhereQuery rewrites their paths). A
 * collection with either is counted by Payload.
 */
const countedByPayload = (config: SanitizedCollectionConfig) =>
  Boolean(config.hooks?.afterOperation?.length) ||
  config.flattenedFields.some((field) => 'virtual' in field && typeof field.virtual === 'string')

/** One ask's SQL, or its count by Payload; a Forbidden thrown as Payload's count throws it. */
const countOfAsk = async (req: PayloadRequest, { cap, collection, where }: CountAsk) => {
  const { config } = req.payload.collections[collection]
  if (countedByPayload(config))
    return (await req.payload.count({ collection, overrideAccess: false, req, where })).totalDocs
  const { filter } = await callerFilter(
    req,
    config,
    { collection: collectionOf(req.payload, collection), req, where },
    'count',
  )
  const live = liveOnly(config, filter)
  const table = tableNameOf(req.payload, collection)
  const built = queryPartsOf(req.payload, {
    fields: config.flattenedFields,
    tableName: table,
    where: live,
  })
  return countOf(req, table, built, cap)
}

/**
 * Each group's counts, in the order asked; null where the user may not read the collection (as
 * Payload's count refuses it, Forbidden).
 */
export const countsAsCaller = async (
  req: PayloadRequest,
  groups: readonly (readonly CountAsk[])[],
): Promise<(null | number)[][]> => {
  const found = await Promise.all(
    groups.map((asks) => Promise.all(asks.map((ask) => unlessForbidden(countOfAsk(req, ask))))),
  )
  const queries = found
    .flat()
    .filter((query): query is SQL => query !== null && typeof query !== 'number')
  const column = new Map(queries.map((query, n) => [query, `c${n}`]))
  const row = queries.length ? (await sendStatement(req, statementOf(column)))[0] : undefined
  return found.map((asks) =>
    asks.map((query) =>
      query === null || typeof query === 'number' ? query : Number(row?.[column.get(query)!]),
    ),
  )
}

/** The counts as one statement, each its column. */
const statementOf = (column: Map<SQL, string>) => {
  const { params, sql: text } = dialect.sqlToQuery(
    sql`SELECT ${sql.join(
      [...column].map(([query, name]) => sql`(${query})::bigint AS ${sql.identifier(name)}`),
      sql`, `,
    )}`,
  )
  return { text, values: params }
}
