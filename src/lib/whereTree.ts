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

/** Operators taking a list, or text that Payload splits at commas into one. */
const LIST_OPERATORS = new Set(['all', 'in', 'not_in'])

const isBlankText = (value: unknown): boolean => typeof value === 'string' && !value.trim()

/**
 * An operator's value without what says nothing, or undefined when nothing is left: empty text
 * or only whitespace (`where[id][not_equals]=`, `[like]=%20`) is no value, nor is an item of a
 * list that is (`[in][]=`, `[in]=%20,%20`; `[in]=1,` keeps 1). An empty list made by server
 * code (`in: []`) is a value: it selects nothing (over HTTP, src/http/input/jsonWhere.ts makes a
 * JSON one empty text first). `exists` keeps its value: true or false, or a 400
 * (hooks/validFilters.ts).
 */
const withoutBlanks = (operator: string, value: unknown): unknown => {
  if (operator === 'exists') return value
  if (isBlankText(value)) return undefined
  if (!LIST_OPERATORS.has(operator)) return value
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : []
  const kept = items.filter((item) => !isBlankText(item))
  if (kept.length === items.length) return value
  return kept.length ? kept : undefined
}

/** Whether a condition's value is empty or only whitespace: no condition (`exists` always is one). */
export const isEmptyCondition = ({ operator, value }: Condition): boolean =>
  withoutBlanks(operator, value) === undefined

/** A part of a filter that no record fails (an `or` holding one is one too). */
const EVERY_RECORD = Symbol('every record')
/** What a part of a filter comes to: what constrains, every record, or nothing (Payload skips it). */
type Reduced<T> = T | typeof EVERY_RECORD | undefined

/**
 * A field path's operators, without those that exclude nothing: those whose value is empty, and
 * a `not_in` of no value.
 */
const reduceOperators = (value: unknown): Reduced<unknown> => {
  // Text or a list where operators belong: Payload refuses it (its QueryError, a 400), so it stays.
  // Empty or blank text, numbers, booleans and null: Payload skips the condition without a word.
  if (Array.isArray(value) || (typeof value === 'string' && value.trim())) return value
  if (!isRecord(value)) return undefined
  const kept = Object.entries(value).flatMap(([operator, operand]): [string, unknown][] => {
    const meant = withoutBlanks(operator, operand)
    if (meant === undefined) return []
    return operator === 'not_in' && Array.isArray(meant) && !meant.length ? [] : [[operator, meant]]
  })
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
 * operator are skipped (as Payload skips them). A condition whose value is empty or only
 * whitespace (a list's items too) is no condition: it excludes no record, so it is dropped, and
 * an `or` holding one excludes none; so is a `not_in` of an empty list. Several lists or
 * conditions in one object all hold together (Payload would keep only its last `and` / `or`).
 * Anything Payload refuses (an unknown operator, text where operators belong, `exists` other
 * than true or false) is kept for it to refuse. Undefined when nothing constrains: the filter
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
