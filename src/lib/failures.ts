/**
 * What a thrown error means for the caller, whichever layer threw it. Database errors arrive
 * wrapped (drizzle's `DrizzleQueryError` keeps the driver's error in `cause`), so the chain of
 * causes is searched for a PostgreSQL SQLSTATE or a socket error code.
 */
import { isRecord } from './isRecord'

export type Failure =
  /** The database rolled the request back to let a concurrent one through: retrying succeeds (503). */
  | { kind: 'conflict' }
  /** The database (or the file storage) could not be reached or dropped the connection: retry later (503). */
  | { kind: 'unavailable'; storage?: true }
  /** The database refused a value or query the caller sent (400). */
  | { kind: 'input'; sqlState: string }

type Coded = {
  $metadata?: { httpStatusCode?: number }
  cause?: unknown
  code?: unknown
  message?: unknown
  severity?: unknown
}

/** Socket and pool failures of the driver, and PostgreSQL's connection and resource classes. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /cannot begin transaction/i,
  /connection (is )?(closed|ended)/i,
  /cannot use a pool after calling end/i,
]
/** SQLSTATE classes: 08 connection, 53 insufficient resources, 57 operator intervention (admin shutdown, terminated backend). */
const UNAVAILABLE_CLASSES = ['08', '53', '57']
/**
 * SQLSTATEs a caller's value or query can raise: class 22 data exception (NUL byte, bad integer
 * or date text, out of range, bad LIMIT/OFFSET), class 23 integrity constraint, and the few of
 * class 42 that an operator applied to the wrong type raises. The rest of class 42 (a missing
 * table, a syntax error, a privilege) is the service's own fault and stays a 500.
 */
const INPUT_CLASSES = ['22', '23']
const INPUT_CODES = new Set(['42804', '42846', '42883', '42P18'])

const causes = (error: unknown): Coded[] => {
  const chain: Coded[] = []
  let current = error
  while (isRecord(current) && chain.length < 8) {
    chain.push(current)
    current = current.cause
  }
  return chain
}

/** A PostgreSQL error (pg's DatabaseError carries a severity) has a five-character SQLSTATE. */
const sqlStateOfLink = (link: Coded): string | undefined =>
  typeof link.code === 'string' &&
  /^[0-9A-Z]{5}$/.test(link.code) &&
  typeof link.severity === 'string'
    ? link.code
    : undefined

/**
 * The AWS SDK (file storage) wraps a socket failure into a plain Error whose message alone names
 * it, and marks its errors with `$metadata`; a 5xx from the bucket is its outage too.
 */
const storageUnavailable = (link: Coded): boolean =>
  link.$metadata !== undefined &&
  ((link.$metadata.httpStatusCode ?? 0) >= 500 ||
    (typeof link.message === 'string' &&
      /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)\b/.test(
        link.message,
      )))

export const classifyFailure = (error: unknown): Failure | null => {
  const chain = causes(error)
  for (const link of chain) {
    if (storageUnavailable(link)) return { kind: 'unavailable', storage: true }
    const { code, message } = link
    const sqlState = sqlStateOfLink(link)
    if (sqlState) {
      if (UNAVAILABLE_CLASSES.includes(sqlState.slice(0, 2))) return { kind: 'unavailable' }
      // Class 40, transaction rollback: a deadlock or serialization failure.
      if (sqlState.startsWith('40')) return { kind: 'conflict' }
      if (INPUT_CLASSES.includes(sqlState.slice(0, 2)) || INPUT_CODES.has(sqlState))
        return { kind: 'input', sqlState }
    }
    // A date the caller sent that no timestamp holds (`1e20`), met by the database layer's write
    // transform before PostgreSQL could refuse it with 22008 (where no hook dropped it first:
    // Payload's own preferences).
    if (
      link instanceof RangeError &&
      link.message === 'Invalid time value' &&
      /transform[\\/]write/.test(link.stack ?? '')
    )
      return { kind: 'input', sqlState: '22008' }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return { kind: 'unavailable' }
    if (
      typeof message === 'string' &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
    ) {
      return { kind: 'unavailable' }
    }
  }
  return null
}

/** The SQLSTATE of a database error anywhere in the chain, for logs. */
export const sqlStateOf = (error: unknown): string | undefined =>
  causes(error).map(sqlStateOfLink).find(Boolean)
