/**
 * What a thrown error means for the caller, whichever layer threw it. Database errors arrive
 * wrapped (drizzle's `DrizzleQueryError` keeps the driver's error in `cause`), so the chain of
 * causes is searched for a PostgreSQL SQLSTATE or a socket error code.
 */

/** Seconds a client should wait before retrying when the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5

export type Failure =
  /** The database could not be reached or dropped the connection: retry later (503). */
  | { kind: 'unavailable' }
  /** The database refused a value or query the caller sent (400). */
  | { kind: 'input'; sqlState: string }

type Coded = { cause?: unknown; code?: unknown; message?: unknown }

/** Socket and pool failures of the driver, and PostgreSQL's connection and resource classes. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /cannot begin transaction/i,
  /connection (is )?(closed|ended)/i,
  /cannot use a pool after calling end/i,
]
/** SQLSTATE classes: 08 connection, 53 insufficient resources, 57 operator intervention (admin shutdown, terminated backend). */
const UNAVAILABLE_CLASSES = ['08', '53', '57']
/**
 * SQLSTATE classes a caller's value or query can raise: 22 data exception (NUL byte, bad integer
 * or date text, out of range), 23 integrity constraint, 42 an operator or column the query
 * cannot use, 2201x/2202x bad LIMIT/OFFSET values (class 22 too).
 */
const INPUT_CLASSES = ['22', '23', '42']

const causes = (error: unknown): Coded[] => {
  const chain: Coded[] = []
  let current = error
  while (current && typeof current === 'object' && chain.length < 8) {
    chain.push(current as Coded)
    current = (current as Coded).cause
  }
  return chain
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)

export const classifyFailure = (error: unknown): Failure | null => {
  const chain = causes(error)
  for (const link of chain) {
    const { code, message } = link
    if (isSqlState(code)) {
      if (UNAVAILABLE_CLASSES.includes(code.slice(0, 2))) return { kind: 'unavailable' }
      if (INPUT_CLASSES.includes(code.slice(0, 2))) return { kind: 'input', sqlState: code }
    }
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return { kind: 'unavailable' }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return { kind: 'unavailable' }
    }
  }
  return null
}

/** The SQLSTATE of a database error anywhere in the chain, for logs. */
export const sqlStateOf = (error: unknown): string | undefined =>
  causes(error)
    .map((link) => link.code)
    .find(isSqlState)
