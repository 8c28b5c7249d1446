/** What the answers look like: the commerce envelope and its error body, and Payload's REST shapes. */
export type Obj = Record<string, unknown>

/** A schema object of the document: open to any keyword, with the two the builders read typed. */
export type Schema = Obj & { properties?: Obj; required?: string[] }

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const json = (schema: unknown, example?: unknown) => ({
  'application/json': { schema, ...(example ? { example } : {}) },
})

export const commerceError = (code: number, message: string) => ({
  content: json(ref('CommerceError'), { error: { code, message }, success: false }),
  description: message,
})
/** The headers of a 429 and a 503: when to try again. */
const retryAfter = (response: Obj, required: boolean) => ({
  ...response,
  headers: {
    'Retry-After': {
      description: 'Seconds to wait before trying again.',
      ...(required ? { required: true } : {}),
      schema: { pattern: '^[0-9]+$', type: 'string' },
    },
  },
})
export const TOO_MANY_REQUESTS =
  "Too Many Requests: the caller's budget for this window is spent (sign-ins and failed credential checks have a budget per client address)"
export const UNAVAILABLE =
  'Service Unavailable: the database (or file storage) cannot be reached or did not answer in time; nothing was saved'
export const TOO_LARGE =
  'The body is larger than the cap (1 MiB; 64 KiB on POST /errors): refused unread, the connection closed'
export const UNSUPPORTED_TYPE =
  'The body is not `application/json` (or another `+json` type), nor `multipart/form-data`'

/**
 * Every answer of the commerce endpoints besides their own: a bad query or value (400), a
 * credential that does not authenticate or none (401), a role that may not (403), the rate limit
 * (429) and an unreachable database (503); 413 and 415 where a body is taken.
 */
export const commerceErrors = (notFound?: string, extra: Obj = {}, { body = false } = {}) => ({
  400: commerceError(400, 'Invalid Information'),
  401: commerceError(401, 'Unauthorized'),
  403: commerceError(403, 'Forbidden'),
  ...(notFound ? { 404: commerceError(404, notFound) } : {}),
  ...(body ? { 413: responseRef('Commerce413'), 415: responseRef('Commerce415') } : {}),
  429: responseRef('Commerce429'),
  503: responseRef('Commerce503'),
  ...extra,
})
/** A 200 answer: an object with every one of these properties. */
const success = (properties: Obj) => ({
  content: json({ properties, required: Object.keys(properties), type: 'object' }),
  description: 'Success',
})

export const envelope = (schema: string) =>
  success({ data: ref(schema), success: { type: 'boolean' } })

/** The version header of a single-record answer (src/http/etag.ts). */
export const withETag = (response: Obj) => ({
  ...response,
  headers: {
    ETag: {
      description: "The record's version: send it as If-None-Match (reads) or If-Match (updates).",
      schema: { type: 'string' },
    },
  },
})
export const NOT_MODIFIED = {
  304: { description: 'Not Modified: the record is the version named in If-None-Match' },
}
export const PRECONDITION_FAILED = 'The record has changed since the version named in If-Match'
export const pagedList = (schema: string) => ({
  content: json({
    properties: {
      data: { items: ref(schema), type: 'array' },
      hasNextPage: { type: 'boolean' },
      hasPrevPage: { type: 'boolean' },
      limit: { type: 'integer' },
      nextCursor: {
        description:
          'Where the next page starts: send it as `cursor` (with the same `sort`) to read that page without an offset. Null on the last page.',
        nullable: true,
        type: 'string',
      },
      nextPage: { nullable: true, type: 'integer' },
      page: { type: 'integer' },
      pagingCounter: { type: 'integer' },
      prevPage: { nullable: true, type: 'integer' },
      success: { type: 'boolean' },
      totalCount: { type: 'integer' },
      totalPages: { type: 'integer' },
    },
    required: [
      'data',
      'success',
      'page',
      'nextPage',
      'prevPage',
      'totalPages',
      'totalCount',
      'limit',
      'pagingCounter',
      'hasPrevPage',
      'hasNextPage',
      'nextCursor',
    ],
    type: 'object',
  }),
  description: 'One page of records',
})

/** What a create with an Idempotency-Key may answer besides its own answers. */
export const IDEMPOTENCY_CONFLICTS = {
  409: 'A request with this Idempotency-Key is still running (or was cut off after saving)',
  422: 'This Idempotency-Key was used with a different request',
} as const

const PAYLOAD_ERRORS = {
  400: 'Bad Request: a query parameter (`limit`, `page`, `where`, `sort`, `depth`, …) or a value of the body is invalid; the message names it',
  401: 'Unauthorized: no credential where one is needed, or an `Authorization` header (API key or token) that does not authenticate',
  403: 'Forbidden: the caller’s role may not do this',
  404: 'Not Found',
  409: 'Conflict: the record is still named by another record, a lead event contacts a person who asked not to be contacted (the message says when and by whom), or a request with this Idempotency-Key is still running',
  412: PRECONDITION_FAILED,
  413: TOO_LARGE,
  415: UNSUPPORTED_TYPE,
  422: IDEMPOTENCY_CONFLICTS[422],
  423: 'Locked: the record is being edited in the admin UI, or the account is locked after failed sign-ins',
  429: TOO_MANY_REQUESTS,
  503: UNAVAILABLE,
} as const

export type PayloadStatus = keyof typeof PAYLOAD_ERRORS

/** Payload's `{errors: [{message}]}` answers for these status codes. */
export const payloadErrors = (...codes: PayloadStatus[]) =>
  Object.fromEntries(codes.map((code) => [code, responseRef(`Payload${code}`)]))

const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` })

/** The answers many operations share, as components (`Payload400`, `Commerce429`, …). */
export const sharedResponses = () => ({
  Commerce413: commerceError(413, TOO_LARGE),
  Commerce415: commerceError(415, UNSUPPORTED_TYPE),
  Commerce429: retryAfter(commerceError(429, TOO_MANY_REQUESTS), true),
  Commerce503: retryAfter(commerceError(503, UNAVAILABLE), false),
  ...Object.fromEntries(
    Object.entries(PAYLOAD_ERRORS).map(([code, description]) => {
      const response = { content: json(ref('PayloadErrors')), description }
      return [
        `Payload${code}`,
        code === '429' || code === '503' ? retryAfter(response, code === '429') : response,
      ]
    }),
  ),
})
export const payloadDoc = (schema: string) =>
  success({ doc: ref(schema), message: { type: 'string' } })

/** The two error bodies, as component schemas. */
export const errorSchemas = {
  CommerceError: {
    properties: {
      error: {
        properties: {
          code: { type: 'integer' },
          details: {
            description: 'Each offending field, when the error is about fields.',
            items: {
              properties: { field: { type: 'string' }, message: { type: 'string' } },
              required: ['field', 'message'],
              type: 'object',
            },
            type: 'array',
          },
          message: { type: 'string' },
        },
        required: ['code', 'message'],
        type: 'object',
      },
      success: { enum: [false], type: 'boolean' },
    },
    required: ['error', 'success'],
    type: 'object',
  },
  PayloadErrors: {
    properties: {
      errors: {
        items: {
          properties: {
            data: {
              description:
                'Details: the fields a value was refused for (`errors[].path`), the rows of an import, what a sign-in asks for next (`mfa`).',
              nullable: true,
              type: 'object',
            },
            message: { type: 'string' },
          },
          required: ['message'],
          type: 'object',
        },
        type: 'array',
      },
    },
    required: ['errors'],
    type: 'object',
  },
}
