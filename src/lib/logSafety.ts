import { sqlStateOf } from './failures'
import { isRecord } from './isRecord'

/**
 * Errors as they may be logged: never with a value a caller sent. A failed SQL statement comes
 * with its parameters (drizzle puts them in the message: `Failed query: insert into "errors" …
 * params: 078051120,…`), and PostgreSQL's own message and detail quote the offending value
 * (`invalid input syntax for type integer: "abc"`, `Key (email)=(…) already exists`). Such an
 * error is logged as the table, the SQLSTATE, the constraint or column name and the stack frames.
 */

type Loggable = Record<string, unknown> & {
  cause?: unknown
  message?: unknown
  name?: unknown
  stack?: unknown
}

const TABLE = /\b(?:from|into|update|join)\s+"([^"]+)"/i

const isDatabaseError = (error: Loggable): boolean =>
  'query' in error || 'params' in error || sqlStateOf(error) !== undefined

/** Stack frames only: the first line repeats the message. */
const frames = (stack: unknown): string | undefined =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.startsWith('    at '))
        .join('\n')
    : undefined

const databaseError = (error: Loggable) => {
  const chain: Loggable[] = []
  for (let link: unknown = error; isRecord(link) && chain.length < 8; link = link.cause)
    chain.push(link)
  const query = chain
    .map((link) => link.query)
    .find((value): value is string => typeof value === 'string')
  const pick = (key: string) =>
    chain.map((link) => link[key]).find((value) => typeof value === 'string')
  return {
    code: sqlStateOf(error),
    column: pick('column'),
    constraint: pick('constraint'),
    message: 'database query failed (parameters and values not logged)',
    stack: frames(error.stack),
    table: pick('table') ?? (query ? TABLE.exec(query)?.[1] : undefined),
    type: typeof error.name === 'string' ? error.name : 'Error',
  }
}

/** JSON.parse quotes the text it could not read. */
const withoutQuotedInput = (message: string) =>
  message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'")
/** Upload errors name the address a caller asked the service to fetch. */
const URL_PATTERN = /\bhttps?:\/\/[^\s,"']+/g
const withoutUrls = (text: string) => text.replace(URL_PATTERN, '[address]')

/** pino's `err` serializer: database errors without values, others as pino would log them. */
export const safeError = (error: unknown): unknown => {
  if (!error || typeof error !== 'object') return error
  // A list has no fields to read: it is logged as pino would, like any error without them.
  const loggable: Loggable = isRecord(error) ? error : {}
  if (isDatabaseError(loggable)) return databaseError(loggable)
  if (loggable.name === 'SyntaxError' && typeof loggable.message === 'string') {
    return {
      message: withoutQuotedInput(loggable.message),
      stack: frames(loggable.stack),
      type: 'SyntaxError',
    }
  }
  if (typeof loggable.message === 'string' && /\bhttps?:\/\//.test(loggable.message)) {
    return {
      message: withoutUrls(loggable.message),
      stack: frames(loggable.stack),
      type: String(loggable.name ?? 'Error'),
    }
  }
  return undefined
}

/** The message to log for an error logged on its own (pino would take `err.message`), when that message may hold values. */
export const safeMessage = (error: unknown): string | undefined => {
  const safe = safeError(error)
  return safe && typeof safe === 'object' && 'message' in safe ? String(safe.message) : undefined
}
