import {
  type CollectionBeforeOperationHook,
  type FlattenedField,
  getLocalizedPaths,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  validateQueryPaths,
} from 'payload'

import { MAX_SERIAL_ID } from '@/db/ids'
import { ClientError } from '@/errors'
import { collectionBySlug } from '@/lib/collectionSlug'
import { fieldAt } from '@/lib/fieldAt'
import { isRecord } from '@/lib/isRecord'
import {
  type Condition,
  conditionsIn,
  isEmptyCondition,
  isPrototypeName,
  mapConditions,
} from '@/lib/whereTree'

/** Operators that only make sense on a point field; they alone take objects (GeoJSON). */
const GEO = new Set(['intersects', 'near', 'within'])
/** Text matching, which the adapter has no SQL for on dates, numbers, checkboxes and points. */
const TEXT_MATCH = new Set(['contains', 'like', 'not_like'])
const NOT_TEXT = new Set(['checkbox', 'date', 'number', 'point'])
/** Operators taking a list (or comma-separated text), as Payload reads them. */
const LISTS = new Set(['all', 'in', 'not_in'])

/** The operations that take a `where`: reads (of versions too: Payload calls those `read`), counts, bulk writes. */
const FILTERED = new Set(['count', 'countVersions', 'delete', 'read', 'readDistinct', 'update'])

/** A filter on versions names the record's fields under `version.`; no collection has a field of that name. */
const recordPath = (fields: FlattenedField[], path: string) =>
  path.startsWith('version.') && !fields.some((field) => field.name === 'version')
    ? path.slice('version.'.length)
    : path

/** Payload's default id: PostgreSQL's serial integer. */
const SERIAL_ID = { name: 'id', type: 'number', serial: true } as const
type Target = FlattenedField | typeof SERIAL_ID

/** The field a dotted path names, through groups and tabs of the collection; undefined past a relation. */
const isSerialText = (text: string) =>
  /^-?\d{1,10}$/.test(text.trim()) && Math.abs(Number(text)) <= MAX_SERIAL_ID
const isNumberText = (text: string) => text.trim() !== '' && Number.isFinite(Number(text))

/** What a value compared with `field` must be, when the database would refuse anything else. */
const valueRule = (
  req: PayloadRequest,
  field: Target,
): null | { test: (text: string) => boolean; words: string } => {
  if ('serial' in field) return { test: isSerialText, words: 'a whole-number id' }
  switch (field.type) {
    case 'checkbox':
      return { test: (text) => /^(true|false)$/i.test(text), words: 'true or false' }
    case 'date':
      return { test: (text) => !Number.isNaN(Date.parse(text)), words: 'a date or date-time' }
    case 'number':
      return { test: isNumberText, words: 'a number' }
    case 'radio':
    case 'select': {
      const values = field.options.map((option) =>
        typeof option === 'string' ? option : option.value,
      )
      return { test: (text) => values.includes(text), words: `one of ${values.join(', ')}` }
    }
    case 'relationship':
    case 'upload': {
      if (typeof field.relationTo !== 'string') return null
      const target = req.payload.collections[field.relationTo]
      return target && !target.customIDType
        ? { test: isSerialText, words: `the whole-number id of a ${field.relationTo}` }
        : null
    }
    default:
      return null
  }
}

/**
 * The values a condition compares, as text; null and 'null' ask for "no value" and pass, and
 * an empty or blank item of a list is none (src/lib/whereTree.ts leaves it out).
 */
const comparedValues = ({ operator, value }: Condition): string[] => {
  const items = LISTS.has(operator) && typeof value === 'string' ? value.split(',') : [value]
  return items
    .flat()
    .filter(
      (item) => item !== null && item !== 'null' && !(typeof item === 'string' && !item.trim()),
    )
    .map(String)
}

/** Why a condition cannot be run as the caller meant it, or null. */
const conditionProblem = (req: PayloadRequest, condition: Condition, field?: Target) => {
  const { operator, path, value } = condition
  if (path.split('.').some(isPrototypeName))
    return `The filter names no field of this collection (${path})`
  // A value that is empty or only whitespace makes no condition (src/lib/whereTree.ts drops it).
  if (isEmptyCondition(condition)) return null
  // The PostgreSQL adapter has no SQL for `all` (its operator map leaves it out).
  if (operator === 'all')
    return `The all operator is not supported (on ${path}): combine equals conditions with and`
  const kind = GEO.has(operator)
    ? field?.type !== 'point' && 'point fields'
    : TEXT_MATCH.has(operator) && field && NOT_TEXT.has(field.type) && 'text fields'
  if (kind) return `The ${operator} operator works only on ${kind}, not on ${path}`
  if (GEO.has(operator) || operator === '') return null
  // Payload skips a condition whose value it cannot read, which would widen the filter.
  if (isRecord(value) || (Array.isArray(value) && value.some(isRecord)))
    return `The ${operator} filter on ${path} takes ${LISTS.has(operator) ? 'a list of values' : 'a value'}, not an object`
  // The adapter splits a `like` value into words: a list there fails in its code (a 500).
  if ((operator === 'like' || operator === 'not_like') && Array.isArray(value))
    return `The ${operator} filter on ${path} takes one text, not a list`
  // Payload reads anything but true and 'true' as false: `exists=TRUE` would find the nulls.
  if (operator === 'exists')
    return typeof value === 'boolean' || value === 'true' || value === 'false'
      ? null
      : `The exists filter on ${path} takes true or false`
  const rule = field && valueRule(req, field)
  const bad = rule && comparedValues(condition).find((text) => !rule.test(text))
  return rule && bad !== undefined
    ? `The ${operator} filter on ${path} compares ${JSON.stringify(bad)}, which is not ${rule.words}`
    : null
}

/**
 * Text matching compares text: PostgreSQL's ILIKE, which the adapter builds it on, would read `%`
 * and `_` as wildcards (`q=%%` matched every record). A backslash escapes them (ILIKE's default).
 */
const literalText = (value: unknown, operator: string): unknown =>
  !TEXT_MATCH.has(operator)
    ? value
    : typeof value === 'string'
      ? value.replace(/[\\%_]/g, '\\$&')
      : Array.isArray(value)
        ? value.map((item) => literalText(item, operator))
        : value

/** The query's `where` and its joins' with text matching made literal. */
const withLiteralText = <T extends object>(args: T): T => {
  const joins = 'joins' in args ? args.joins : undefined
  const where = 'where' in args ? args.where : undefined
  const literal = (tree: unknown) => mapConditions(tree, literalText)
  return {
    ...args,
    ...(where !== undefined && { where: literal(where) }),
    ...(isRecord(joins) && {
      joins: Object.fromEntries(
        Object.entries(joins).map(([name, join]) => [
          name,
          isRecord(join) && 'where' in join ? { ...join, where: literal(join.where) } : join,
        ]),
      ),
    }),
  }
}

/** The sort of a query as a list of paths, without their `-`. */
const sortPaths = (sort: unknown): string[] =>
  (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : [])
    .map((item) => String(item).trim().replace(/^-/, ''))
    .filter(Boolean)

/** The collections a path reads through its relations and joins (`consumer.lastName`: consumer). */
const relationsOf = (
  req: PayloadRequest,
  collection: SanitizedCollectionConfig,
  path: string,
): string[] => {
  let steps: ReturnType<typeof getLocalizedPaths>
  try {
    steps = getLocalizedPaths({
      collectionSlug: collection.slug,
      fields: collection.flattenedFields,
      incomingPath: path,
      locale: req.locale ?? undefined,
      overrideAccess: true,
      payload: req.payload,
      showHiddenFields: true,
    })
  } catch {
    // A path Payload does not follow (through a polymorphic join) is left to it, as before.
    return []
  }
  // `consumer.id` sorts on the lead's own column, as Payload reads it.
  const hops = steps.at(-1)?.path === 'id' && steps.length === 2 ? [] : steps.slice(1)
  return hops.flatMap(({ collectionSlug }) => (collectionSlug ? [collectionSlug] : []))
}

/**
 * A sort is refused (400) where a filter would not run as written: on a field the caller may not
 * read, also through a relation (Payload checks the collection's own fields only). A filter
 * through a relation is narrowed to the related records the caller may read; a sort cannot be,
 * so a sort through a relation needs read access to every record of the related collection
 * (a dealer sorting leads by `consumer.lastName` or `assignee.email` is refused).
 */
const checkSort = async (
  req: PayloadRequest,
  collection: SanitizedCollectionConfig,
  sort: unknown,
): Promise<void> => {
  for (const path of sortPaths(sort)) {
    const related = relationsOf(req, collection, path)
    if (!related.length) continue
    for (const slug of new Set(related)) {
      const access = collectionBySlug(req.payload, slug)?.config.access.read
      if (access && (await access({ req })) !== true)
        throw new ClientError(
          `Sorting on ${path} is not allowed: it goes through ${slug} records this caller may not all read`,
          400,
        )
    }
    await validateQueryPaths({
      collectionConfig: collection,
      overrideAccess: false,
      req,
      where: { [path]: { exists: true } },
    })
  }
}

/**
 * A filter runs as written or is refused with a 400 naming the field, before any SQL: `near`,
 * `within` and `intersects` on point fields only, text matching on text only, no `all` (the
 * adapter has no SQL for it), no object where a value belongs (Payload would skip the condition),
 * and values the column can hold (PostgreSQL would fail on `notabool` for a checkbox, text for a
 * number or id, an unknown option, or a date that is not one; Payload skips a bad date). Text
 * matching is literal. A sort, of the query or of a join, is checked as `checkSort` says.
 */
export const validFilters: CollectionBeforeOperationHook = async ({
  args,
  collection,
  operation,
  overrideAccess,
  req,
}) => {
  if (!FILTERED.has(operation)) return args
  const joins = 'joins' in args ? args.joins : undefined
  const where = 'where' in args ? args.where : undefined
  const trees: [FlattenedField[], unknown][] = [[collection.flattenedFields, where]]
  const sorts: [SanitizedCollectionConfig, unknown][] = [
    [collection, 'sort' in args ? args.sort : undefined],
  ]
  for (const [name, join] of isRecord(joins) ? Object.entries(joins) : []) {
    const field = collection.flattenedFields.find(
      (candidate) => candidate.name === name && candidate.type === 'join',
    )
    const target =
      field && 'collection' in field && typeof field.collection === 'string'
        ? collectionBySlug(req.payload, field.collection)
        : undefined
    // An unknown join is Payload's to refuse; a join's conditions are checked on its collection.
    if (!target || !isRecord(join)) continue
    if ('where' in join) trees.push([target.config.flattenedFields, join.where])
    if ('sort' in join) sorts.push([target.config, join.sort])
  }
  for (const [fields, tree] of trees) {
    for (const condition of conditionsIn(tree)) {
      // Without an id field of its own, a collection's id is PostgreSQL's serial integer.
      const field =
        fieldAt(fields, recordPath(fields, condition.path)) ??
        (condition.path === 'id' ? SERIAL_ID : undefined)
      const problem = conditionProblem(req, condition, field)
      if (problem) throw new ClientError(problem, 400)
    }
  }
  if (!overrideAccess) for (const [target, sort] of sorts) await checkSort(req, target, sort)
  return withLiteralText(args)
}
