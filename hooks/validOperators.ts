import type { CollectionBeforeOperationHook, FlattenedField } from 'payload'

import { ClientError } from '../src/lib/clientError'
import { conditionsIn, joinWheres } from '../src/lib/whereTree'

/** Operators that only make sense on a point field. */
const GEO = new Set(['intersects', 'near', 'within'])
/** Text matching, which the adapter has no SQL for on dates, numbers, checkboxes and points. */
const TEXT_MATCH = new Set(['contains', 'like', 'not_like'])
const NOT_TEXT = new Set(['checkbox', 'date', 'number', 'point'])

/** The field a dotted path names, through groups and tabs of the collection; undefined past a relation. */
const fieldAt = (fields: FlattenedField[], path: string): FlattenedField | undefined => {
  const [name, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === name)
  if (!field || rest.length === 0) return field
  return 'flattenedFields' in field ? fieldAt(field.flattenedFields, rest.join('.')) : undefined
}

/**
 * `near`, `within` and `intersects` work on point fields and `like`, `not_like` and `contains` on
 * text; elsewhere the database adapter has no SQL for them (or writes invalid SQL), and it has none
 * for `all` at all: each failed with a 500. Here they are a 400 naming the field.
 */
export const validOperators: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
  req,
}) => {
  if (!['count', 'read', 'delete', 'update'].includes(operation)) return args
  const joins = 'joins' in args ? args.joins : undefined
  const where = 'where' in args ? args.where : undefined
  const trees: [FlattenedField[], unknown][] = [[collection.flattenedFields, where]]
  for (const [name, joinWhere] of joinWheres(joins)) {
    const join = collection.flattenedFields.find(
      (field) => field.name === name && field.type === 'join',
    )
    const target =
      join && 'collection' in join && typeof join.collection === 'string'
        ? req.payload.collections[join.collection]
        : undefined
    // An unknown join is Payload's to refuse; a join's conditions are checked on its collection.
    if (target) trees.push([target.config.flattenedFields, joinWhere])
  }
  for (const [fields, tree] of trees) {
    for (const { operator, path } of conditionsIn(tree)) {
      // Without an id field of its own, a collection's id is PostgreSQL's serial integer.
      const field = fieldAt(fields, path) ?? (path === 'id' ? { type: 'number' } : undefined)
      if (operator === 'all') {
        // The PostgreSQL adapter has no SQL for `all` (its operator map leaves it out).
        throw new ClientError(
          `The all operator is not supported (on ${path}): combine equals conditions with and`,
          400,
        )
      }
      const kind = GEO.has(operator)
        ? field?.type !== 'point' && 'point fields'
        : TEXT_MATCH.has(operator) && field && NOT_TEXT.has(field.type) && 'text fields'
      if (kind)
        throw new ClientError(`The ${operator} operator works only on ${kind}, not on ${path}`, 400)
    }
  }
  return args
}
