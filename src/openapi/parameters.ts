/** Parameters several operations share; query parameters from the schemas that parse them. */
import { depthQuery, listQuery, pagingQuery } from '../api/params'
import { queryParameters } from './queryParameters'

export const idParam = { in: 'path', name: 'id', required: true, schema: { type: 'string' } }
export const [depthParam] = queryParameters(depthQuery)
/** Of the commerce lists (6, 7). */
export const listParams = queryParameters(listQuery)
/** Of Payload's REST lists (13). */
export const pagingParams = queryParameters(pagingQuery)
