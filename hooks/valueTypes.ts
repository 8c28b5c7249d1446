import type {
  CollectionBeforeOperationHook,
  CollectionBeforeValidateHook,
  CollectionSlug,
  FlattenedField,
} from 'payload'
import { ValidationError } from 'payload'

import { hasSerialIds, isSerialId } from '@/db/ids'
import { isRecord } from '@/lib/isRecord'

type Problem = { message: string; path: string }

const idOf = (value: unknown) =>
  typeof value === 'object' && value !== null && 'id' in value ? value.id : value
const isId = (value: unknown) => typeof idOf(value) === 'string' || typeof idOf(value) === 'number'

/** Does the collection `slug` have numeric (serial) ids rather than text ids? */
type NumericIds = (slug: CollectionSlug) => boolean

/** What JSON type a field accepts; null/undefined (no value) is always accepted here. */
const problemWith = (
  field: FlattenedField,
  value: unknown,
  numericIds: NumericIds,
): null | string => {
  if (value === null || value === undefined) return null
  const many = 'hasMany' in field && field.hasMany
  const each = (test: (item: unknown) => boolean, what: string) =>
    many
      ? Array.isArray(value) && value.every(test)
        ? null
        : `must be a list of ${what}`
      : test(value)
        ? null
        : `must be ${what}`
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'select':
      return each((item) => typeof item === 'string', many ? 'strings' : 'a string')
    case 'number':
      return each(
        (item) => typeof item === 'number' && Number.isFinite(item),
        many ? 'numbers' : 'a number',
      )
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'must be true or false'
    case 'date':
      return typeof value === 'string' || value instanceof Date
        ? null
        : 'must be a date-time string'
    case 'relationship':
      if (typeof field.relationTo === 'string' && numericIds(field.relationTo)) {
        return each((item) => isSerialId(idOf(item)), many ? 'numeric ids' : 'a numeric id')
      }
      return each(isId, many ? 'ids' : 'an id')
    case 'group':
    case 'tab':
      return typeof value === 'object' && !Array.isArray(value) ? null : 'must be an object'
    case 'array':
      return Array.isArray(value) &&
        value.every((item) => item && typeof item === 'object' && !Array.isArray(item))
        ? null
        : 'must be a list of objects'
    default:
      return null
  }
}

/** Problems of `data` against `fields`, through groups, named tabs and the items of arrays (rows and collapsibles are flattened away). */
const problemsIn = (
  fields: FlattenedField[],
  data: Record<string, unknown> | undefined,
  numericIds: NumericIds,
  prefix = '',
): Problem[] =>
  fields.flatMap((field) => {
    if (!data || !(field.name in data)) return []
    const path = prefix + field.name
    const value = data[field.name]
    const problem = problemWith(field, value, numericIds)
    if (problem) return [{ message: problem, path }]
    // Past problemWith, a group's value and an array's items are objects.
    if ((field.type === 'group' || field.type === 'tab') && isRecord(value)) {
      return problemsIn(field.flattenedFields, value, numericIds, `${path}.`)
    }
    if (field.type === 'array' && Array.isArray(value)) {
      return value.flatMap((item, index) =>
        isRecord(item)
          ? problemsIn(field.flattenedFields, item, numericIds, `${path}.${index}.`)
          : [],
      )
    }
    return []
  })

/**
 * A value of the wrong JSON type (a list or an object where text belongs, text where a number
 * belongs…) is a 400 naming the field; Payload would otherwise store its string form.
 */
export const valueTypes: CollectionBeforeValidateHook = ({ collection, data, req }) => {
  const problems = problemsIn(collection.flattenedFields, data, (slug) =>
    hasSerialIds(req.payload, slug),
  )
  if (problems.length)
    throw new ValidationError({ collection: collection.slug, errors: problems }, req.t)
  return data
}

/**
 * A group (or named tab) sent as null is a 400 naming it, before the operation: Payload's own
 * field hooks, which run before `valueTypes`, read into it and fail (a 500). `{}` clears it.
 */
export const noNullGroups: CollectionBeforeOperationHook = ({
  args,
  collection,
  operation,
  req,
}) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data: unknown = args.data
  const errors = collection.flattenedFields
    .filter(
      (field) =>
        (field.type === 'group' || field.type === 'tab') &&
        isRecord(data) &&
        data[field.name] === null,
    )
    .map((field) => ({ message: 'must be an object ({} clears its fields)', path: field.name }))
  if (errors.length) throw new ValidationError({ collection: collection.slug, errors }, req.t)
  return args
}
