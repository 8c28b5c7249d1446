import { APIError, type CollectionBeforeOperationHook, type FlattenedField } from 'payload'

/** Operators that only make sense on a point field. */
const GEO = new Set(['intersects', 'near', 'within'])

type Condition = { operator: string; path: string }

/** Every (path, operator) pair of a `where` tree, through `and` / `or`. */
const conditionsIn = (where: unknown, prefix = ''): Condition[] => {
  if (!where || typeof where !== 'object') return []
  if (Array.isArray(where)) return where.flatMap((item) => conditionsIn(item, prefix))
  return Object.entries(where).flatMap(([key, value]) => {
    if (key === 'and' || key === 'or') return conditionsIn(value, prefix)
    if (!value || typeof value !== 'object' || Array.isArray(value)) return []
    return Object.keys(value).map((operator) => ({ operator, path: prefix + key }))
  })
}

/** The field a dotted path names, through groups and tabs of the collection; undefined past a relation. */
const fieldAt = (fields: FlattenedField[], path: string): FlattenedField | undefined => {
  const [name, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === name)
  if (!field || rest.length === 0) return field
  return 'flattenedFields' in field ? fieldAt(field.flattenedFields, rest.join('.')) : undefined
}

const holdsSeveral = (field: FlattenedField | undefined) =>
  Boolean(field && (field.type === 'array' || ('hasMany' in field && field.hasMany)))

/**
 * `near`, `within` and `intersects` work on point fields and `all` on fields holding several
 * values; on anything else the database adapter has no SQL for them and fails with a 500. Here
 * they are a 400 naming the field.
 */
export const validOperators: CollectionBeforeOperationHook = ({ args, collection, operation }) => {
  if (!['count', 'read', 'delete', 'update'].includes(operation)) return args
  for (const { operator, path } of conditionsIn((args as { where?: unknown }).where)) {
    const field = fieldAt(collection.flattenedFields, path)
    const wrong = (GEO.has(operator) && field?.type !== 'point') || (operator === 'all' && !holdsSeveral(field))
    if (wrong) {
      const kind = GEO.has(operator) ? 'point fields' : 'fields holding several values'
      throw new APIError(`The ${operator} operator works only on ${kind}, not on ${path}`, 400, null, true)
    }
  }
  return args
}
