/**
 * From read plans to SQL: one expression that builds a record as JSON (`json_build_object`, with
 * related records embedded by subqueries to the requested depth), as Payload answers it: field
 * names, nesting, timestamps as ISO 8601 UTC, ids where a relation is not embedded (depth, or a
 * collection the caller may not read), joins as arrays. Fields the caller may not read are left
 * out of the SQL itself. What Payload does in JS after the read (the `afterRead` hooks the
 * compiler knows) becomes a walk over the parsed answer.
 */
import {
  createDataloaderCacheKey,
  type Payload,
  type PayloadRequest,
  type PopulateType,
} from 'payload'

import { keyOwnerFields, knownDataKeys } from '@/creditData/consumerKeys'
import { hasReadReplicas } from '@/db/replicas'

import { collectionOf, type Node, type Plan, planOf, Refusal } from './plan'

/** An access decision the statement was built on: it is reused for callers who get the same. */
export type Decision = { answer: unknown; ask: (req: PayloadRequest) => unknown }

/** Applies hooks to a parsed record (its embedded records included). */
export type Walk = (doc: Record<string, unknown>, req: PayloadRequest) => Promise<void>

/**
 * How the answer is shaped. The commerce endpoints ask Payload with `populate` (a company's
 * `locations` join left out of embedded companies) and answer a record's joins as arrays
 * (src/commerce/endpoints/joins.ts). A compiled write's answer is Payload's findByID as it
 * stands (`findByID`): a join there is Payload's `{docs, hasNextPage}`.
 */
export type Shape = { findByID: true } | { findByID?: false; populate: PopulateType }

type Build = {
  decisions: Decision[]
  /** The depth the caller asked for (Payload's `depth`; `documentOf`'s counts what is left). */
  depth: number
  payload: Payload
  req: PayloadRequest
  shape: Shape
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`
const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Records the answer of an access function, so the statement is reused only for the same answers. */
const decide = (build: Build, ask: (req: PayloadRequest) => unknown): unknown => {
  const answer = ask(build.req)
  if (answer instanceof Promise) throw new Refusal('an access function is asynchronous')
  build.decisions.push({ answer, ask })
  return answer
}

const readAccessOf = (build: Build, slug: string) =>
  collectionOf(build.payload, slug)?.config.access?.read

/** Whether the caller may read `slug`'s records (embedded ones: a filter there is not compiled). */
const mayRead = (build: Build, slug: string): boolean => {
  const read = readAccessOf(build, slug)
  const answer = read ? decide(build, (req) => read({ req })) : false
  if (typeof answer !== 'boolean') throw new Refusal(`${slug}: read access with a filter, embedded`)
  return answer
}

/**
 * Whether the caller's read access to `slug` is `false` (its records are never embedded); a
 * filter is for Payload's own read of them to apply. Recorded as a boolean, so the statement is
 * reused for every caller with the same answer.
 */
const deniedRead = (build: Build, slug: string): boolean => {
  const read = readAccessOf(build, slug)
  return Boolean(
    decide(build, (req) => {
      const answer = read ? read({ req }) : false
      // A promise is refused by `decide` (and, in a reused statement's check, never matches).
      return answer instanceof Promise ? answer : answer === false
    }),
  )
}

const mayReadField = (build: Build, node: Node): boolean => {
  const access = node.access
  if (!access) return true
  return Boolean(decide(build, (req) => access({ req })))
}

let aliases = 0
const nextAlias = () => `r${++aliases % 1_000_000}`

type Part = {
  sql: string
  walk?: (
    value: unknown,
    sibling: Record<string, unknown>,
    req: PayloadRequest,
    doc: Record<string, unknown>,
  ) => Promise<unknown>
}

/** A record of `plan` as a JSON object of row `alias`; `embedded` records leave their joins out. */
export const documentOf = (
  build: Build,
  plan: Plan,
  alias: string,
  depth: number,
  embedded: boolean,
): { sql: string; walk?: Walk } => {
  const { parts, walks } = fieldsOf(build, plan, plan.fields, alias, depth, embedded)
  const keys = walks.length ? dataKeysOf(build, plan, alias) : undefined
  if (keys) {
    parts.push([DATA_KEYS, keys])
    walks.unshift(takeDataKeys)
  }
  const walk = sideBySide(walks, Boolean(keys))
  return { sql: objectOf(parts), walk: walk && ((doc, req) => walk(doc, req, doc)) }
}

/**
 * A record's walks, run side by side as Payload runs its field hooks, so that the records they
 * load (its users, its consumers' keys) go out together; its data keys first, when it carries
 * them, since the others open values with them.
 */
const sideBySide = (walks: FieldWalk[], keysFirst: boolean): FieldWalk | undefined => {
  if (!walks.length) return undefined
  const first = keysFirst ? walks[0] : undefined
  const rest = keysFirst ? walks.slice(1) : walks
  return async (sibling, req, doc) => {
    await first?.(sibling, req, doc)
    await Promise.all(rest.map((walk) => walk(sibling, req, doc)))
  }
}

/** Where a record carries its consumers' wrapped data keys until its walk takes them out. */
const DATA_KEYS = '$dataKeys'

/**
 * The wrapped data keys of the consumers whose keys seal the record's values, read with it as
 * a hand-written query would, instead of one more statement once its values are opened.
 */
const dataKeysOf = (build: Build, plan: Plan, alias: string): string | undefined => {
  // A replica may still hold a key the primary has destroyed: there, keys are read from the
  // primary when a value is opened (src/creditData/consumerKeys.ts), as before.
  if (hasReadReplicas(build.payload)) return undefined
  const owners = keyOwnerFields(plan.slug).map((name) => {
    if (name === 'id') return `${alias}.id`
    const node = plan.fields.find((field) => field.name === name)
    if (node?.kind !== 'relation') throw new Refusal(`${plan.slug}.${name}: not a relation column`)
    return `${alias}.${quote(node.column)}`
  })
  if (!owners.length) return undefined
  const k = nextAlias()
  return `(SELECT json_object_agg(${k}.consumer, ${k}.wrapped) FROM consumer_data_keys ${k}
    WHERE ${k}.consumer IN (${owners.join(', ')}))`
}

/** The record's first walk: its keys known to the request, and gone from the answer. */
const takeDataKeys: FieldWalk = async (sibling, req) => {
  const wrapped = sibling[DATA_KEYS] as null | Record<string, string>
  delete sibling[DATA_KEYS]
  if (wrapped) knownDataKeys(req, wrapped)
}

type FieldWalk = (
  sibling: Record<string, unknown>,
  req: PayloadRequest,
  doc: Record<string, unknown>,
) => Promise<void>

/** json_build_object takes at most 100 arguments: longer records are concatenated in halves. */
const objectOf = (parts: [string, string][]): string => {
  if (parts.length <= 50)
    return `json_build_object(${parts.map(([name, sql]) => `${literal(name)}, ${sql}`).join(', ')})`
  throw new Refusal(`a record of ${parts.length} fields is not compiled (at most 50)`)
}

const fieldsOf = (
  build: Build,
  plan: Plan,
  nodes: Node[],
  alias: string,
  depth: number,
  embedded: boolean,
): { parts: [string, string][]; walks: FieldWalk[] } => {
  const parts: [string, string][] = []
  const walks: FieldWalk[] = []
  for (const node of nodes) {
    if (!mayReadField(build, node)) continue
    if (node.kind === 'join' && embedded && !build.shape.findByID) continue
    const part = partOf(build, plan, node, alias, depth, embedded)
    parts.push([node.name, part.sql])
    const hooks = node.hooks
    const inner = part.walk
    if (!hooks.length && !inner) continue
    walks.push(async (sibling, req, doc) => {
      let value = sibling[node.name]
      if (inner) value = await inner(value, sibling, req, doc)
      for (const hook of hooks) {
        value = await hook({
          collection: plan.config,
          context: req.context,
          data: doc,
          field: node.field,
          global: null,
          originalDoc: doc,
          path: [node.name],
          req,
          schemaPath: [node.name],
          siblingData: sibling,
          value,
        } as never)
      }
      sibling[node.name] = value
    })
  }
  return { parts, walks }
}

/**
 * An embedded record of a collection with a trash: Payload answers a trashed one as null (a JSON
 * null, which `coalesce` keeps, unlike the SQL NULL of a record not found).
 */
const unlessTrashed = (plan: Plan, alias: string, record: string): string =>
  plan.trash ? `CASE WHEN ${alias}.deleted_at IS NULL THEN ${record} ELSE 'null'::json END` : record

/** The JSON of embedded record(s) of `target`, and the walk of its hooks when it has any. */
const embed = (build: Build, target: string, alias: string, depth: number) => {
  const plan = planOf(build.payload, target)
  if (plan instanceof Refusal) throw plan
  return { plan, ...documentOf(build, plan, alias, depth, true) }
}

type Join = Extract<Node, { kind: 'join' }>

/** A join's condition and order, on its joined table under the alias `sub`. */
const joinTerms = (node: Join, alias: string) => ({
  on: (sub: string) => `${sub}.${quote(node.on)} = ${alias}.id`,
  order: (sub: string) =>
    `${sub}.${quote(node.order.column)} ${node.order.descending ? 'DESC' : 'ASC'}`,
})

/**
 * A join of a record embedded past the depth, as Payload's findByID answers it: the ids of the
 * first `defaultLimit` (10) joined records, newest first (the adapter's order when the field
 * names none), and whether there are more. Anywhere else, or in another order or limit (the
 * adapter adds a tiebreak; 0 is no limit), a findByID answer's join is Payload's to read.
 */
const joinAsFound = (
  plan: Plan,
  node: Join,
  target: Plan,
  alias: string,
  depth: number,
  embedded: boolean,
): Part => {
  const { field } = node
  const own = field.type === 'join' ? field : undefined
  const limit = own?.defaultLimit ?? 10
  const newestFirst = (own?.defaultSort ?? '-createdAt') === '-createdAt'
  if (!embedded || depth > 0 || !newestFirst || limit < 1)
    throw new Refusal(`${plan.slug}.${node.name}: this join as findByID answers it`)
  const [page, more] = [nextAlias(), nextAlias()]
  const { on, order } = joinTerms(node, alias)
  const ids = `(SELECT ${page}.id, ${page}.${quote(node.order.column)} FROM ${quote(target.table)} ${page}
    WHERE ${on(page)} ORDER BY ${order(page)} LIMIT ${limit})`
  return {
    sql: `json_build_object('docs', coalesce((SELECT json_agg(j.id ORDER BY ${order('j')}) FROM ${ids} j), '[]'),
      'hasNextPage', (SELECT count(*) > ${limit} FROM (SELECT 1 FROM ${quote(target.table)} ${more} WHERE ${on(more)} LIMIT ${limit + 1}) n))`,
  }
}

type Relation = Extract<Node, { kind: 'relation' | 'relations' }>

/** What the key takes from the request, typed by Payload as always set. */
type Here = Pick<
  Parameters<typeof createDataloaderCacheKey>[0],
  'fallbackLocale' | 'locale' | 'showHiddenFields' | 'transactionID'
>

/**
 * A related record the compiler cannot build (its collection's plan is refused: a user, say),
 * embedded as Payload's own read embeds it: the statement carries its id, and the walk loads it
 * through the request's dataloader with the key Payload's population uses
 * (payload/dist/fields/hooks/afterRead/relationshipPopulationPromise.js), so the record comes
 * with Payload's access, field access and hooks, and records loaded together share one find.
 * `left` is the depth left where the relation is: the record holding it is
 * `build.depth - left + 1` levels down (Payload's `currentDepth`, 1 at the top), and the key
 * names the level below. Undefined when the target is compiled, or the caller's read access is
 * `false` (the id alone, as Payload leaves it).
 */
const populatedByPayload = (build: Build, node: Relation, left: number): Part['walk'] => {
  const { target } = node
  if (!(planOf(build.payload, target) instanceof Refusal)) return undefined
  // Payload runs a relation's own hooks on the id, before it populates it.
  if (node.hooks.length) throw new Refusal(`${node.name}: a hooked relation to ${target}`)
  if (deniedRead(build, target)) return undefined
  const config = collectionOf(build.payload, target)?.config
  const populate = build.shape.findByID ? undefined : build.shape.populate
  const key = {
    collectionSlug: target,
    currentDepth: build.depth - left + 2,
    depth: build.depth,
    draft: false,
    overrideAccess: false,
    populate,
    // Payload's `populate[slug] ?? defaultPopulate`; `populate` is typed by slugs known statically.
    select: (populate && Reflect.get(populate, target)) ?? config?.defaultPopulate,
  }
  // On the record read first, as the caller left it (unset, by REST or findByID); below, as the
  // dataloader's find passes it on to the records it loaded (`Boolean(showHiddenFields)`).
  const showHiddenFields = left === build.depth ? undefined : false
  return async (value, _sibling, req) => {
    const { fallbackLocale, locale, transactionID } = req
    const given = { fallbackLocale, locale, showHiddenFields, transactionID }
    const load = async (id: unknown) => {
      if (typeof id !== 'number' && typeof id !== 'string') return id
      const doc = await req.payloadDataLoader.load(
        createDataloaderCacheKey({
          ...key,
          docID: id,
          // As the request has them (undefined without localization or a transaction), as
          // Payload's own population passes them.
          ...(given as Partial<Here> as Here),
        }),
      )
      if (!doc) return id
      return config?.trash && 'deletedAt' in doc && doc.deletedAt ? null : doc
    }
    // A list drops the records in the trash, as Payload's population does.
    return Array.isArray(value)
      ? (await Promise.all(value.map(load))).filter((one) => one !== null)
      : load(value)
  }
}

const eachRecord =
  (walk: Walk | undefined) =>
  async (
    value: unknown,
    _sibling: Record<string, unknown>,
    req: PayloadRequest,
  ): Promise<unknown> => {
    if (!walk) return value
    const records = Array.isArray(value) ? value : [value]
    await Promise.all(
      records.map((record) =>
        record && typeof record === 'object' ? walk(record as Record<string, unknown>, req) : null,
      ),
    )
    return value
  }

/**
 * A relation answered by its ids (`sql`): past the depth, or where the caller may not read its
 * collection; with the walk that loads its records where Payload must read them. Undefined when
 * the records are embedded by the statement.
 */
const unlessEmbedded = (
  build: Build,
  node: Relation,
  depth: number,
  sql: string,
): Part | undefined => {
  if (depth === 0) return { sql }
  const byPayload = populatedByPayload(build, node, depth)
  if (byPayload) return { sql, walk: byPayload }
  return mayRead(build, node.target) ? undefined : { sql }
}

const partOf = (
  build: Build,
  plan: Plan,
  node: Node,
  alias: string,
  depth: number,
  embedded: boolean,
): Part => {
  const column = (name: string) => `${alias}.${quote(name)}`
  switch (node.kind) {
    case 'value':
      return { sql: column(node.column) }
    case 'time':
      return { sql: iso(column(node.column)) }
    case 'texts': {
      const t = nextAlias()
      return {
        sql: `coalesce((SELECT json_agg(${t}."text" ORDER BY ${t}."order") FROM ${quote(`${plan.table}_texts`)} ${t}
          WHERE ${t}.parent_id = ${alias}.id AND ${t}.path = ${literal(node.path)}), '[]')`,
      }
    }
    case 'group': {
      const { parts, walks } = fieldsOf(build, plan, node.fields, alias, depth, true)
      const walk = sideBySide(walks, false)
      return {
        sql: objectOf(parts),
        walk: walk
          ? async (value, _sibling, req, doc) => {
              if (value && typeof value === 'object')
                await walk(value as Record<string, unknown>, req, doc)
              return value
            }
          : undefined,
      }
    }
    case 'relation': {
      const id = column(node.column)
      const bare = unlessEmbedded(build, node, depth, `to_json(${id})`)
      if (bare) return bare
      const sub = nextAlias()
      const target = embed(build, node.target, sub, depth - 1)
      return {
        sql: `coalesce((SELECT ${unlessTrashed(target.plan, sub, target.sql)} FROM ${quote(target.plan.table)} ${sub} WHERE ${sub}.id = ${id}), to_json(${id}))`,
        walk: eachRecord(target.walk),
      }
    }
    case 'relations': {
      const link = nextAlias()
      const rels = `FROM ${quote(`${plan.table}_rels`)} ${link}`
      const linked = `${link}.parent_id = ${alias}.id AND ${link}.path = ${literal(node.path)}`
      const id = `${link}.${quote(node.column)}`
      const ids = `coalesce((SELECT json_agg(${id} ORDER BY ${link}."order") ${rels} WHERE ${linked} AND ${id} IS NOT NULL), '[]')`
      const bare = unlessEmbedded(build, node, depth, ids)
      if (bare) return bare
      const sub = nextAlias()
      const target = embed(build, node.target, sub, depth - 1)
      return {
        sql: `coalesce((SELECT json_agg(CASE WHEN ${sub}.id IS NULL THEN to_json(${id}) ELSE ${unlessTrashed(target.plan, sub, target.sql)} END ORDER BY ${link}."order") ${rels}
          LEFT JOIN ${quote(target.plan.table)} ${sub} ON ${sub}.id = ${id} WHERE ${linked} AND ${id} IS NOT NULL), '[]')`,
        walk: eachRecord(target.walk),
      }
    }
    case 'join': {
      const sub = nextAlias()
      const targetPlan = planOf(build.payload, node.target)
      if (targetPlan instanceof Refusal) throw targetPlan
      if (!mayRead(build, node.target))
        throw new Refusal(`${plan.slug}.${node.name}: a join the caller may not read`)
      if (build.shape.findByID) return joinAsFound(plan, node, targetPlan, alias, depth, embedded)
      // Payload embeds joined records with their own relations as ids, whatever the depth.
      const target =
        depth === 0
          ? { sql: `${sub}.id`, walk: undefined }
          : documentOf(build, targetPlan, sub, 0, true)
      const { on, order } = joinTerms(node, alias)
      return {
        sql: `coalesce((SELECT json_agg(${target.sql} ORDER BY ${order(sub)}) FROM ${quote(targetPlan.table)} ${sub}
          WHERE ${on(sub)}), '[]')`,
        walk: eachRecord(target.walk),
      }
    }
  }
}
