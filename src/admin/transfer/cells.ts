/**
 * A CSV cell as the value of a field, the reverse of the export's writing: relations and
 * has-many values as ids or items joined by "; ", objects as JSON, numbers and true/false as
 * text. An empty cell is no value. A cell that does not read as its field's kind is passed on as
 * text, so that the field's own validation names the problem, as the API would.
 */
import type { CollectionSlug, FlattenedField, Payload } from 'payload'

import { jsonProblem } from '@/validation/json'

const TRUE = new Set(['true', 'yes', '1'])
const FALSE = new Set(['false', 'no', '0'])

/** A cell's JSON, held to the request body's rules (depth, NULs); else the text, which then fails validation. */
const asJson = (text: string): unknown => {
  try {
    const value: unknown = JSON.parse(text)
    return jsonProblem(value, 'cell') ? text : value
  } catch {
    return text
  }
}

/** An id as the related collection keys its records: text ids stay text, serial ids are numbers. */
const asId = (payload: Payload, relationTo: CollectionSlug, text: string): number | string =>
  payload.collections[relationTo]?.customIDType === 'text' || !/^\d+$/.test(text)
    ? text
    : Number(text)

const one = (payload: Payload, field: FlattenedField, text: string): unknown => {
  switch (field.type) {
    case 'checkbox': {
      const word = text.toLowerCase()
      return TRUE.has(word) ? true : FALSE.has(word) ? false : text
    }
    case 'number':
      return Number.isFinite(Number(text)) ? Number(text) : text
    case 'relationship':
    case 'upload':
      return typeof field.relationTo === 'string'
        ? asId(payload, field.relationTo, text)
        : asJson(text)
    case 'array':
    case 'blocks':
    case 'group':
    case 'json':
    case 'point':
    case 'richText':
      return asJson(text)
    default:
      return text
  }
}

export const cellValue = (payload: Payload, field: FlattenedField, raw: string): unknown => {
  // The export prefixes a cell a spreadsheet would run as a formula with `'`.
  const text = /^'[=+\-@\t\r]/.test(raw) ? raw.slice(1) : raw
  if (text === '') return undefined
  if ('hasMany' in field && field.hasMany) {
    return text.split(/;\s*/).map((item) => one(payload, field, item))
  }
  return one(payload, field, text)
}
