import type { Problem } from '@/errors'

/** Deeper JSON than any record of the service has; deeper input only costs CPU and stack. */
export const MAX_JSON_DEPTH = 32

export const hasNul = (value: string): boolean => value.includes('\u0000')

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * The first problem in a parsed JSON value, keys included: nesting deeper than MAX_JSON_DEPTH, a
 * NUL (PostgreSQL cannot store it) or a lone surrogate (it would be stored as U+FFFD).
 */
export const jsonProblem = (root: unknown, rootPath: string): null | Problem => {
  const stack: { depth: number; path: string; value: unknown }[] = [
    { depth: 0, path: rootPath, value: root },
  ]
  while (stack.length) {
    const { depth, path, value } = stack.pop()!
    if (typeof value === 'string') {
      if (hasNul(value)) return { field: path, message: 'contains a NUL character' }
      if (LONE_SURROGATE.test(value))
        return { field: path, message: 'contains an unpaired surrogate (invalid Unicode)' }
      continue
    }
    if (!value || typeof value !== 'object') continue
    if (depth >= MAX_JSON_DEPTH)
      return { field: path, message: `is nested more than ${MAX_JSON_DEPTH} levels deep` }
    for (const [key, child] of Object.entries(value)) {
      if (hasNul(key) || LONE_SURROGATE.test(key))
        return { field: path, message: 'has a field name with a NUL or invalid Unicode' }
      stack.push({ depth: depth + 1, path: `${path}.${key}`, value: child })
    }
  }
  return null
}

/** `url` split at its first `?`: the path and the query string (undefined when there is none). */
export const splitUrl = (url: string): [string, string | undefined] => {
  const at = url.indexOf('?')
  return at === -1 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)]
}
