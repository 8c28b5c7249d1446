/**
 * Reading a Payload `where` tree the way Payload does: `and` / `or` in any letter case (Payload
 * lower-cases them), each other key a field path whose value maps operators to values. A query's
 * joins carry `where` trees of their own (`joins[locations][where]…`), read the same way.
 */
export type Condition = { operator: string; path: string }

const isCombinator = (key: string) => ['and', 'or'].includes(key.toLowerCase())

/** Every (path, operator) pair of a `where` tree, through `and` / `or`. */
export const conditionsIn = (where: unknown): Condition[] => {
  if (!where || typeof where !== 'object') return []
  if (Array.isArray(where)) return where.flatMap(conditionsIn)
  return Object.entries(where).flatMap(([key, value]) => {
    if (isCombinator(key)) return conditionsIn(value)
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return [{ operator: '', path: key }]
    return Object.keys(value).map((operator) => ({ operator, path: key }))
  })
}

/** The `where` of each join of a query, by join name. */
export const joinWheres = (joins: unknown): [string, unknown][] =>
  joins && typeof joins === 'object'
    ? Object.entries(joins as Record<string, unknown>).flatMap(([name, join]) =>
        join && typeof join === 'object' && 'where' in join
          ? [[name, (join as { where: unknown }).where] as [string, unknown]]
          : [],
      )
    : []
