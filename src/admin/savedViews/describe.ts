/**
 * A saved view's filter in words, for the list of saved views: "Assignee is me and Follow-up due
 * is on or before now and Merged into is empty". Payload's own cell prints the first condition's
 * operator and value as code ("greater_than_equal 2026 11 28 T00:00:00.000 Z").
 */
import type { FlattenedField } from 'payload'

import { fieldLabel } from '@/fields/labels'
import { fieldAt } from '@/lib/fieldAt'
import { isRecord } from '@/lib/isRecord'

import { PLACEHOLDER_WORDS } from './placeholders'

const OPERATORS: Record<string, string> = {
  all: 'is all of',
  contains: 'contains',
  equals: 'is',
  exists: 'is set',
  greater_than: 'is after',
  greater_than_equal: 'is on or after',
  in: 'is one of',
  less_than: 'is before',
  less_than_equal: 'is on or before',
  like: 'is like',
  near: 'is near',
  not_equals: 'is not',
  not_in: 'is none of',
  not_like: 'is not like',
}

/** Number-like fields read "more than"/"less than"; dates "after"/"before" (above). */
const NUMERIC: Record<string, string> = {
  greater_than: 'is more than',
  greater_than_equal: 'is at least',
  less_than: 'is less than',
  less_than_equal: 'is at most',
}

const UTC_MOMENT = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})

/** The field at a dotted path (through groups), or undefined. */
const labelOf = (fields: FlattenedField[], path: string): string =>
  path
    .split('.')
    .map((_, i, parts) => {
      const field = fieldAt(fields, parts.slice(0, i + 1).join('.'))
      const label = field && 'label' in field ? field.label : undefined
      return typeof label === 'string' ? label : fieldLabel(parts[i])
    })
    .join(' › ')

const valueIn = (field: FlattenedField | undefined, value: unknown): string => {
  if (typeof value === 'string' && Object.hasOwn(PLACEHOLDER_WORDS, value))
    return PLACEHOLDER_WORDS[value]
  if (Array.isArray(value)) return value.map((item) => valueIn(field, item)).join(', ')
  if (field?.type === 'date' && (typeof value === 'string' || typeof value === 'number')) {
    const date = new Date(value)
    if (!Number.isNaN(date.getTime())) return `${UTC_MOMENT.format(date)} UTC`
  }
  if (field && 'options' in field) {
    const option = field.options.find(
      (item) => (typeof item === 'string' ? item : item.value) === value,
    )
    if (option && typeof option !== 'string' && typeof option.label === 'string')
      return option.label
  }
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return value === null || value === undefined ? 'empty' : String(value)
}

const condition = (fields: FlattenedField[], path: string, operators: unknown): string[] => {
  if (!isRecord(operators)) return []
  const field = fieldAt(fields, path)
  const label = labelOf(fields, path)
  return Object.entries(operators).map(([operator, value]) => {
    if (operator === 'exists')
      return `${label} ${value === true || value === 'true' ? 'is set' : 'is empty'}`
    const words =
      (field?.type === 'number' ? NUMERIC[operator] : undefined) ?? OPERATORS[operator] ?? operator
    return `${label} ${words} ${valueIn(field, value)}`
  })
}

/** The filter's conditions as sentences: each `or` branch its `and` conditions joined. */
export const describeFilter = (where: unknown, fields: FlattenedField[]): string[] => {
  const branch = (node: unknown): string[] => {
    if (!isRecord(node)) return []
    return Object.entries(node).flatMap(([key, value]) => {
      if (key.toLowerCase() === 'and')
        return [(Array.isArray(value) ? value : []).flatMap(branch).filter(Boolean).join(' and ')]
      if (key.toLowerCase() === 'or')
        return (Array.isArray(value) ? value : []).flatMap(branch).filter(Boolean)
      return [condition(fields, key, value).join(' and ')]
    })
  }
  return branch(where).filter(Boolean)
}
