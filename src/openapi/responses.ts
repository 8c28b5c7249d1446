/** What the answers look like: the commerce envelope and its error body, and Payload's REST shapes. */
export type Obj = Record<string, unknown>

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const json = (schema: unknown, example?: unknown) => ({
  'application/json': { schema, ...(example ? { example } : {}) },
})

export const commerceError = (code: number, message: string) => ({
  content: json(ref('CommerceError'), { error: { code, message }, success: false }),
  description: message,
})
export const commerceErrors = (notFound?: string, extra: Obj = {}) => ({
  400: commerceError(400, 'Invalid Information'),
  401: commerceError(401, 'Unauthorized'),
  403: commerceError(403, 'Forbidden'),
  ...(notFound ? { 404: commerceError(404, notFound) } : {}),
  429: commerceError(429, 'Too Many Requests'),
  ...extra,
})
/** A 200 answer: an object with every one of these properties. */
const success = (properties: Obj) => ({
  content: json({ properties, required: Object.keys(properties), type: 'object' }),
  description: 'Success',
})

export const envelope = (schema: string) =>
  success({ data: ref(schema), success: { type: 'boolean' } })

/** The version header of a single-record answer (src/server/etag.ts). */
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
  400: 'Invalid value',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Body over 64 KiB',
  412: PRECONDITION_FAILED,
  429: 'Too Many Requests',
  ...IDEMPOTENCY_CONFLICTS,
} as const

/** Payload's `{errors: [{message}]}` answers for these status codes. */
export const payloadErrors = (...codes: (keyof typeof PAYLOAD_ERRORS)[]) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      { content: json(ref('PayloadErrors')), description: PAYLOAD_ERRORS[code] },
    ]),
  )
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
            description: "Added to the contract's shape: each offending field.",
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
          properties: { message: { type: 'string' } },
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
