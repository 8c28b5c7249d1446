/** Record schemas derived from the collection configs, and the request bodies built on them. */
import { configToJSONSchema, type SanitizedConfig } from 'payload'

import { CLOSED_COLLECTIONS } from '@/api/closedCollections'

import { toOpenApiSchema } from './jsonSchema'
import { json, type Obj, ref, type Schema } from './responses'

export type Records = Record<string, Schema>

/** Every collection served over REST (the bookkeeping ones are closed), and the globals. */
const isDocumented = (slug: string) => !CLOSED_COLLECTIONS.has(slug)

/**
 * Payload's schema of an auth collection requires `collection`, which only the sign-in answers
 * carry: a record read from the collection has none.
 */
const withoutAuthMarker = (schema: Schema): Schema => {
  const { required, ...rest } = schema
  const kept = required?.filter((name) => name !== 'collection') ?? []
  return kept.length ? { ...rest, required: kept } : rest
}

/**
 * The commerce API answers a join (a company's `locations`) as an array of the joined records
 * (src/commerce/endpoints/joins.ts); Payload's REST API as a page, `{docs, hasNextPage}`.
 */
const joinsAsArrays = (config: SanitizedConfig, schemas: Records): Records =>
  Object.fromEntries(
    Object.entries(schemas).map(([slug, schema]) => {
      const joins =
        config.collections
          .find((collection) => collection.slug === slug)
          ?.flattenedFields.flatMap((field) => (field.type === 'join' ? [field] : [])) ?? []
      if (!joins.length) return [slug, schema]
      const { properties } = schema
      const arrays = joins.map((field) => {
        const item = { oneOf: [{ type: 'string' }, ref(String(field.collection))] }
        return [
          field.name,
          {
            description: `Every ${field.collection} whose \`${field.on}\` is this record (ids at depth 0): an array on endpoints 1–10, a page \`{docs, hasNextPage}\` on the REST API.`,
            oneOf: [
              { items: item, type: 'array' },
              {
                properties: {
                  docs: { items: item, type: 'array' },
                  hasNextPage: { type: 'boolean' },
                  totalDocs: { type: 'integer' },
                },
                required: ['docs'],
                type: 'object',
              },
            ],
          },
        ]
      })
      return [slug, { ...schema, properties: { ...properties, ...Object.fromEntries(arrays) } }]
    }),
  )

/** A global read before its first save has no `id`. */
const withoutNewId = (schema: Schema): Schema => {
  const { required, ...rest } = schema
  const kept = required?.filter((name) => name !== 'id') ?? []
  return kept.length ? { ...rest, required: kept } : rest
}

/**
 * A field whose reading depends on who asks (field-level `access.read`: a colleague's e-mail and
 * role, staff-only fields to an API client) is absent from some answers, so no answer requires it.
 */
const guardedNotRequired = (config: SanitizedConfig, slug: string, schema: Schema): Schema => {
  const guarded = new Set(
    config.collections
      .find((collection) => collection.slug === slug)
      ?.flattenedFields.flatMap((field) =>
        'access' in field && field.access?.read ? [field.name] : [],
      ) ?? [],
  )
  const { required, ...rest } = schema
  const kept = required?.filter((name) => !guarded.has(name)) ?? []
  return kept.length ? { ...rest, required: kept } : rest
}

/** Each documented collection's schema, from the JSON Schema Payload generates its types from. */
export const recordSchemas = (config: SanitizedConfig): Records => {
  const { definitions = {} } = configToJSONSchema(config, 'number')
  const globals = new Set<string>(config.globals.map((global) => global.slug))
  const slugs = [
    ...config.collections.map((collection) => collection.slug).filter(isDocumented),
    ...config.globals.map((global) => global.slug),
  ]
  return joinsAsArrays(
    config,
    Object.fromEntries(
      slugs.map((slug) => [
        slug,
        globals.has(slug)
          ? withoutNewId(toOpenApiSchema(definitions[slug]))
          : guardedNotRequired(config, slug, withoutAuthMarker(toOpenApiSchema(definitions[slug]))),
      ]),
    ),
  )
}

/** The record's schema with the contract's required fields (3.0 forbids `required: []`). */
const withRequired = (record: Schema, required: string[]): Schema => {
  const { required: _stored, ...schema } = record
  return required.length ? { ...schema, required } : schema
}

/** The body of an update: any of the record's fields. */
export const updateBody = (record: Schema) => ({
  content: json(withRequired(record, [])),
  required: true,
})

/** The body of a create: the required fields, an example, and `properties` a write accepts. */
export const createBody = (
  record: Schema,
  required: string[],
  example: unknown,
  properties: Obj = {},
) => {
  const schema = withRequired(record, required)
  return {
    content: {
      'application/json': {
        example,
        schema: { ...schema, properties: { ...schema.properties, ...properties } },
      },
    },
    required: true,
  }
}

/**
 * What a `city` relation accepts on a write (hooks/resolveCity.ts): a city id, an existing city as
 * an object with its `id`, or an inline `{name, state}`, found (same state, same name) or created.
 */
export const cityInput = {
  anyOf: [
    { description: 'A city id.', type: 'string' },
    {
      description: 'An existing city, by its `id` (its other fields are ignored).',
      properties: { id: { type: 'string' } },
      required: ['id'],
      type: 'object',
    },
    {
      description:
        'An inline city: found (same state, same name) or created. The state must exist.',
      properties: {
        name: { type: 'string' },
        state: {
          oneOf: [
            { description: 'The state code, e.g. TX.', type: 'string' },
            { properties: { code: { type: 'string' } }, required: ['code'], type: 'object' },
          ],
        },
      },
      required: ['name', 'state'],
      type: 'object',
    },
  ],
  description:
    'A city id, an existing city by `id`, or an inline `{name, state}` (found or created).',
}

/**
 * What an `addresses` list accepts on a write: an address id, an existing address by `id`, or an
 * Address to create and link (hooks/resolveAddresses.ts), its city as `cityInput` takes it.
 */
export const addressesInput = (address: Schema) => {
  const { createdAt: _created, updatedAt: _updated, ...properties } = address.properties ?? {}
  const newAddress = {
    description:
      'An address to create and link, with or without a new `id`; an object with the `id` of an existing address links that address as stored.',
    properties: { ...properties, city: cityInput },
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
