import type { CollectionBeforeValidateHook, Field } from 'payload'
import { ValidationError } from 'payload'

type Problem = { message: string; path: string }

const isId = (value: unknown) => typeof value === 'string' || typeof value === 'number' || (typeof value === 'object' && value !== null && 'id' in value)

/** What JSON type a field accepts; null/undefined (no value) is always accepted here. */
const problemWith = (field: Field, value: unknown): null | string => {
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
      return each(isId, many ? 'ids' : 'an id')
    case 'group':
      return typeof value === 'object' && !Array.isArray(value) ? null : 'must be an object'
    default:
      return null
  }
}

const problemsIn = (fields: Field[], data: Record<string, unknown> | undefined, prefix = ''): Problem[] =>
  fields.flatMap((field) => {
    if (!('name' in field) || !data || !(field.name in data)) return []
    const path = prefix + field.name
    const problem = problemWith(field, data[field.name])
    if (problem) return [{ message: problem, path }]
    return field.type === 'group' ? problemsIn(field.fields, data[field.name] as Record<string, unknown>, `${path}.`) : []
  })

/**
 * A value of the wrong JSON type (a list or an object where text belongs, text where a number
 * belongs…) is a 400 naming the field; Payload would otherwise store its string form.
 */
export const valueTypes: CollectionBeforeValidateHook = ({ collection, data, req }) => {
  const problems = problemsIn(collection.fields, data)
  if (problems.length) throw new ValidationError({ collection: collection.slug, errors: problems }, req.t)
  return data
}
