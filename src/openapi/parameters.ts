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
