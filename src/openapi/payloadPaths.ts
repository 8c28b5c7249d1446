/**
 * Endpoints 11–17 are operations of Payload's REST API (./rest/) with names of their own:
 * their numbers, the ids integrators' code calls them by, and what they add (the locale
 * parameters of 11 and 12, an example error report).
 */
import type { Records } from './records'
import { createBody } from './records'
import type { Obj } from './responses'

type PathItems = Record<string, Record<string, Obj>>

const localeParams = [
  {
    description: 'Accepted; no localisation is configured, so it changes nothing.',
    in: 'query',
    name: 'locale',
    schema: { type: 'string' },
  },
  {
    description: 'Accepted; no localisation is configured, so it changes nothing.',
    in: 'query',
    name: 'fallback-locale',
    schema: { type: 'string' },
  },
]

const NUMBERED: [
  path: string,
  method: string,
  operationId: string,
  summary: string,
  extra?: (records: Records, operation: Obj) => Obj,
][] = [
  [
    '/leadEvents/{id}',
    'patch',
    'updateLeadEvent',
    '11. Update a lead event',
    (_records, operation) => ({
      parameters: [...(operation.parameters as Obj[]), ...localeParams],
    }),
  ],
  [
    '/vdpEmails/{id}',
    'patch',
    'updateVdpEmail',
    '12. Update a VDP e-mail',
    (_records, operation) => ({
      parameters: [...(operation.parameters as Obj[]), ...localeParams],
    }),
  ],
  ['/errors', 'get', 'listErrors', '13. List error records'],
  ['/errors/{id}', 'get', 'getError', '14. Get an error record'],
  [
    '/errors',
    'post',
    'createError',
    '15. Report an error (no credential needed)',
    (records) => ({
      requestBody: createBody(records.errors, ['message'], {
        message: 'TypeError: x is undefined',
        source: 'storefront',
        url: 'https://shop.example.com/cart',
      }),
    }),
  ],
  ['/errors/{id}', 'patch', 'updateError', '16. Update an error record'],
  ['/errors/{id}', 'delete', 'deleteError', '17. Delete an error record'],
]

/** The REST paths with endpoints 11–17 named as the numbered list names them. */
export const numberedRestPaths = (paths: PathItems, records: Records): PathItems => {
  const named = structuredClone(paths)
  for (const [path, method, operationId, summary, extra] of NUMBERED) {
    const operation = named[path]?.[method]
    if (!operation)
      throw new Error(`${method.toUpperCase()} ${path} (endpoint ${summary}) is not served`)
    named[path][method] = {
      ...operation,
      operationId,
      ...extra?.(records, operation),
      summary,
    }
  }
  return named
}
