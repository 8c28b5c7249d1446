/** OpenAPI 3.0 query parameters from the zod schemas the endpoints parse their query with. */
import { z } from 'zod'

type Schema = Record<string, unknown>

/** A parameter's schema as it is parsed, keys in alphabetical order as in the rest of the document. */
const schemaOf = (field: z.ZodType): Schema => {
  const schema = z.toJSONSchema(field, {
    target: 'openapi-3.0',
    // A `where` filter is a custom object schema; its meta says how it is written.
    unrepresentable: 'any',
  }) as Schema
  // zod's int() is a safe integer: the bounds it implies are not the parameter's.
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum
  return Object.fromEntries(Object.entries(schema).sort(([a], [b]) => (a < b ? -1 : 1)))
}

/** One parameter object per field of `query`, in its order; a field's description moves up. */
export const queryParameters = (query: z.ZodObject) =>
  Object.entries(query.shape).map(([name, field]) => {
    const { description, ...schema } = schemaOf(field)
    return {
      ...(description ? { description } : {}),
      in: 'query',
      name,
      ...(field.safeParse(undefined).success ? {} : { required: true }),
      schema,
    }
  })
