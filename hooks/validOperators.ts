import { APIError, type CollectionBeforeOperationHook, type FlattenedField } from 'payload'

import { conditionsIn, joinWheres } from '../src/lib/whereTree'

/** Operators that only make sense on a point field. */
const GEO = new Set(['intersects', 'near', 'within'])

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
export const validOperators: CollectionBeforeOperationHook = ({ args, collection, operation, req }) => {
  if (!['count', 'read', 'delete', 'update'].includes(operation)) return args
  const { joins, where } = args as { joins?: unknown; where?: unknown }
  const trees: [FlattenedField[], unknown][] = [[collection.flattenedFields, where]]
  for (const [name, joinWhere] of joinWheres(joins)) {
    const join = collection.flattenedFields.find((field) => field.name === name && field.type === 'join')
    const target = join && 'collection' in join && typeof join.collection === 'string' ? req.payload.collections[join.collection as 'lead'] : undefined
    // An unknown join is Payload's to refuse; a join's conditions are checked on its collection.
    if (target) trees.push([target.config.flattenedFields, joinWhere])
  }
  for (const [fields, tree] of trees) {
    for (const { operator, path } of conditionsIn(tree)) {
      const field = fieldAt(fields, path)
      const wrong = (GEO.has(operator) && field?.type !== 'point') || (operator === 'all' && !holdsSeveral(field))
      if (wrong) {
        const kind = GEO.has(operator) ? 'point fields' : 'fields holding several values'
        throw new APIError(`The ${operator} operator works only on ${kind}, not on ${path}`, 400, null, true)
      }
    }
  }
  return args
}
