/** What the REST paths of every collection share: operation builders, answers, parameters. */
import type { FlattenedField, SanitizedCollectionConfig, SanitizedConfig } from 'payload'

import { CLOSED_COLLECTIONS } from '@/api/closedCollections'

import { type OperationName } from '../operation'
import { hasSerialIdField, MAX_SERIAL_ID, param } from '../parameters'
import { cityInput, type Records } from '../records'
import { json, type Obj, payloadErrors, type PayloadStatus, ref } from '../responses'

export type Operation = Obj
export type PathItems = Record<string, Record<string, Operation>>

/** What an operation of one collection needs to know of it. */
export type Context = {
  collection: SanitizedCollectionConfig
  records: Records
  slug: string
  tag: string
}

/** The `id` path parameter of a collection: an integer where ids are serial, else text. */
export const idParamOf = (collection: SanitizedCollectionConfig) =>
  param(hasSerialIdField(collection) ? 'serialId' : 'id')

export const listParams = [
  param('limit'),
  param('page'),
  param('sort'),
  param('where'),
  param('depth'),
]

export const PUBLIC = [{}, { apiKey: [] }, { session: [] }]

export const camel = (slug: string) =>
  slug.replace(/[-_](.)/g, (_all, letter: string) => letter.toUpperCase())

/** The plural label of a collection, as the admin UI shows it. */
export const pluralOf = (collection: SanitizedCollectionConfig): string => {
  const plural = collection.labels?.plural
  return typeof plural === 'string' ? plural : collection.slug
}

/** May a caller without a credential do `operation` (the collection's access, asked with no user)? */
export const anonymousMay = (collection: SanitizedCollectionConfig, operation: string): boolean => {
  const access = (collection.access as Record<string, unknown>)[operation]
  if (typeof access !== 'function') return false
  try {
    const answer = access({ req: { headers: new Headers(), user: null } })
    return answer === true || (Boolean(answer) && typeof answer === 'object')
  } catch {
    return false
  }
}

/** Every answer a Payload REST operation may give besides its own success. */
export const errorsOf = ({
  body = false,
  byId = false,
  extra = [],
}: {
  body?: boolean
  byId?: boolean
  extra?: PayloadStatus[]
}) => {
  const codes: PayloadStatus[] = [400, 401, 403]
  if (byId) codes.push(404)
  if (body) codes.push(413, 415)
  codes.push(...extra, 429, 503)
  return payloadErrors(...[...new Set(codes)].sort((a, b) => a - b))
}

/** An operation object: its id, parameters, body and answers, summary, description and tag. */
export const op = (
  { operationId, summary, tag }: OperationName,
  description: string,
  details: Obj,
): Operation => ({ operationId, ...details, description, summary, tags: [tag] })

export const pagination = {
  hasNextPage: { type: 'boolean' },
  hasPrevPage: { type: 'boolean' },
  limit: { type: 'integer' },
  nextPage: { nullable: true, type: 'integer' },
  page: { type: 'integer' },
  pagingCounter: { type: 'integer' },
  prevPage: { nullable: true, type: 'integer' },
  totalDocs: { type: 'integer' },
  totalPages: { type: 'integer' },
}

/** Payload's paginated answer of `item`s. */
export const paginated = (item: Obj, description: string) => ({
  content: json({
    properties: { docs: { items: item, type: 'array' }, ...pagination },
    required: ['docs', ...Object.keys(pagination)],
    type: 'object',
  }),
  description,
})

/** The answer of a bulk update or delete (200 when every record was done, 400 when some were not). */
export const bulkAnswer = (
  slug: string,
  description: string,
  required = ['docs', 'errors', 'message'],
) => ({
  content: json({
    properties: {
      docs: { items: ref(slug), type: 'array' },
      errors: {
        items: {
          properties: {
            id: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
            message: { type: 'string' },
          },
          required: ['message'],
          type: 'object',
        },
        type: 'array',
      },
      message: { type: 'string' },
    },
    required,
    type: 'object',
  }),
  description,
})

export const permissions = {
  content: json({
    additionalProperties: true,
    description: 'What the caller may do: `create`, `read`, `update`, `delete`, per field too.',
    type: 'object',
  }),
  description: "The caller's permissions",
}

export const message = (description: string) => ({
  content: json({
    properties: { message: { type: 'string' } },
    required: ['message'],
    type: 'object',
  }),
  description,
})

/** The fields a create must carry: required, without a default, not filled in by a hook. */
export const requiredOnCreate = (collection: SanitizedCollectionConfig): string[] =>
  collection.flattenedFields
    .filter((field: FlattenedField) => {
      const { defaultValue, hooks, required } = field as {
        defaultValue?: unknown
        hooks?: { beforeChange?: unknown[]; beforeValidate?: unknown[] }
        required?: boolean
      }
      return (
        required === true &&
        defaultValue === undefined &&
        !hooks?.beforeValidate?.length &&
        !hooks?.beforeChange?.length
      )
    })
    .map((field) => field.name)

/** The body of an update: any of the record's fields (the `<slug>_update` schema). */
export const changesBody = (slug: string) => ({
  content: json(ref(`${slug}_update`)),
  required: true,
})

export const withoutRequired = (schema: Obj): Obj => {
  const { required: _required, ...rest } = schema
  return rest
}

/**
 * A record's schema as a write takes it: a `city` relation marked `custom.inlineCity`
 * (src/fields/places.ts) also takes an inline `{name, state}`, which a read never answers.
 */
const asWritten = (collection: SanitizedCollectionConfig, record: Obj): Obj => {
  const inline = collection.flattenedFields.filter(
    (field) => (field.custom as undefined | { inlineCity?: boolean })?.inlineCity,
  )
  if (!inline.length) return record
  const properties = { ...(record.properties as Obj) }
  for (const field of inline) {
    const { description } = (properties[field.name] ?? {}) as Obj
    properties[field.name] = { ...cityInput, ...(description ? { description } : {}) }
  }
  return { ...record, properties }
}

/**
 * The bodies of writes, as component schemas: `<slug>_create` (the fields a create must carry
 * are required) and `<slug>_update` (none is).
 */
export const inputSchemas = (config: SanitizedConfig, records: Records): Records => {
  const schemas: Records = {}
  for (const collection of servedCollections(config)) {
    const record = asWritten(collection, records[collection.slug])
    const required = requiredOnCreate(collection)
    schemas[`${collection.slug}_create`] = {
      ...withoutRequired(record),
      ...(required.length ? { required } : {}),
    }
    schemas[`${collection.slug}_update`] = withoutRequired(record)
  }
  for (const global of config.globals)
    schemas[`${global.slug}_update`] = withoutRequired(records[global.slug])
  return schemas
}

/** Of an upload collection, the file and the record's fields as form data. */
export const uploadBody = {
  content: {
    'multipart/form-data': {
      schema: {
        properties: {
          _payload: {
            description: "The record's other fields, as JSON text.",
            type: 'string',
          },
          file: { format: 'binary', type: 'string' },
        },
        required: ['file'],
        type: 'object',
      },
    },
  },
  required: true,
}

export const ANY_OBJECT = { additionalProperties: true, type: 'object' }

export const versionIdParam = {
  description: 'The id of the version (not of the record).',
  in: 'path',
  name: 'id',
  required: true,
  schema: { maximum: MAX_SERIAL_ID, minimum: 1, type: 'integer' },
}

/** A version of a record, as `/versions` answers it: the record as it was, and when. */
export const versionSchema = {
  properties: {
    autosave: { type: 'boolean' },
    createdAt: { format: 'date-time', type: 'string' },
    id: { type: 'integer' },
    latest: { nullable: true, type: 'boolean' },
    parent: {
      description: 'The record this is a version of (its id at depth 0).',
      oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'object' }],
    },
    updatedAt: { format: 'date-time', type: 'string' },
    version: {
      additionalProperties: true,
      description: "The record's fields as they were.",
      type: 'object',
    },
  },
  required: ['id', 'parent', 'version', 'createdAt', 'updatedAt'],
  type: 'object',
}

/** The collections the service serves over REST (not the closed bookkeeping ones). */
export const servedCollections = (config: SanitizedConfig) =>
  config.collections.filter((collection) => !CLOSED_COLLECTIONS.has(collection.slug))
