import { isRecord } from './isRecord'

/** The id a relation's value names, populated (`{id, …}`) or not; undefined for anything else. */
export const relationId = (value: unknown): number | string | undefined =>
  typeof value === 'string' || typeof value === 'number'
    ? value
    : isRecord(value)
      ? relationId(value.id)
      : undefined
