/**
 * Reading a Payload `where` tree the way Payload does: `and` / `or` in any letter case (Payload
 * lower-cases them), each other key a field path whose value maps operators to values. A query's
 * joins carry `where` trees of their own (`joins[locations][where]…`), read the same way.
 */
import type { Where } from 'payload'

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

/** Text matching whose pattern is only whitespace: Payload's `like` splits it into no words. */
const MATCH_ANYTHING = new Set(['contains', 'like'])

/** A condition no record fails: a match of only whitespace, or "not in" an empty list. */
const excludesNothing = (operator: string, value: unknown): boolean =>
  (MATCH_ANYTHING.has(operator) && typeof value === 'string' && !value.trim()) ||
  (operator === 'not_in' && Array.isArray(value) && !value.length)

/** A part of a filter that no record fails (an `or` holding one is one too). */
const EVERY_RECORD = Symbol('every record')
/** What a part of a filter comes to: what constrains, every record, or nothing (Payload skips it). */
type Reduced<T> = T | typeof EVERY_RECORD | undefined

/** A field path's operators, without those that exclude nothing. */
const reduceOperators = (value: unknown): Reduced<unknown> => {
  // Text or a list where operators belong: Payload refuses it (its QueryError, a 400), so it stays.
  // Empty text, numbers, booleans and null: Payload skips the condition without a word.
  if (Array.isArray(value) || (typeof value === 'string' && value)) return value
  if (!isRecord(value)) return undefined
  const kept = Object.entries(value).filter(
    ([operator, operand]) => !excludesNothing(operator, operand),
  )
  if (kept.length) return Object.fromEntries(kept)
  return Object.keys(value).length ? EVERY_RECORD : undefined
}

/** The `and` or `or` a key and its value make, as Payload reads them (a list, any letter case). */
const listOf = (key: string, value: unknown): ['and' | 'or', unknown[]] | undefined => {
  const combinator = key.toLowerCase()
  return (combinator === 'and' || combinator === 'or') && Array.isArray(value)
    ? [combinator, value]
    : undefined
}

/** A field path's reduced operators as a condition of its own. */
const keyed = (path: string, operators: Reduced<unknown>): Reduced<Where> =>
  operators === EVERY_RECORD || operators === undefined
    ? operators
    : ({ [path]: operators } as Where)

/** The parts of an `and` or an `or`: an `or` with a part no record fails is itself one. */
const reduceList = ([combinator, nodes]: ['and' | 'or', unknown[]]): Reduced<Where> => {
  const parts = nodes.map(reduceNode)
  if (combinator === 'or' && parts.includes(EVERY_RECORD)) return EVERY_RECORD
  const kept = parts.filter((part): part is Where => part !== undefined && part !== EVERY_RECORD)
  if (kept.length) return kept.length === 1 ? kept[0] : { [combinator]: kept }
  return parts.includes(EVERY_RECORD) ? EVERY_RECORD : undefined
}

/** One object of a filter: its conditions and lists, which all hold together. */
const reduceNode = (node: unknown): Reduced<Where> => {
  // Payload skips a part that is not an object (`where[and][0]=` is the text '').
  if (!node || typeof node !== 'object') return undefined
  const parts: Where[] = []
  let everyRecord = false
  for (const [key, value] of Object.entries(node)) {
    // Payload skips an empty field name.
    if (!key) continue
    const list = listOf(key, value)
    // A condition keeps its field path (a computed key: one named __proto__ stays a key).
    const part = list ? reduceList(list) : keyed(key, reduceOperators(value))
    if (part === EVERY_RECORD) everyRecord = true
    else if (part !== undefined) parts.push(part)
  }
  if (!parts.length) return everyRecord ? EVERY_RECORD : undefined
  return parts.length === 1 ? parts[0] : { and: parts }
}

/**
 * A `where` tree as Payload reads it, reduced to what constrains: `and` / `or` in any letter
 * case, parts that are not objects, empty names, lists and objects, and conditions without an
 * operator are skipped (as Payload skips them); a `like` or `contains` of only whitespace and a
 * `not_in` of an empty list exclude no record, so they are dropped (and an `or` holding one
 * excludes none). Several lists or conditions in one object all hold together (Payload would
 * keep only its last `and` / `or`). Anything Payload refuses (an unknown operator, text where
 * operators belong) is kept for it to refuse. Undefined when nothing constrains: the filter
 * selects every record, which a bulk update or delete must not take for a filter.
 */
export const reduceWhere = (where: unknown): undefined | Where => {
  const reduced = reduceNode(where)
  return reduced === EVERY_RECORD ? undefined : reduced
}

/** Every name a filter's keys use (field path segments, operators), through `and` / `or`. */
export const namesIn = (where: unknown): string[] => {
  if (Array.isArray(where)) return where.flatMap(namesIn)
  if (!isRecord(where)) return []
  return Object.entries(where).flatMap(([key, value]) => [
    ...(isCombinator(key) ? [] : key.split('.')),
    ...namesIn(value),
  ])
}

const NOTHING = { id: { exists: false } }

/**
 * The same filter without empty `in` and `all` lists, which a query string cannot carry (`qs`
 * drops `in: []`, and so the whole condition): a node whose conditions hold one selects nothing,
 * written with `exists: false` on the id, which every collection has and which is never null.
 * Empty `not_in` lists exclude nothing: reduceWhere has dropped them.
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
    node.push([key, value])
  }
  return Object.fromEntries(node)
}
