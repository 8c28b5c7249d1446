/**
 * Reading a Payload `where` tree the way Payload does: `and` / `or` in any letter case (Payload
 * lower-cases them), each other key a field path whose value maps operators to values. A query's
 * joins carry `where` trees of their own (`joins[locations][where]…`), read the same way.
 */
import { isRecord } from './isRecord'

export type Condition = { operator: string; path: string; value?: unknown }

const isCombinator = (key: string) => ['and', 'or'].includes(key.toLowerCase())

/** Every (path, operator, value) of a `where` tree, through `and` / `or`. */
export const conditionsIn = (where: unknown): Condition[] => {
  if (!where || typeof where !== 'object') return []
  if (Array.isArray(where)) return where.flatMap(conditionsIn)
  return Object.entries(where).flatMap(([key, value]) => {
    if (isCombinator(key)) return conditionsIn(value)
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return [{ operator: '', path: key, value }]
    return Object.entries(value).map(([operator, operand]) => ({
      operator,
      path: key,
      value: operand,
    }))
  })
}

/** The same tree with each operator's value replaced by `map(value, operator)`, through `and` / `or`. */
export const mapConditions = (
  where: unknown,
  map: (value: unknown, operator: string) => unknown,
): unknown => {
  if (Array.isArray(where)) return where.map((node) => mapConditions(node, map))
  if (!isRecord(where)) return where
  return Object.fromEntries(
    Object.entries(where).map(([key, value]) => [
      key,
      isCombinator(key)
        ? mapConditions(value, map)
        : isRecord(value)
          ? Object.fromEntries(
              Object.entries(value).map(([operator, operand]) => [
                operator,
                map(operand, operator),
              ]),
            )
          : value,
    ]),
  )
}

/** The `where` of each join of a query, by join name. */
export const joinWheres = (joins: unknown): [string, unknown][] =>
  joins && typeof joins === 'object'
    ? Object.entries(joins).flatMap(([name, join]): [string, unknown][] =>
        join && typeof join === 'object' && 'where' in join ? [[name, join.where]] : [],
      )
    : []

/** Names a query-string parser skips (they would reach Object.prototype), so a filter on them would vanish. */
export const isPrototypeName = (name: string): boolean =>
  Object.getOwnPropertyNames(Object.prototype).includes(name)

const NOTHING = { id: { exists: false } }
const EVERYTHING = { id: { exists: true } }

/**
 * The same filter without empty lists, which a query string cannot carry (`qs` drops `in: []`,
 * and so the whole condition): a node whose conditions hold an empty `in` or `all` selects
 * nothing, and an empty `not_in` is no restriction. The result is written with `exists` on the
 * id, which every collection has and which is never null.
 */
export const withoutEmptyLists = (where: unknown): unknown => {
  if (Array.isArray(where)) return where.map(withoutEmptyLists)
  if (!isRecord(where)) return where
  // Entries, not assignments: a key named __proto__ must stay a key (and be refused later).
  const node: [string, unknown][] = []
  for (const [key, value] of Object.entries(where)) {
    if (isCombinator(key) || !isRecord(value)) {
      node.push([key, isCombinator(key) ? withoutEmptyLists(value) : value])
      continue
    }
    const isEmpty = (operator: string) => Array.isArray(value[operator]) && !value[operator].length
    // The conditions of one node all hold together: one that nothing meets empties the node.
    if (isEmpty('in') || isEmpty('all')) return NOTHING
    const operators = Object.entries(value).filter(
      ([operator]) => operator !== 'not_in' || !isEmpty(operator),
    )
    if (operators.length) node.push([key, Object.fromEntries(operators)])
  }
  // Only empty not_in lists were here: a filter that meets every record, not a missing one.
  return node.length || !Object.keys(where).length ? Object.fromEntries(node) : EVERYTHING
}
