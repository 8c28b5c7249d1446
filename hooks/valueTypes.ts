import type { CollectionBeforeValidateHook, Field } from 'payload'
import { ValidationError } from 'payload'

type Problem = { message: string; path: string }

const idOf = (value: unknown) => (typeof value === 'object' && value !== null && 'id' in value ? value.id : value)
const isId = (value: unknown) => typeof idOf(value) === 'string' || typeof idOf(value) === 'number'
/** An id of a collection with serial ids: a whole number in PostgreSQL's integer range, or its digits. */
const isSerialId = (value: unknown) => {
  const id = idOf(value)
  return (typeof id === 'number' || (typeof id === 'string' && /^\d{1,10}$/.test(id))) && Number.isInteger(Number(id)) && Number(id) >= 1 && Number(id) <= 2_147_483_647
}

/** Does the collection `slug` have numeric (serial) ids rather than text ids? */
type NumericIds = (slug: string) => boolean

/** What JSON type a field accepts; null/undefined (no value) is always accepted here. */
const problemWith = (field: Field, value: unknown, numericIds: NumericIds): null | string => {
  if (value === null || value === undefined) return null
  const many = 'hasMany' in field && field.hasMany
  const each = (test: (item: unknown) => boolean, what: string) =>
    many ? (Array.isArray(value) && value.every(test) ? null : `must be a list of ${what}`) : test(value) ? null : `must be ${what}`
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'select':
      return each((item) => typeof item === 'string', many ? 'strings' : 'a string')
    case 'number':
      return each((item) => typeof item === 'number' && Number.isFinite(item), many ? 'numbers' : 'a number')
    case 'checkbox':
      return typeof value === 'boolean' ? null : 'must be true or false'
    case 'date':
      return typeof value === 'string' || value instanceof Date ? null : 'must be a date-time string'
    case 'relationship':
      if (typeof field.relationTo === 'string' && numericIds(field.relationTo)) {
        return each(isSerialId, many ? 'numeric ids' : 'a numeric id')
      }
      return each(isId, many ? 'ids' : 'an id')
    case 'group':
      return typeof value === 'object' && !Array.isArray(value) ? null : 'must be an object'
    default:
      return null
  }
}

const problemsIn = (fields: Field[], data: Record<string, unknown> | undefined, numericIds: NumericIds, prefix = ''): Problem[] =>
  fields.flatMap((field) => {
    if (!('name' in field) || !data || !(field.name in data)) return []
    const path = prefix + field.name
    const problem = problemWith(field, data[field.name], numericIds)
    if (problem) return [{ message: problem, path }]
    return field.type === 'group' ? problemsIn(field.fields, data[field.name] as Record<string, unknown>, numericIds, `${path}.`) : []
  })

/**
 * A value of the wrong JSON type (a list or an object where text belongs, text where a number
 * belongs…) is a 400 naming the field; Payload would otherwise store its string form.
 */
export const valueTypes: CollectionBeforeValidateHook = ({ collection, data, req }) => {
  const numericIds = (slug: string) => Boolean(req.payload.collections[slug as 'lead']) && !req.payload.collections[slug as 'lead'].customIDType
  const problems = problemsIn(collection.fields, data, numericIds)
  if (problems.length) throw new ValidationError({ collection: collection.slug, errors: problems }, req.t)
  return data
}
