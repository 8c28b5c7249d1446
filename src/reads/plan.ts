/**
 * A collection's read plan: what each field of a record is in PostgreSQL (a column, a list of
 * text, a relation by column or through `_rels`, a join, a group of these) and what Payload does
 * with it after the read (field read access, `afterRead` hooks, hidden fields), worked out once
 * from the collection's config and Payload's own table definitions. What the compiler cannot
 * reproduce exactly is refused by name, and reads that need it go through Payload. A collection
 * with a trash is read as Payload reads it: trashed records are not found, not listed, and
 * embedded as null.
 */
import { getTableColumns } from 'drizzle-orm'
import type {
  Access,
  Collection,
  FieldAccess,
  FieldHook,
  FlattenedField,
  Payload,
  SanitizedCollectionConfig,
} from 'payload'

import { drizzleTableOf, tableNameOf } from '@/db/adapter'
import { collectionBySlug } from '@/lib/collectionSlug'
import { isSafeToCompile } from '@/lib/safeToCompile'

type Common = {
  /** Read access of the field, run once per request (declared safeToCompile only). */
  access?: FieldAccess
  /** `afterRead` hooks, run in JS on the value (declared safeToCompile only). */
  hooks: FieldHook[]
  field: FlattenedField
  name: string
}

export type Node = Common &
  (
    | { column: string; kind: 'value' }
    | { column: string; kind: 'time' }
    | { kind: 'texts'; path: string }
    | { column: string; kind: 'relation'; target: string }
    | { column: string; kind: 'relations'; path: string; target: string }
    | { fields: Node[]; kind: 'group' }
    | { kind: 'join'; on: string; order: { column: string; descending: boolean }; target: string }
  )

export type Plan = {
  config: SanitizedCollectionConfig
  fields: Node[]
  slug: string
  table: string
  /** The collection keeps a trash (src/trash): only its live rows (`deleted_at` null) are read. */
  trash: boolean
}

/** A read the compiler leaves to Payload, and why (named, for the log and the README). */
export class Refusal extends Error {}

const refuse = (where: string, why: string): never => {
  throw new Refusal(`${where}: ${why}`)
}

/** The table Payload made for a collection (or for one of its `_texts`/`_rels` lists). */
export const tableOf = (payload: Payload, slug: string): string => tableNameOf(payload, slug)

const columnsOf = (payload: Payload, table: string): Record<string, { name: string }> => {
  const drizzleTable = drizzleTableOf(payload, table)
  return drizzleTable ? getTableColumns(drizzleTable) : {}
}

const TIME_TYPES = new Set(['date'])
const VALUE_TYPES = new Set([
  'checkbox',
  'code',
  'email',
  'json',
  'number',
  'radio',
  'select',
  'text',
  'textarea',
])

/** A collection by a slug known only at run time (a relation's target). */
export const collectionOf = (payload: Payload, slug: string): Collection | undefined =>
  collectionBySlug(payload, slug)

const afterReadOf = (field: FlattenedField): FieldHook[] =>
  ('hooks' in field ? field.hooks?.afterRead : undefined) ?? []

const declaredOrRefused = (where: string, field: FlattenedField) => {
  const access = field.access?.read
  if (access && !isSafeToCompile(access))
    refuse(where, 'its read access is not declared safe to compile')
  const hooks = afterReadOf(field)
  if (hooks.some((hook) => !isSafeToCompile(hook)))
    refuse(where, 'it has an afterRead hook the compiler does not know')
  return { access, hooks }
}

/** The fields the trash adds (src/trash/fields.ts): when and by whom, null on a live record. */
const TRASH_MARKS = new Set(['deletedAt', 'deletedBy'])

const isTrashMark = (payload: Payload, slug: string, path: string, field: FlattenedField) =>
  path === '' && TRASH_MARKS.has(field.name) && Boolean(collectionOf(payload, slug)?.config.trash)

const nodesOf = (
  payload: Payload,
  slug: string,
  table: string,
  fields: FlattenedField[],
  prefix: { column: string; path: string },
): Node[] => {
  const columns = columnsOf(payload, table)
  return fields.flatMap((field): Node[] => {
    const where = `${slug}.${prefix.path}${field.name}`
    if ('hidden' in field && field.hidden) return []
    // Only live records are compiled, and a live record's trash marks are left out (src/trash).
    if (isTrashMark(payload, slug, prefix.path, field)) return []
    if ('virtual' in field && field.virtual) refuse(where, 'virtual fields are not compiled')
    if ('localized' in field && field.localized) refuse(where, 'localized fields are not compiled')
    const common = { field, name: field.name, ...declaredOrRefused(where, field) }
    const key = `${prefix.column}${field.name}`
    const column = () => columns[key]?.name ?? refuse(where, `no column "${key}" in table ${table}`)
    const hasMany = 'hasMany' in field && field.hasMany
    if (field.type === 'group') {
      if (afterReadOf(field).length) refuse(where, 'a group with hooks is not compiled')
      return [
        {
          ...common,
          fields: nodesOf(payload, slug, table, field.flattenedFields, {
            column: `${key}_`,
            path: `${prefix.path}${field.name}.`,
          }),
          kind: 'group',
        },
      ]
    }
    if (field.type === 'text' && hasMany)
      return [{ ...common, kind: 'texts', path: `${prefix.path}${field.name}` }]
    if (field.type === 'relationship' && !('maxDepth' in field && field.maxDepth !== undefined)) {
      if (typeof field.relationTo !== 'string')
        refuse(where, 'polymorphic relations are not compiled')
      const target = String(field.relationTo)
      if (!hasMany) return [{ ...common, column: column(), kind: 'relation', target }]
      const rels = columnsOf(payload, `${table}_rels`)
      const link = Object.values(rels).find((one) => one.name === `${tableOf(payload, target)}_id`)
      if (!link) refuse(where, `no column for ${target} in ${table}_rels`)
      return [
        {
          ...common,
          column: link!.name,
          kind: 'relations',
          path: `${prefix.path}${field.name}`,
          target,
        },
      ]
    }
    if (field.type === 'join') {
      if (typeof field.collection !== 'string') refuse(where, 'polymorphic joins are not compiled')
      if (field.where) refuse(where, 'joins with a filter are not compiled')
      const target = String(field.collection)
      const targetConfig = collectionOf(payload, target)?.config
      // Payload's joins list trashed records too; the compiled ones would not.
      if (targetConfig?.trash) refuse(where, 'joins to a collection with trash are not compiled')
      const sort = String(field.defaultSort ?? targetConfig?.defaultSort ?? '-createdAt')
      if (!/^-?\w+$/.test(sort)) refuse(where, `join sort "${sort}" is not compiled`)
      const targetColumns = columnsOf(payload, tableOf(payload, target))
      const on =
        targetColumns[field.on]?.name ?? refuse(where, `no column for ${field.on} in ${target}`)
      const by =
        targetColumns[sort.replace(/^-/, '')]?.name ?? refuse(where, `no column for sort ${sort}`)
      return [
        {
          ...common,
          kind: 'join',
          on,
          order: { column: by, descending: sort.startsWith('-') },
          target,
        },
      ]
    }
    if (hasMany) refuse(where, `${field.type} fields with hasMany are not compiled`)
    if (TIME_TYPES.has(field.type)) return [{ ...common, column: column(), kind: 'time' }]
    if (VALUE_TYPES.has(field.type)) return [{ ...common, column: column(), kind: 'value' }]
    return refuse(where, `fields of type ${field.type} are not compiled`)
  })
}

/** The id of a collection that declares none: Payload's serial `id` column, a number in answers. */
const SERIAL_ID: Node = {
  column: 'id',
  field: { name: 'id', type: 'number' },
  hooks: [],
  kind: 'value',
  name: 'id',
}

const plans = new WeakMap<Payload, Map<string, Plan | Refusal>>()

/** What makes a whole collection's reads Payload's: a hook or option the compiler does not reproduce. */
const collectionRefusal = (config: SanitizedCollectionConfig): string | undefined => {
  const hooks = config.hooks
  if (config.auth) return 'auth collections are not compiled'
  if (config.upload) return 'upload collections are not compiled'
  if (typeof config.versions === 'object' && config.versions?.drafts)
    return 'drafts are not compiled'
  if (config.defaultPopulate) return 'defaultPopulate is not compiled'
  // The compiled read runs none of these: a collection with any is read by Payload.
  for (const name of ['beforeRead', 'afterRead', 'afterOperation'] as const) {
    if (hooks?.[name]?.length) return `its ${name} hooks are not compiled`
  }
  const read: Access | undefined = config.access?.read
  if (!read) return 'it has no read access function'
  return undefined
}

/** The plan of a collection, or the reason it has none (planOf keeps it). */
export const compilePlan = (payload: Payload, slug: string): Plan | Refusal => {
  try {
    const config = collectionOf(payload, slug)?.config ?? refuse(slug, 'no such collection')
    const why = collectionRefusal(config)
    if (why) refuse(slug, why)
    const table = tableOf(payload, slug)
    const fields = nodesOf(payload, slug, table, config.flattenedFields, { column: '', path: '' })
    const declared = fields.filter(({ name }) => name === 'id')
    return {
      config,
      // Payload's answers start with the id, wherever the config declares it; a collection
      // with Payload's default serial id does not declare it at all.
      fields: [
        ...(declared.length ? declared : [SERIAL_ID]),
        ...fields.filter(({ name }) => name !== 'id'),
      ],
      slug,
      table,
      trash: Boolean(config.trash),
    }
  } catch (error) {
    if (error instanceof Refusal) return error
    throw error
  }
}

/** The plan of a collection, or the reason it has none (worked out once per Payload instance). */
export const planOf = (payload: Payload, slug: string): Plan | Refusal => {
  let cache = plans.get(payload)
  if (!cache) plans.set(payload, (cache = new Map()))
  const plan = cache.get(slug) ?? compilePlan(payload, slug)
  cache.set(slug, plan)
  return plan
}
