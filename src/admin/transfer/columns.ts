import type { FlattenedField } from 'payload'

/** The field an exported column names: a top-level field, or a group's field by its path. */
export const fieldOfColumn = (
  fields: FlattenedField[],
  column: string,
): FlattenedField | undefined => {
  const [name, ...rest] = column.split('.')
  const field = fields.find((candidate) => candidate.name === name)
  if (!rest.length) return field
  return field?.type === 'group' ? fieldOfColumn(field.flattenedFields, rest.join('.')) : undefined
}
