import { configToJSONSchema, type SanitizedConfig } from 'payload'

import { depthQuery, listQuery, pagingQuery } from '../api/params'
import { toOpenApiSchema } from './jsonSchema'
import { queryParameters } from './queryParameters'

type Obj = Record<string, unknown>
import { listingParameters, lookupSchemas, tcoParameters } from './lookups'

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const json = (schema: unknown, example?: unknown) => ({
  'application/json': { schema, ...(example ? { example } : {}) },
})

const [depthParam] = queryParameters(depthQuery)
const idParam = { in: 'path', name: 'id', required: true, schema: { type: 'string' } }
const pagingParams = queryParameters(pagingQuery)
const listParams = queryParameters(listQuery)

const commerceError = (code: number, message: string) => ({
  content: json(ref('CommerceError'), { error: { code, message }, success: false }),
  description: message,
})
const commerceErrors = (notFound?: string, extra: Obj = {}) => ({
  400: commerceError(400, 'Invalid Information'),
  401: commerceError(401, 'Unauthorized'),
  403: commerceError(403, 'Forbidden'),
  ...(notFound ? { 404: commerceError(404, notFound) } : {}),
  429: commerceError(429, 'Too Many Requests'),
  ...extra,
})
const envelope = (schema: string) => ({
  content: json({
    properties: { data: ref(schema), success: { type: 'boolean' } },
    required: ['data', 'success'],
    type: 'object',
  }),
  description: 'Success',
})
const pagedList = (schema: string) => ({
  content: json({
    properties: {
      data: { items: ref(schema), type: 'array' },
      hasNextPage: { type: 'boolean' },
      hasPrevPage: { type: 'boolean' },
      limit: { type: 'integer' },
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
    ],
    type: 'object',
  }),
  description: 'One page of records',
})
const payloadError = (description: string) => ({ content: json(ref('PayloadErrors')), description })
const payloadDoc = (schema: string) => ({
  content: json({
    properties: { doc: ref(schema), message: { type: 'string' } },
    required: ['doc', 'message'],
    type: 'object',
  }),
  description: 'Success',
})

const creditAppExample = {
  consumer: 'con_demo_maria',
  preApproval: 'pre_demo_maria',
  provider: 'provider_a',
  toProvider: false,
  vehicle: '4T1B11HK7NU000123',
}
// The birth date is a placeholder, not any consumer's (a demo consumer's would be personal data).
const consumerExample = {
  birthDate: '2000-01-01',
  email: 'maria.gonzalez@example.com',
  firstName: 'María',
  lastName: 'González',
  phoneNumber: '(213) 555-0147',
}

/**
 * The commerce API answers a join (a company's `locations`) as an array of the joined records,
 * not as Payload's `{docs, hasNextPage}` (src/commerce/endpoints/joins.ts).
 */
const joinsAsArrays = (config: SanitizedConfig, schemas: Obj): Obj =>
  Object.fromEntries(
    Object.entries(schemas).map(([slug, schema]) => {
      const joins =
        config.collections
          .find((collection) => collection.slug === slug)
          ?.fields.flatMap((field) => (field.type === 'join' ? [field] : [])) ?? []
      if (!joins.length) return [slug, schema]
      const { properties } = schema as { properties: Obj }
      const arrays = joins.map((field) => [
        field.name,
        {
          description: `Every ${field.collection} whose \`${field.on}\` is this record (ids at depth 0).`,
          items: { oneOf: [{ type: 'string' }, ref(field.collection as string)] },
          type: 'array',
        },
      ])
      return [
        slug,
        { ...(schema as Obj), properties: { ...properties, ...Object.fromEntries(arrays) } },
      ]
    }),
  )

/**
 * What an `addresses` list accepts on a write: an address id, an existing address by `id`, or an
 * Address to create and link (hooks/resolveAddresses.ts), its city by id or inline `{name, state}`.
 */
const addressesInput = (address: Obj) => {
  const { createdAt: _created, updatedAt: _updated, ...properties } = address.properties as Obj
  const state = {
    oneOf: [
      { description: 'The state code, e.g. TX.', type: 'string' },
      { properties: { code: { type: 'string' } }, required: ['code'], type: 'object' },
    ],
  }
  const inlineCity = {
    description: 'Found (same state, same name) or created.',
    properties: { name: { type: 'string' }, state },
    required: ['name', 'state'],
    type: 'object',
  }
  const newAddress = {
    description:
      'An address to create and link, with or without a new `id`; an object with the `id` of an existing address links that address as stored.',
    properties: {
      ...properties,
      city: { oneOf: [{ description: 'A city id.', type: 'string' }, inlineCity] },
    },
    required: ['line1', 'zip', 'city'],
    type: 'object',
  }
  const reference = {
    additionalProperties: false,
    properties: { id: { type: 'string' } },
    required: ['id'],
    type: 'object',
  }
  return {
    items: { oneOf: [{ description: 'An address id.', type: 'string' }, reference, newAddress] },
    nullable: true,
    type: 'array',
  }
}

/**
 * The OpenAPI 3.0 description of endpoints 1–17, with record schemas derived from the collection
 * configs (the same JSON Schema Payload generates its types from), so it cannot drift from them.
 */
export const buildOpenApiDocument = (config: SanitizedConfig) => {
  const definitions = (
    configToJSONSchema(config, 'text') as { definitions: Record<string, unknown> }
  ).definitions
  const slugs = config.collections
    .map((collection) => collection.slug)
    .filter(
      (slug) => !slug.startsWith('payload-') && !['api-clients', 'lookup-cache'].includes(slug),
    )
  const schemas: Obj = joinsAsArrays(
    config,
    Object.fromEntries(slugs.map((slug) => [slug, toOpenApiSchema(definitions[slug])])),
  )
  /** A request body: the record's schema with the contract's required fields (3.0 forbids `required: []`). */
  const withRequired = (slug: string, required: string[]) => {
    const { required: _stored, ...schema } = schemas[slug] as Obj
    return required.length ? { ...schema, required } : schema
  }
  const body = (slug: string, required: string[]) => ({
    content: json(withRequired(slug, required)),
    required: true,
  })
  const write = (slug: string, required: string[], example: unknown, properties: Obj = {}) => {
    const schema = withRequired(slug, required)
    return {
      content: {
        'application/json': {
          example,
          schema: { ...schema, properties: { ...(schema.properties as Obj), ...properties } },
        },
      },
      required: true,
    }
  }
  const tags = (name: string) => [name]
  /** Endpoints 11 and 12: Payload's REST update with its query parameters and error shape. */
  const payloadPatch = (slug: string, operationId: string, summary: string) => ({
    operationId,
    parameters: [
      idParam,
      depthParam,
      { in: 'query', name: 'locale', schema: { type: 'string' } },
      { in: 'query', name: 'fallback-locale', schema: { type: 'string' } },
    ],
    requestBody: body(slug, []),
    responses: {
      200: payloadDoc(slug),
      400: payloadError('Invalid value'),
      401: payloadError('Unauthorized'),
      403: payloadError('Forbidden'),
      404: payloadError('Not Found'),
      429: payloadError('Too Many Requests'),
    },
    summary,
    tags: tags('Leads'),
  })

  return {
    components: {
      schemas: {
        ...schemas,
        ...lookupSchemas,
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
      },
      securitySchemes: {
        apiKey: {
          description:
            "An API client's key: `Authorization: api-clients API-Key <key>` (the bare key is accepted too). Create one with `npm run create-api-key`.",
          in: 'header',
          name: 'Authorization',
          type: 'apiKey',
        },
        session: {
          description: 'A staff session from POST /api/users/login.',
          in: 'cookie',
          name: 'payload-token',
          type: 'apiKey',
        },
      },
    },
    info: {
      description:
        "Records of an automotive retail flow. Endpoints 1–10 answer in the commerce envelope; 11–17 are Payload's REST API; 18–19 are the vehicle lookups (commerce errors).",
      title: 'Commerce service',
      version: '3.0',
    },
    openapi: '3.0.3',
    paths: {
      '/creditapps': {
        post: {
          operationId: 'createCreditApp',
          parameters: [depthParam],
          requestBody: write(
            'credit-app',
            ['preApproval', 'consumer', 'vehicle'],
            creditAppExample,
          ),
          responses: {
            200: envelope('credit-app'),
            ...commerceErrors(undefined, {
              400: commerceError(400, 'Missing Required Information'),
            }),
          },
          summary: '1. Create a credit app',
          tags: tags('Credit'),
        },
      },
      '/creditapps/{id}': {
        get: {
          operationId: 'getCreditApp',
          parameters: [idParam, depthParam],
          responses: { 200: envelope('credit-app'), ...commerceErrors('Credit App Not Found') },
          summary: '2. Get a credit app',
          tags: tags('Credit'),
        },
      },
      '/creditreports/{id}': {
        patch: {
          operationId: 'updateCreditReport',
          parameters: [idParam, depthParam],
          requestBody: body('credit-report', []),
          responses: {
            200: envelope('credit-report'),
            ...commerceErrors('Credit Report Not Found'),
          },
          summary: '3. Update a credit report',
          tags: tags('Credit'),
        },
      },
      '/consumers': {
        post: {
          operationId: 'createConsumer',
          parameters: [depthParam],
          requestBody: write(
            'consumer',
            ['birthDate', 'phoneNumber', 'lastName', 'firstName'],
            consumerExample,
            { addresses: addressesInput(schemas.address as Obj) },
          ),
          responses: {
            200: envelope('consumer'),
            ...commerceErrors(undefined, {
              400: commerceError(400, 'Missing Required Information'),
            }),
          },
          summary: '4. Create a consumer',
          tags: tags('Credit'),
        },
      },
      '/contacts/{id}': {
        patch: {
          operationId: 'updateContact',
          parameters: [idParam, depthParam],
          requestBody: body('contact', []),
          responses: { 200: envelope('contact'), ...commerceErrors('Contact Not Found') },
          summary: '5. Update a contact',
          tags: tags('Commerce'),
        },
      },
      '/webevents': {
        get: {
          operationId: 'listWebEvents',
          parameters: listParams,
          responses: { 200: pagedList('web-event'), ...commerceErrors() },
          summary: '6. List web events',
          tags: tags('Commerce'),
        },
      },
      '/companies': {
        get: {
          operationId: 'listCompanies',
          parameters: listParams,
          responses: { 200: pagedList('company'), ...commerceErrors() },
          summary: '7. List companies',
          tags: tags('Commerce'),
        },
      },
      '/deals/{id}': {
        get: {
          operationId: 'getDeal',
          parameters: [idParam, depthParam],
          responses: { 200: envelope('deal'), ...commerceErrors('Deal Not Found') },
          summary: '8. Get a deal (the facilitator carries its `location`)',
          tags: tags('Commerce'),
        },
      },
      '/facilitators/{id}': {
        get: {
          operationId: 'getFacilitator',
          parameters: [idParam, depthParam],
          responses: { 200: envelope('company'), ...commerceErrors('Facilitator Not Found') },
          summary: '9. Get a facilitator',
          tags: tags('Commerce'),
        },
      },
      '/customers/{id}': {
        get: {
          operationId: 'getCustomer',
          parameters: [idParam, depthParam],
          responses: { 200: envelope('customer'), ...commerceErrors('Customer Not Found') },
          summary: '10. Get a customer',
          tags: tags('Commerce'),
        },
      },
      '/leadEvents/{id}': {
        patch: payloadPatch('leadEvents', 'updateLeadEvent', '11. Update a lead event'),
      },
      '/vdpEmails/{id}': {
        patch: payloadPatch('vdpEmails', 'updateVdpEmail', '12. Update a VDP e-mail'),
      },
      '/errors': {
        get: {
          operationId: 'listErrors',
          parameters: pagingParams,
          responses: {
            200: {
              content: json({
                properties: {
                  docs: { items: ref('errors'), type: 'array' },
                  totalDocs: { type: 'integer' },
                },
                type: 'object',
              }),
              description: "A page of error records (Payload's paginated shape)",
            },
            403: payloadError('Forbidden'),
          },
          summary: '13. List error records',
          tags: tags('Errors'),
        },
        post: {
          operationId: 'createError',
          requestBody: write('errors', ['message'], {
            message: 'TypeError: x is undefined',
            source: 'storefront',
            url: 'https://shop.example.com/cart',
          }),
          responses: {
            201: payloadDoc('errors'),
            400: payloadError('Invalid value'),
            413: payloadError('Body over 64 KiB'),
          },
          security: [],
          summary: '15. Report an error (no credential needed)',
          tags: tags('Errors'),
        },
      },
      '/errors/{id}': {
        delete: {
          operationId: 'deleteError',
          parameters: [idParam],
          responses: {
            200: payloadDoc('errors'),
            403: payloadError('Forbidden'),
            404: payloadError('Not Found'),
          },
          summary: '17. Delete an error record',
          tags: tags('Errors'),
        },
        get: {
          operationId: 'getError',
          parameters: [idParam],
          responses: {
            200: { content: json(ref('errors')), description: 'The error record' },
            403: payloadError('Forbidden'),
            404: payloadError('Not Found'),
          },
          summary: '14. Get an error record',
          tags: tags('Errors'),
        },
        patch: {
          operationId: 'updateError',
          parameters: [idParam],
          requestBody: body('errors', []),
          responses: {
            200: payloadDoc('errors'),
            400: payloadError('Invalid value'),
            403: payloadError('Forbidden'),
            404: payloadError('Not Found'),
          },
          summary: '16. Update an error record',
          tags: tags('Errors'),
        },
      },
      '/tco/{vin}': {
        get: {
          operationId: 'getTotalCostOfOwnership',
          parameters: tcoParameters,
          responses: {
            200: { content: json(ref('TcoResult')), description: 'Five-year cost of ownership' },
            ...commerceErrors('Vehicle Not Found'),
          },
          summary: '18. Total cost of ownership of a VIN',
          tags: tags('Vehicle lookups'),
        },
      },
      '/listings/{vin}': {
        get: {
          operationId: 'getListingDetails',
          parameters: listingParameters,
          responses: {
            200: { content: json(ref('ListingDetails')), description: 'Listing details' },
            ...commerceErrors('Vehicle Not Found'),
          },
          summary: '19. Listing details of a VIN (also at LISTING_URL)',
          tags: tags('Vehicle lookups'),
        },
      },
    },
    security: [{ apiKey: [] }, { session: [] }],
    servers: [{ description: 'This service', url: '/api' }],
  }
}
