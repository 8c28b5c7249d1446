/**
 * Runs a fuzz campaign: generates requests from a seed (fast-check), sends each one exactly as
 * generated over raw HTTP (node:http: invalid bytes and malformed paths go out untouched), checks
 * every answer and gathers the failures, grouped by method, route and status.
 */
import http from 'node:http'

import fc from 'fast-check'

import { checkAnswer, type FuzzResponse, type Violation } from './check'
import { type FuzzContext, type FuzzRequest, fuzzRequest } from './requests'

export type Failure = { request: FuzzRequest; response: FuzzResponse; violations: Violation[] }

export type CampaignResult = {
  seed: number
  runs: number
  statuses: Map<number | 'none', number>
  failures: Failure[]
  ms: number
}

const TIMEOUT_MS = 30_000

/** Sends one request as it is: the path and the body bytes are not re-encoded. */
export const send = (baseUrl: string, request: FuzzRequest): Promise<FuzzResponse> => {
  const url = new URL(baseUrl)
  const started = Date.now()
  return new Promise((resolve) => {
    let done = false
    const finish = (response: Omit<FuzzResponse, 'ms'>) => {
      if (done) return
      done = true
      resolve({ ...response, ms: Date.now() - started })
    }
    let outgoing: http.ClientRequest
    try {
      outgoing = http.request({
        agent: false,
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': String(request.body.length) } : {}),
        },
        host: url.hostname,
        method: request.method,
        path: request.path,
        port: url.port,
        timeout: TIMEOUT_MS,
      })
    } catch (error) {
      finish({
        body: Buffer.alloc(0),
        error: `not sendable: ${(error as Error).message}`,
        headers: {},
        status: 0,
      })
      return
    }
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('end', () =>
        finish({
          body: Buffer.concat(chunks),
          headers: incoming.headers,
          status: incoming.statusCode ?? 0,
        }),
      )
      incoming.on('error', (error) =>
        finish({
          body: Buffer.concat(chunks),
          error: error.message,
          headers: incoming.headers,
          status: incoming.statusCode ?? 0,
        }),
      )
    })
    outgoing.on('timeout', () => {
      outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`))
    })
    outgoing.on('error', (error) =>
      finish({ body: Buffer.alloc(0), error: error.message, headers: {}, status: 0 }),
    )
    // The service may answer (413, 401) and close before the whole body is sent: that is an answer.
    outgoing.end(request.body)
  })
}

/** The requests of a campaign: the same seed and context give the same requests. */
export const generateRequests = (context: FuzzContext, seed: number, runs: number): FuzzRequest[] =>
  fc.sample(fuzzRequest(context), { numRuns: runs, seed })

export const runCampaign = async ({
  baseUrl,
  context,
  inProcess = false,
  onProgress,
  runs,
  seed,
}: {
  baseUrl: string
  context: FuzzContext
  runs: number
  seed: number
  onProgress?: (done: number, failures: number) => void
  /**
   * The service runs in this process: an unhandled rejection or exception while a request is in
   * flight (which would end a real service process) is held against that request instead.
   */
  inProcess?: boolean
}): Promise<CampaignResult> => {
  const started = Date.now()
  const statuses = new Map<number | 'none', number>()
  const failures: Failure[] = []
  const requests = generateRequests(context, seed, runs)
  let crashes: string[] = []
  const onCrash = (error: unknown) => {
    crashes.push(
      `${(error as Error)?.name ?? 'Error'}: ${String((error as Error)?.message ?? error).slice(0, 200)}`,
    )
  }
  if (inProcess) {
    process.on('unhandledRejection', onCrash)
    process.on('uncaughtException', onCrash)
  }
  let unanswered = 0
  try {
    for (const [index, request] of requests.entries()) {
      crashes = []
      const response = await send(baseUrl, request)
      // Let a rejection the request caused surface before it is judged.
      if (inProcess) await new Promise((resolve) => setTimeout(resolve, 1))
      const key = response.error ? 'none' : response.status
      statuses.set(key, (statuses.get(key) ?? 0) + 1)
      const violations = checkAnswer(request, response)
      for (const crash of crashes)
        violations.push({ check: 'process crash', detail: `unhandled: ${crash}` })
      if (violations.length) failures.push({ request, response, violations })
      if (onProgress && (index + 1) % 100 === 0) onProgress(index + 1, failures.length)
      unanswered = response.error ? unanswered + 1 : 0
      if (unanswered >= 20) {
        failures.push({
          request,
          response,
          violations: [
            {
              check: 'service down',
              detail: `20 requests in a row without an answer: stopped after ${index + 1}`,
            },
          ],
        })
        break
      }
    }
  } finally {
    process.off('unhandledRejection', onCrash)
    process.off('uncaughtException', onCrash)
  }
  return { failures, ms: Date.now() - started, runs, seed, statuses }
}

// ---------------------------------------------------------------------------------------------
// Reporting

const excerpt = (body: Buffer, length = 160): string => {
  const text = body.toString('utf8').replace(/\s+/g, ' ').trim()
  return text.length > length ? `${text.slice(0, length)}…` : text
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const CONTROL = /[\x00-\x1f\x7f]/g

const shellQuote = (text: string): string => {
  // $'…' quoting shows control characters and invalid bytes as escapes.
  if (/^[\x20-\x7e]*$/.test(text) && !text.includes("'")) return `'${text}'`
  return `$'${text.replace(/[\\']/g, (c) => `\\${c}`).replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}'`
}

const bodyForShell = (body: Buffer, max: number): string => {
  let text = ''
  for (const byte of body.subarray(0, max))
    text +=
      byte >= 0x20 && byte < 0x7f
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`
  if (body.length > max) text += `…(${body.length} bytes)`
  return `$'${text.replace(/'/g, "\\'")}'`
}

/** A curl line that replays the request (credentials named, not shown). */
export const curlLine = (baseUrl: string, request: FuzzRequest, maxBody = 300): string => {
  const parts = [
    'curl -sS -g --path-as-is',
    `-X ${request.method}`,
    shellQuote(
      baseUrl + (request.path.length > 400 ? `${request.path.slice(0, 400)}…` : request.path),
    ),
  ]
  for (const [name, value] of Object.entries(request.headers)) {
    parts.push(
      '-H',
      name === 'authorization'
        ? `"Authorization: $AUTH_${request.principal.toUpperCase()}"`
        : shellQuote(`${name}: ${value}`),
    )
  }
  if (request.body) parts.push('--data-binary', bodyForShell(request.body, maxBody))
  return parts.join(' ')
}

/** Groups failures by method, route pattern, status and the checks that failed. */
export const groupFailures = (failures: Failure[]): Map<string, Failure[]> => {
  const groups = new Map<string, Failure[]>()
  for (const failure of failures) {
    const checks = [...new Set(failure.violations.map((violation) => violation.check))].join('+')
    const key = `${failure.request.method} ${failure.request.route} → ${failure.response.error ? 'no answer' : failure.response.status} [${checks}]`
    groups.set(key, [...(groups.get(key) ?? []), failure])
  }
  return new Map([...groups.entries()].sort((a, b) => b[1].length - a[1].length))
}

export const describeFailure = (baseUrl: string, failure: Failure): string =>
  [
    `${failure.request.method} ${failure.request.path.length > 200 ? `${failure.request.path.slice(0, 200)}…` : failure.request.path} as ${failure.request.principal} → ${failure.response.error ? `no answer (${failure.response.error})` : failure.response.status}`,
    `  ${failure.violations.map((violation) => `${violation.check}: ${violation.detail}`).join('; ')}`,
    `  sent: ${failure.request.notes.join(', ') || 'as generated'}`,
    `  answer: ${excerpt(failure.response.body)}`,
    `  ${curlLine(baseUrl, failure.request, 200)}`,
  ].join('\n')

export const histogram = (statuses: Map<number | 'none', number>): string =>
  [...statuses.entries()]
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    .map(([status, count]) => `  ${String(status).padEnd(5)} ${String(count).padStart(6)}`)
    .join('\n')

/** The whole report: histogram, count of 5xx, and up to `perGroup` examples of each failure group. */
export const report = (
  baseUrl: string,
  result: CampaignResult,
  { groups = 40, perGroup = 1 } = {},
): string => {
  const fivexx = [...result.statuses.entries()]
    .filter(([status]) => typeof status === 'number' && status >= 500)
    .reduce((sum, [, count]) => sum + count, 0)
  const grouped = groupFailures(result.failures)
  const lines = [
    `fuzz campaign: seed ${result.seed}, ${result.runs} requests in ${(result.ms / 1000).toFixed(1)} s (replay with FUZZ_SEED=${result.seed})`,
    'status histogram:',
    histogram(result.statuses),
    `answers >= 500: ${fivexx}`,
    `failing requests: ${result.failures.length} in ${grouped.size} groups (method, route, status, checks)`,
  ]
  for (const [key, failures] of [...grouped.entries()].slice(0, groups)) {
    lines.push('', `## ${key} × ${failures.length}`)
    for (const failure of failures.slice(0, perGroup)) lines.push(describeFailure(baseUrl, failure))
  }
  if (grouped.size > groups) lines.push('', `… and ${grouped.size - groups} more groups`)
  return lines.join('\n')
}
