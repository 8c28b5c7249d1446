import { APIError, type CollectionBeforeOperationHook } from 'payload'

/** Fields no one may filter or sort on: a filter on a hidden value is a way to guess it. */
export const SENSITIVE_FIELDS = new Set(['ssn', 'coApplicantSSN', 'birthDate', 'coApplicantBirthDate'])

const namesIn = (where: unknown): string[] => {
  if (!where || typeof where !== 'object') return []
  if (Array.isArray(where)) return where.flatMap(namesIn)
  return Object.entries(where).flatMap(([key, value]) => (key === 'and' || key === 'or' ? namesIn(value) : [key]))
}

const sensitive = (path: string) => path.split('.').some((segment) => SENSITIVE_FIELDS.has(segment.replace(/^-/, '')))

export const noSensitiveQueries: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (!['count', 'read', 'delete', 'update'].includes(operation)) return args
  const { sort: rawSort, where } = args as { sort?: unknown; where?: unknown }
  const sort = rawSort === undefined ? [] : Array.isArray(rawSort) ? rawSort : String(rawSort).split(',')
  const field = [...namesIn(where), ...sort.map(String)].find(sensitive)
  if (field) throw new APIError(`Filtering or sorting on ${field.replace(/^-/, '')} is not allowed`, 400, null, true)
  return args
}
