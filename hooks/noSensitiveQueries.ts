import { APIError, type CollectionBeforeOperationHook } from 'payload'

import { conditionsIn, joinWheres } from '../src/lib/whereTree'

/** Fields no one may filter or sort on: a filter on a hidden value is a way to guess it. */
export const SENSITIVE_FIELDS = new Set([
  'ssn',
  'coApplicantSSN',
  'birthDate',
  'coApplicantBirthDate',
])

const sensitive = (path: string) =>
  path.split('.').some((segment) => SENSITIVE_FIELDS.has(segment.replace(/^-/, '')))

export const noSensitiveQueries: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (!['count', 'read', 'delete', 'update'].includes(operation)) return args
  const joins = 'joins' in args ? args.joins : undefined
  const rawSort = 'sort' in args ? args.sort : undefined
  const where = 'where' in args ? args.where : undefined
  const sort =
    rawSort === undefined ? [] : Array.isArray(rawSort) ? rawSort : String(rawSort).split(',')
  const filtered = [where, ...joinWheres(joins).map(([, joinWhere]) => joinWhere)]
    .flatMap(conditionsIn)
    .map(({ path }) => path)
  const field = [...filtered, ...sort.map(String)].find(sensitive)
  if (field)
    throw new APIError(
      `Filtering or sorting on ${field.replace(/^-/, '')} is not allowed`,
      400,
      null,
      true,
    )
  return args
}
