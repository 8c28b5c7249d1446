/** Record schemas derived from the collection configs, and the request bodies built on them. */
import { configToJSONSchema, type SanitizedConfig } from 'payload'

import { toOpenApiSchema } from './jsonSchema'
import { json, type Obj, ref } from './responses'

export type Records = Record<string, Obj>

/** Payload's own collections and the internal ones are not part of the interface. */
const isDocumented = (slug: string) =>
  !slug.startsWith('payload-') && !['api-clients', 'lookup-cache'].includes(slug)

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
          ?.flattenedFields.flatMap((field) => (field.type === 'join' ? [field] : [])) ?? []
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

/** Each documented collection's schema, from the JSON Schema Payload generates its types from. */
export const recordSchemas = (config: SanitizedConfig): Records => {
  const { definitions } = configToJSONSchema(config, 'number') as {
    definitions: Record<string, unknown>
  }
  const slugs = config.collections.map((collection) => collection.slug).filter(isDocumented)
  return joinsAsArrays(
    config,
    Object.fromEntries(slugs.map((slug) => [slug, toOpenApiSchema(definitions[slug])])),
  ) as Records
}

/** The record's schema with the contract's required fields (3.0 forbids `required: []`). */
const withRequired = (record: Obj, required: string[]): Obj => {
  const { required: _stored, ...schema } = record
  return required.length ? { ...schema, required } : schema
}

/** The body of an update: any of the record's fields. */
export const updateBody = (record: Obj) => ({
  content: json(withRequired(record, [])),
  required: true,
})

/** The body of a create: the required fields, an example, and `properties` a write accepts. */
export const createBody = (
  record: Obj,
  required: string[],
  example: unknown,
  properties: Obj = {},
) => {
  const schema = withRequired(record, required)
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

/**
 * What an `addresses` list accepts on a write: an address id, an existing address by `id`, or an
 * Address to create and link (hooks/resolveAddresses.ts), its city by id or inline `{name, state}`.
 */
export const addressesInput = (address: Obj) => {
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
