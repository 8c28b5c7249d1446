/** Parameters several operations share; query parameters from the schemas that parse them. */
import type { SanitizedCollectionConfig } from 'payload'

import { depthQuery, listQuery, pagingQuery } from '@/api/params'

import { queryParameters } from './queryParameters'

/** The largest serial id (PostgreSQL `integer`); the gate answers 404 past it. */
export const MAX_SERIAL_ID = 2_147_483_647

export const idParam = { in: 'path', name: 'id', required: true, schema: { type: 'string' } }
/** The id of a record of a collection with serial ids: a whole number (anything else is 404). */
export const serialIdParam = {
  in: 'path',
  name: 'id',
  required: true,
  schema: { maximum: MAX_SERIAL_ID, minimum: 1, type: 'integer' },
}
/** Does the collection number its records (no id field of its own: Payload's serial id)? */
export const hasSerialIdField = (collection: SanitizedCollectionConfig): boolean =>
  !collection.flattenedFields.some((field) => field.name === 'id')
/** The `id` path parameter of a collection: an integer where ids are serial, else text. */
export const idParamOf = (collection: SanitizedCollectionConfig) =>
  hasSerialIdField(collection) ? serialIdParam : idParam
export const [depthParam] = queryParameters(depthQuery)
/** Of the commerce lists (6, 7). */
export const listParams = queryParameters(listQuery)
/** Of Payload's REST lists (13). */
export const pagingParams = queryParameters(pagingQuery)
/** The filter of a bulk update or delete, a count and an export. */
export const whereParam = {
  ...pagingParams.find((parameter) => parameter.name === 'where')!,
  description:
    'The records to act on, with Payload\'s operators: as a nested query string (`where[status][equals]=new`) or as JSON (`where={"status":{"equals":"new"}}`). Required by a bulk update or delete: 400 without it, or with one that constrains nothing (`where[]=`, `where[id]=`, `{"id":{}}`, a `like` of only spaces).',
}
/** Of every create: a retry with the same key answers the first answer (src/http/idempotency.ts). */
export const idempotencyKeyParam = {
  description:
    'Makes the create safe to retry: a repeat with the same key and body, within 24 hours, answers what the first request answered, with `Idempotent-Replayed: true`, and creates nothing. Keys are per caller.',
  in: 'header',
  name: 'Idempotency-Key',
  schema: { maxLength: 255, minLength: 1, pattern: '^[ -~]+$', type: 'string' },
}
/** Of single-record reads: 304 while the record's version is the one named (src/http/etag.ts). */
export const ifNoneMatchParam = {
  description:
    'An `ETag` from an earlier answer: while the record is unchanged, 304 without a body.',
  in: 'header',
  name: 'If-None-Match',
  schema: { type: 'string' },
}
/** Of single-record updates: 412 when the record changed since the version named. */
export const ifMatchParam = {
  description:
    'The `ETag` of the version this change was made against: if the record has changed since, 412 and nothing is written. `*` matches any version.',
  in: 'header',
  name: 'If-Match',
  schema: { type: 'string' },
}

/** The parameters of Payload's REST operations, as components: one text each, in one place. */
export const sharedParameters = {
  depth: depthParam,
  id: idParam,
  idempotencyKey: idempotencyKeyParam,
  ifMatch: ifMatchParam,
  ifNoneMatch: ifNoneMatchParam,
  limit: pagingParams.find((parameter) => parameter.name === 'limit')!,
  page: pagingParams.find((parameter) => parameter.name === 'page')!,
  serialId: serialIdParam,
  sort: pagingParams.find((parameter) => parameter.name === 'sort')!,
  where: pagingParams.find((parameter) => parameter.name === 'where')!,
  whereOfMany: whereParam,
}

/** A reference to one of the shared parameters. */
export const param = (name: keyof typeof sharedParameters) => ({
  $ref: `#/components/parameters/${name}`,
})
