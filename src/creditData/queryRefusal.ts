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
 * No one may filter or sort on an encrypted field, from any collection (also through relations,
 * such as `consumer.ssn`): a filter on a hidden value is a way to guess it.
 */
export const noSensitiveQueries: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (!['count', 'read', 'delete', 'update'].includes(operation)) return args
  const names = sensitiveNames(req.payload.config)
  const sensitive = (path: string) =>
    path.split('.').some((segment) => names.has(segment.replace(/^-/, '')))
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
    throw new ClientError(`Filtering or sorting on ${field.replace(/^-/, '')} is not allowed`, 400)
  return args
}
