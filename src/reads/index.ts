/**
 * Compiled reads: a commerce read (one record by id, or a page of a list) answered by one SQL
 * statement built from the collection's config (src/reads/plan.ts, statement.ts), instead of
 * Payload's find, which reads the record, then each level of related records, then runs every
 * field's hooks in JS. Payload stays the source of truth: its `beforeOperation` hooks, its
 * access functions, its filter validation and its SQL for filters and sorts (drizzle's
 * `buildQuery`) are called as its own find calls them, and anything the compiler does not
 * reproduce exactly makes the read answer `undefined`: the caller then reads through Payload.
 * test/int/compiledReads.test.ts compares the two answers.
 */
import { createHash } from 'node:crypto'

import { buildQuery } from '@payloadcms/drizzle'
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type {
  PaginatedDocs,
  Payload,
  PayloadRequest,
  SanitizedCollectionConfig,
  Where,
} from 'payload'
import { combineQueries, executeAccess, NotFound, validateQueryPaths } from 'payload'

import { pageAfterCursor, rowsAfter, sortWithId } from '@/api/cursor'
import type { ListParams } from '@/api/params'
import { logger } from '@/lib/logger'
import { compiledReadExcepted } from '@/lib/safeToCompile'
import { settings } from '@/lib/settings'

import { collectionOf, type Plan, planOf, Refusal } from './plan'
import { sendStatement } from './send'
import { type Decision, documentOf, type Walk } from './statement'

type Doc = Record<string, unknown>

/** One built statement and the access answers it holds for; a list's keeps its unfiltered pages' statements by sort. */
type Variant = {
  decisions: Decision[]
  name: string
  pages?: Map<string, { name: string; text: string }>
  text: string
  walk?: Walk
}

const variants = new WeakMap<Payload, Map<string, Variant[]>>()

const refusedOnce = new Set<string>()
/** Logged once per reason: which reads go through Payload, and why. */
const fallBack = (why: string): undefined => {
  if (!refusedOnce.has(why)) {
    refusedOnce.add(why)
    logger.debug({ reason: why }, 'a commerce read is not compiled: Payload reads it')
  }
  return undefined
}

/** A prepared statement's name: the same text, the same name, on every connection. */
const nameOf = (text: string) =>
  `r_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`

/** The statement for `key`, built for this caller's access answers or reused from a caller with the same. */
const variantOf = (
  req: PayloadRequest,
  key: string,
  build: (decisions: Decision[]) => Omit<Variant, 'decisions' | 'name'>,
): Variant => {
  let byKey = variants.get(req.payload)
  if (!byKey) variants.set(req.payload, (byKey = new Map()))
  const known = byKey.get(key) ?? []
  const hit = known.find(({ decisions }) =>
    decisions.every(({ answer, ask }) => ask(req) === answer),
  )
  if (hit) return hit
  const decisions: Decision[] = []
  const built = build(decisions)
  const variant = { decisions, name: nameOf(built.text), ...built }
  byKey.set(key, [...known, variant])
  return variant
}

const beforeRead = async (
  req: PayloadRequest,
  config: SanitizedCollectionConfig,
  args: Doc,
): Promise<Doc> => {
  let result = args
  for (const hook of config.hooks?.beforeOperation ?? []) {
    result =
      (await hook({
        args: result as never,
        collection: config,
        context: req.context,
        operation: 'read',
        overrideAccess: false,
        req,
      })) ?? result
  }
  return result
}

/** Reads answered by a compiled statement since the process started (tests check the path taken). */
export const compiledReads = { served: 0 }

let setting: { enabled: boolean; raw?: string } | undefined
/** COMPILED_READS, parsed again only when the variable changes (tests turn it off and on). */
const enabled = (): boolean => {
  const raw = process.env.COMPILED_READS
  if (!setting || setting.raw !== raw)
    setting = { enabled: settings('database').COMPILED_READS, raw }
  return setting.enabled
}

const planFor = (req: PayloadRequest, slug: string): Plan | undefined => {
  if (!enabled()) return undefined
  if (compiledReadExcepted(req))
    return fallBack('a request a read hook is not safe for (an SSN reveal)')
  const plan = planOf(req.payload, slug)
  return plan instanceof Refusal ? fallBack(plan.message) : plan
}

/** Runs `body`; a refusal found while building the statement makes the read Payload's. */
const unlessRefused = async <T>(body: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await body()
  } catch (error) {
    if (error instanceof Refusal) return fallBack(error.message)
    throw error
  }
}

/** The record as Payload's findByID answers it at `depth`, or undefined when Payload must read it. */
export const compiledRecord = (
  req: PayloadRequest,
  slug: string,
  id: string,
  depth: number,
): Promise<Doc | undefined> =>
  unlessRefused(async () => {
    const plan = planFor(req, slug)
    if (!plan) return undefined
    await beforeRead(req, plan.config, {
      collection: collectionOf(req.payload, slug),
      depth,
      id,
      req,
    })
    const access = await executeAccess({ id, req }, plan.config.access.read)
    if (access !== true) return fallBack(`${slug}: read access with a filter`)
    const variant = variantOf(req, `${slug}:${depth}:one`, (decisions) => {
      const document = documentOf(
        { decisions, payload: req.payload, req },
        plan,
        't0',
        depth,
        false,
      )
      return {
        text: `SELECT ${document.sql} AS doc FROM "${plan.table}" t0 WHERE t0.id = $1${plan.trash ? ' AND t0.deleted_at IS NULL' : ''}`,
        walk: document.walk,
      }
    })
    const rows = await sendStatement(req, { name: variant.name, text: variant.text, values: [id] })
    const doc = rows[0]?.doc as Doc | undefined
    if (!doc) throw new NotFound(req.t)
    await variant.walk?.(doc, req)
    compiledReads.served++
    return doc
  })

const dialect = new PgDialect()

type Built = {
  joins: { condition: SQL; table: unknown; type?: string }[]
  orderBy: { column: unknown; order: (column: unknown) => SQL }[]
  selectFields: Record<string, unknown>
  where?: SQL
}

/** Payload's own SQL for a filter and a sort (what its find runs), as drizzle query parts. */
const payloadQuery = (
  req: PayloadRequest,
  plan: Plan,
  where: Where | undefined,
  sort: string[],
): Built =>
  buildQuery({
    adapter: req.payload.db as never,
    fields: plan.config.flattenedFields,
    locale: undefined,
    sort: sort as never,
    tableName: plan.table,
    where: where ?? {},
  }) as unknown as Built

type Drizzle = {
  select: (fields?: unknown) => Query
  selectDistinct: (fields: unknown) => Query
}
type Query = {
  $dynamic: () => Query
  from: (table: unknown) => Query
  leftJoin: (table: unknown, on: SQL) => Query
  limit: (n: number) => Query
  offset: (n: number) => Query
  orderBy: (...columns: SQL[]) => Query
  where: (where: SQL) => Query
}

// drizzle's query builder, typed here by the few methods used (its own types are per schema).
const drizzleOf = (payload: Payload): Drizzle => Reflect.get(payload.db as object, 'drizzle')

const withJoins = (query: Query, built: Built): Query => {
  let result = built.where ? query.where(built.where) : query
  for (const { condition, table, type } of built.joins) {
    result = (Reflect.get(result, type ?? 'leftJoin') as Query['leftJoin']).call(
      result,
      table,
      condition,
    )
  }
  return result
}

/**
 * The page's ids in order, as Payload's find selects them: distinct when the filter joins other
 * tables (the sort's columns are then selected too, under names of their own).
 */
const idsOf = (
  req: PayloadRequest,
  plan: Plan,
  built: Built,
  limit: number,
  offset: number,
): Query => {
  const db = drizzleOf(req.payload)
  const table = Reflect.get(req.payload.db, 'tables')[plan.table]
  const id = sql`${sql.identifier(plan.table)}.id`.as('page_id')
  const select = built.joins.length
    ? db.selectDistinct({
        id,
        ...Object.fromEntries(
          built.orderBy.map(({ column }, n) => [`o${n}`, sql`${column}`.as(`o${n}`)]),
        ),
      })
    : db.select({ id })
  return withJoins(select.from(table).$dynamic(), built)
    .orderBy(...built.orderBy.map(({ column, order }) => order(column)))
    .offset(offset)
    .limit(limit)
}

/**
 * The count Payload's find answers (its countDistinct): the filter's rows, distinct ids when the
 * filter joins other tables; with no filter, the kept row count.
 */
const countOf = (req: PayloadRequest, plan: Plan, built: Built): SQL => {
  const table = Reflect.get(req.payload.db, 'tables')[plan.table]
  if (!built.where && !built.joins.length) {
    return sql`coalesce((SELECT row_count FROM row_counts WHERE table_name = ${plan.table}), (SELECT count(*) FROM ${sql.identifier(plan.table)}))`
  }
  const db = drizzleOf(req.payload)
  return sql`${withJoins(
    db
      .select({
        count: built.joins.length
          ? sql`count(DISTINCT ${sql.identifier(plan.table)}.id)`
          : sql`count(*)`,
      })
      .from(table)
      .$dynamic(),
    built,
  )}`
}

/** The page by Payload's find's rules, or by the cursor's (src/api/cursor.ts). */
const pageOf = (
  docs: Doc[],
  total: number,
  params: ListParams,
  joined: boolean,
): PaginatedDocs<Doc> => {
  const { limit, page } = params
  if (params.after) return pageAfterCursor(docs, limit, params.after, total)
  // One page or none, as Payload's find answers it: an empty page of a joined filter is page 1 of
  // 0, any other page of a filter that matched nothing counts as 1 page.
  const alone = {
    docs,
    hasNextPage: false,
    hasPrevPage: false,
    limit,
    nextPage: null,
    prevPage: null,
  }
  if (!docs.length && joined)
    return { ...alone, page: 1, pagingCounter: 0, totalDocs: 0, totalPages: 0 }
  if (!total) return { ...alone, page, pagingCounter: 1, totalDocs: docs.length, totalPages: 1 }
  const totalPages = Math.ceil(total / limit)
  const hasPrevPage = page > 1
  const hasNextPage = totalPages > page
  return {
    docs,
    hasNextPage,
    hasPrevPage,
    limit,
    nextPage: hasNextPage ? page + 1 : null,
    page,
    pagingCounter: (page - 1) * limit + 1,
    prevPage: hasPrevPage ? page - 1 : null,
    totalDocs: total,
    totalPages,
  }
}

/**
 * The statement of a page with no filter at all (the usual first page): its text depends only on
 * the shape and the sort, so it is built once and prepared, and the page's limit and offset are
 * its two values. The total is the kept row count where there is one (src/db/rowCounts.ts).
 */
const unfilteredPage = (
  req: PayloadRequest,
  plan: Plan,
  variant: Variant,
  built: Built,
  sort: string[],
): { name: string; text: string } => {
  const pages = (variant.pages ??= new Map())
  const key = sort.join()
  const known = pages.get(key)
  if (known) return known
  const order = dialect.sqlToQuery(
    sql.join(
      built.orderBy.map(({ column, order }) => order(column)),
      sql`, `,
    ),
  ).sql
  const table = `"${plan.table}"`
  // With a trash, the live rows: the kept count less the trashed ones (few, and indexed).
  const live = plan.trash ? ` WHERE ${table}.deleted_at IS NULL` : ''
  const trashed = plan.trash
    ? ` - (SELECT count(*) FROM ${table} WHERE ${table}.deleted_at IS NOT NULL)`
    : ''
  const text = `WITH page AS (SELECT s.id, row_number() OVER () AS n FROM (SELECT ${table}.id FROM ${table}${live} ORDER BY ${order} LIMIT $1 OFFSET $2) s)
    SELECT (${variant.text}) AS docs, coalesce((SELECT row_count FROM row_counts WHERE table_name = '${plan.table}')${trashed}, (SELECT count(*) FROM ${table}${live}))::bigint AS total`
  const statement = { name: nameOf(text), text }
  pages.set(key, statement)
  return statement
}

/** The statement of a filtered page, or of a page after a cursor: drizzle renders Payload's filter SQL. */
const filteredPage = (
  req: PayloadRequest,
  plan: Plan,
  variant: Variant,
  counted: Built,
  filter: Where,
  sort: string[],
  params: ListParams,
): { text: string; values: unknown[] } => {
  const paged = params.after
    ? payloadQuery(req, plan, { and: [filter, rowsAfter(params.after)] }, sort)
    : counted
  const ids = params.after
    ? idsOf(req, plan, paged, params.limit + 1, 0)
    : idsOf(req, plan, paged, params.limit, (params.page - 1) * params.limit)
  const query =
    dialect.sqlToQuery(sql`WITH page AS (SELECT s.page_id AS id, row_number() OVER () AS n FROM ${ids} s)
      SELECT (${sql.raw(variant.text)}) AS docs, (${countOf(req, plan, counted)})::bigint AS total`)
  return { text: query.sql, values: query.params }
}

/** A page of a commerce list as Payload's find (or the cursor's reading) answers it, or undefined. */
export const compiledPage = (
  req: PayloadRequest,
  slug: string,
  params: ListParams,
): Promise<PaginatedDocs<Doc> | undefined> =>
  unlessRefused(async () => {
    const plan = planFor(req, slug)
    if (!plan) return undefined
    const sortField = plan.config.flattenedFields.find(({ name }) => name === params.order.field)
    if (sortField && 'access' in sortField && sortField.access?.read)
      return fallBack(`${slug}.${params.order.field}: sorting by a field with read access`)
    const sort = sortWithId(params.order)
    const args = await beforeRead(req, plan.config, {
      collection: collectionOf(req.payload, slug),
      depth: params.depth,
      limit: params.limit,
      page: params.page,
      req,
      sort,
      where: params.where,
    })
    const where = args.where as Where | undefined
    const access = await executeAccess({ req }, plan.config.access.read)
    const filter = combineQueries(where ?? {}, access)
    await validateQueryPaths({
      collectionConfig: plan.config,
      overrideAccess: false,
      req,
      where: where ?? {},
    })
    const variant = variantOf(req, `${slug}:${params.depth}:list`, (decisions) => {
      const document = documentOf(
        { decisions, payload: req.payload, req },
        plan,
        't0',
        params.depth,
        false,
      )
      return {
        text: `SELECT coalesce(json_agg(${document.sql} ORDER BY page.n), '[]') FROM page JOIN "${plan.table}" t0 ON t0.id = page.id`,
        walk: document.walk,
      }
    })
    const bare = payloadQuery(req, plan, filter, sort)
    const unfiltered = !bare.where && !bare.joins.length && !params.after
    // Payload's find leaves trashed records out by adding this condition (appendNonTrashedFilter).
    const live = plan.trash ? combineQueries(filter, { deletedAt: { exists: false } }) : filter
    const counted = plan.trash && !unfiltered ? payloadQuery(req, plan, live, sort) : bare
    const rows = unfiltered
      ? await sendStatement(req, {
          ...unfilteredPage(req, plan, variant, counted, sort),
          values: [params.limit, (params.page - 1) * params.limit],
        })
      : await sendStatement(req, filteredPage(req, plan, variant, counted, live, sort, params))
    const docs = (rows[0]?.docs ?? []) as Doc[]
    if (variant.walk) for (const doc of docs) await variant.walk(doc, req)
    compiledReads.served++
    return pageOf(docs, Number(rows[0]?.total ?? 0), params, counted.joins.length > 0)
  })
