import type { FlattenedField } from 'payload'

/** The field at a dotted path (`dealer.location`), through the fields that hold fields. */
export const fieldAt = (fields: FlattenedField[], path: string): FlattenedField | undefined => {
  const [name, ...rest] = path.split('.')
  const field = fields.find((candidate) => candidate.name === name)
  if (!field || rest.length === 0) return field
  return 'flattenedFields' in field ? fieldAt(field.flattenedFields, rest.join('.')) : undefined
}
