/**
 * Values read from a JSON answer of the REST API in the admin UI's components, whatever the
 * answer holds: a missing or odd value is undefined, and the component says its own fallback.
 */
import { isRecord } from './isRecord'
import { valueAt } from './valueAt'

/** The first object of the list `value[key]`. */
const firstOf = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const list = isRecord(value) ? value[key] : undefined
  const first: unknown = Array.isArray(list) ? list[0] : undefined
  return isRecord(first) ? first : undefined
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined

/** A Payload error answer's message (`{errors: [{message}]}`). */
export const errorMessageOf = (body: unknown): string | undefined =>
  textOf(firstOf(body, 'errors')?.message)

/** A refused value's message (`{errors: [{data: {errors: [{message}]}}]}`), else the error's. */
export const fieldErrorMessageOf = (body: unknown): string | undefined => {
  const error = firstOf(body, 'errors')
  return textOf(firstOf(error?.data, 'errors')?.message) ?? textOf(error?.message)
}

/** The text at `path` of the answer (`['message']`, `['doc', 'title']`). */
export const textAt = (body: unknown, path: string[]): string | undefined =>
  textOf(valueAt(body, path))

/** The number at `path` of the answer (`['doc', 'entryCount']`). */
export const numberAt = (body: unknown, path: string[]): number | undefined => {
  const value = valueAt(body, path)
  return typeof value === 'number' ? value : undefined
}
