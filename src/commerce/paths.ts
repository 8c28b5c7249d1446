import { errorBody } from './errors'

/** First path segments (under /api) of the commerce endpoints 1–10 and the lookups 18–19. */
export const COMMERCE_PATHS = ['creditapps', 'creditreports', 'consumers', 'contacts', 'webevents', 'companies', 'deals', 'facilitators', 'customers', 'tco', 'listings']

/** True for a path (relative to /api, e.g. `/deals/deal_1`) served by a commerce endpoint. */
export const isCommercePath = (path: string): boolean => COMMERCE_PATHS.includes(path.split('/')[1] ?? '')

/**
 * An error answered by the HTTP layer (before any handler): in the commerce envelope on the
 * commerce paths, in Payload's `{errors: [{message}]}` shape everywhere else.
 */
export const apiErrorBody = (path: string, code: number, message: string) =>
  isCommercePath(path) ? errorBody(code, message) : { errors: [{ message }] }
