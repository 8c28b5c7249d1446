import type { CollectionBeforeOperationHook, SanitizedConfig } from 'payload'

import { ClientError } from '@/errors'
import { conditionsIn, joinWheres } from '@/lib/whereTree'

import { encryptedFieldNames } from './marker'

const namesByConfig = new WeakMap<SanitizedConfig, Set<string>>()

/** The encrypted fields' names across every collection, worked out once per configuration. */
const sensitiveNames = (config: SanitizedConfig): Set<string> => {
  let names = namesByConfig.get(config)
  if (!names) {
    names = new Set(
      config.collections.flatMap((collection) => encryptedFieldNames(collection.fields)),
    )
    namesByConfig.set(config, names)
  }
  return names
}

/**
 * The first of `paths` that names an encrypted field, of any collection, at any depth (`ssn`,
 * `consumer.ssn`, `-coApplicantSSN`), without its sort sign.
 */
export const sensitivePathIn = (config: SanitizedConfig, paths: string[]): string | undefined => {
  const names = sensitiveNames(config)
  return paths
    .map((path) => path.replace(/^-/, ''))
    .find((path) => path.split('.').some((segment) => names.has(segment)))
}

/**
 * No one may filter or sort on an encrypted field, from any collection (also through relations,
 * such as `consumer.ssn`): a filter on a hidden value is a way to guess it.
 */
export const noSensitiveQueries: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (!['count', 'read', 'delete', 'update'].includes(operation)) return args
  const joins = 'joins' in args ? args.joins : undefined
  const rawSort = 'sort' in args ? args.sort : undefined
  const where = 'where' in args ? args.where : undefined
  const sort =
    rawSort === undefined ? [] : Array.isArray(rawSort) ? rawSort : String(rawSort).split(',')
  const filtered = [where, ...joinWheres(joins).map(([, joinWhere]) => joinWhere)]
    .flatMap(conditionsIn)
    .map(({ path }) => path)
  const field = sensitivePathIn(req.payload.config, [...filtered, ...sort.map(String)])
  if (field) throw new ClientError(`Filtering or sorting on ${field} is not allowed`, 400)
  return args
}
