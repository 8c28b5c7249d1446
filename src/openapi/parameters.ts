/** Parameters several operations share; query parameters from the schemas that parse them. */
import { depthQuery, listQuery, pagingQuery } from '../api/params'
import { queryParameters } from './queryParameters'

export const idParam = { in: 'path', name: 'id', required: true, schema: { type: 'string' } }
export const [depthParam] = queryParameters(depthQuery)
/** Of the commerce lists (6, 7). */
export const listParams = queryParameters(listQuery)
/** Of Payload's REST lists (13). */
export const pagingParams = queryParameters(pagingQuery)
/** Of every create: a retry with the same key answers the first answer (src/server/idempotency.ts). */
export const idempotencyKeyParam = {
  description:
    'Makes the create safe to retry: a repeat with the same key and body, within 24 hours, answers what the first request answered, with `Idempotent-Replayed: true`, and creates nothing. Keys are per caller.',
  in: 'header',
  name: 'Idempotency-Key',
  schema: { maxLength: 255, minLength: 1, pattern: '^[ -~]+$', type: 'string' },
}
/** Of single-record reads: 304 while the record's version is the one named (src/server/etag.ts). */
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
