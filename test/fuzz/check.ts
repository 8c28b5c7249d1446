/**
 * What every answer of the service must satisfy, whatever was sent: no 5xx, no stack trace, no
 * unmasked SSN (except a staff admin's `?reveal=ssn`), no seeded birth date to a caller that may
 * not read credit records, a request id, the security headers, and no `X-Powered-By`.
 */
import { type FuzzRequest, SEEDED_BIRTH_DATES, SSN_POOL } from './requests'

export type FuzzResponse = {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** Set when no answer came (connection reset, timeout). */
  error?: string
  ms: number
}

export type Violation = { check: string; detail: string }

const STACK_PATTERNS: [string, RegExp][] = [
  ['stack frame', /\n\s+at [^\n]*[(/:]/],
  ['source position', /[\w./-]+\.(?:ts|tsx|js|mjs|cjs):\d+/],
  ['node_modules path', /node_modules[\\/]/],
]

const ssnPattern = (ssn: string): RegExp => {
  const digits = ssn.replace(/\D/g, '')
  return new RegExp(
    `(?<!\\d)${digits.slice(0, 3)}[- ]?${digits.slice(3, 5)}[- ]?${digits.slice(5)}(?!\\d)`,
  )
}
const SSN_PATTERNS = SSN_POOL.map((ssn) => [ssn, ssnPattern(ssn)] as const)

/** Callers that may not read credit records, so may never see a seeded birth date. */
const NO_CREDIT_READ = new Set(['anonymous', 'leadAgent', 'disabledClient', 'bogus'])

const requestText = (request: FuzzRequest): string =>
  `${safeDecode(request.path)}\n${request.body?.toString('utf8') ?? ''}`
const safeDecode = (path: string): string => {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

/** True when the request is the one read that may show a full SSN: a staff admin's `?reveal=ssn`. */
const mayRevealSsn = (request: FuzzRequest): boolean =>
  request.principal === 'staffAdmin' &&
  /[?&]reveal(?:\[\d*\])?=ssn(?:&|$)/.test(safeDecode(request.path))

const header = (response: FuzzResponse, name: string): string | undefined => {
  const value = response.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

export const checkAnswer = (request: FuzzRequest, response: FuzzResponse): Violation[] => {
  const violations: Violation[] = []
  if (response.error) return [{ check: 'no answer', detail: response.error }]
  if (response.status >= 500) violations.push({ check: '5xx', detail: `status ${response.status}` })
  const text = response.body.toString('utf8')
  const sent = requestText(request)
  for (const [name, pattern] of STACK_PATTERNS) {
    const match = pattern.exec(text)
    // What the caller sent may come back (an error record's stack, an echoed path): not a leak.
    if (match && !sent.includes(match[0].trim()))
      violations.push({
        check: 'stack trace',
        detail: `${name}: ${JSON.stringify(match[0].slice(0, 80))}`,
      })
  }
  if (!mayRevealSsn(request)) {
    for (const [ssn, pattern] of SSN_PATTERNS) {
      if (pattern.test(text))
        violations.push({ check: 'full SSN', detail: `the stored SSN ${ssn} in the answer` })
    }
  }
  if (NO_CREDIT_READ.has(request.principal)) {
    for (const date of SEEDED_BIRTH_DATES) {
      if (text.includes(date) && !sent.includes(date))
        violations.push({
          check: 'birth date',
          detail: `the seeded birth date ${date} shown to ${request.principal}`,
        })
    }
  }
  if (!header(response, 'x-request-id'))
    violations.push({ check: 'headers', detail: 'no X-Request-Id' })
  if (!header(response, 'content-security-policy'))
    violations.push({ check: 'headers', detail: 'no Content-Security-Policy' })
  if (header(response, 'x-content-type-options') !== 'nosniff')
    violations.push({ check: 'headers', detail: 'no X-Content-Type-Options: nosniff' })
  if (!header(response, 'x-frame-options'))
    violations.push({ check: 'headers', detail: 'no X-Frame-Options' })
  if (header(response, 'x-powered-by') !== undefined)
    violations.push({
      check: 'headers',
      detail: `X-Powered-By: ${header(response, 'x-powered-by')}`,
    })
  return violations
}
