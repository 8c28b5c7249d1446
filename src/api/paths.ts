import { errorBody, messages } from './errors'

/** First path segments (under /api) of the commerce endpoints 1–10 and the lookups 18–19. */
export const COMMERCE_PATHS = [
  'creditapps',
  'creditreports',
  'consumers',
  'contacts',
  'webevents',
  'companies',
  'deals',
  'facilitators',
  'customers',
  'tco',
  'listings',
]

/** True for a path (relative to /api, e.g. `/deals/deal_1`) served by a commerce endpoint. */
export const isCommercePath = (path: string): boolean =>
  COMMERCE_PATHS.includes(path.split('/')[1] ?? '')

/** What is wrong with one part of a request, without repeating its value. */
export type Problem = { field: string; message: string }

/**
 * An error answered by the HTTP layer (before any handler): in the commerce envelope on the
 * commerce paths (where any invalid input is the contract's `Invalid Information`, with the
 * problem in `details`), in Payload's `{errors: [{message}]}` shape everywhere else.
 */
export const apiErrorBody = (path: string, code: number, message: string, problem?: Problem) => {
  if (!isCommercePath(path))
    return { errors: [{ message: problem ? `${problem.field}: ${problem.message}` : message }] }
  if (code !== 400 || message === messages.malformedJson)
    return errorBody(code, message, problem && [problem])
  return errorBody(code, messages.badRequest, [problem ?? { field: 'request', message }])
}
