/**
 * One attempt at sending an application: the HTTP call and what its result means.
 * - 2xx: accepted. Other 4xx (not 429): rejected, with the provider's message; retrying cannot help.
 * - Network errors, timeouts, 5xx and 429: worth retrying (429/503 may say when, in Retry-After).
 * The Idempotency-Key header carries the credit app's key on every attempt, so a retry after a
 * lost answer finds the application the provider already has.
 */
import { isRecord } from '@/lib/isRecord'
import { retryAfterMs } from '@/lib/retry'

import { adapters, type Application, type ProviderAdapter } from './adapters'
import { providerBaseUrl, type ProviderSlug, providerTimeoutMs } from './config'
import type { Json } from './pii'

export type Outcome =
  | { answer: Json; kind: 'accepted'; reference: null | string; status: number }
  | { answer: Json; kind: 'rejected'; message: string; status: number }
  | {
      answer?: Json
      kind: 'retry'
      message: string
      retryAfterMs: null | number
      status?: number
    }
  /** `message` for everyone; `configuration` names the missing setting, for admins only. */
  | { configuration?: string; kind: 'unconfigured'; message: string }

const readBody = async (response: Response): Promise<Json> => {
  const text = await response.text()
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return { message: text.slice(0, 500) }
  }
}

/** The provider's own words about a refusal, from the usual places in an error body. */
export const providerMessage = (answer: unknown, status: number): string => {
  const body = isRecord(answer) ? answer : {}
  const first: unknown = Array.isArray(body.errors) ? body.errors[0] : undefined
  const found = [
    body.message,
    isRecord(body.error) ? body.error.message : body.error,
    isRecord(first) ? first.message : undefined,
    body.detail,
  ].find((item): item is string => typeof item === 'string' && item !== '')
  return found?.slice(0, 500) ?? `HTTP ${status}`
}

type Retry = Extract<Outcome, { kind: 'retry' }>

/** What fetch threw, read field by field: its timeout's DOMException may not be `instanceof Error`. */
const failureOf = (thrown: unknown): Record<string, unknown> => (isRecord(thrown) ? thrown : {})

const noAnswerWithin = (ms: number) => `no answer within ${ms} ms`

const requestOf = (
  adapter: ProviderAdapter,
  application: Application,
  idempotencyKey: string,
): RequestInit => ({
  body: JSON.stringify(adapter.body(application)),
  headers: {
    ...adapter.headers(),
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'Idempotency-Key': idempotencyKey,
  },
  method: 'POST',
})

/** The request itself; a network error or timeout is an outcome worth retrying. */
const post = async (url: string, init: RequestInit, timeout: number): Promise<Response | Retry> => {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeout) })
  } catch (thrown) {
    const error = failureOf(thrown)
    const cause = failureOf(error.cause)
    return {
      kind: 'retry',
      message:
        error.name === 'TimeoutError'
          ? noAnswerWithin(timeout)
          : `network error: ${cause.code ?? cause.message ?? error.message}`,
      retryAfterMs: null,
    }
  }
}

/** What a complete answer means: accepted (2xx), worth retrying (429, 5xx) or rejected. */
const outcomeOf = (response: Response, answer: Json, adapter: ProviderAdapter): Outcome => {
  const { status } = response
  if (response.ok) return { answer, kind: 'accepted', reference: adapter.reference(answer), status }
  if (status === 429 || status >= 500) {
    return {
      answer,
      kind: 'retry',
      message: `HTTP ${status}: ${providerMessage(answer, status)}`,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
      status,
    }
  }
  return { answer, kind: 'rejected', message: providerMessage(answer, status), status }
}

export const sendApplication = async (
  provider: ProviderSlug,
  application: Application,
  idempotencyKey: string,
): Promise<Outcome> => {
  const base = providerBaseUrl(provider)
  if (!base)
    return {
      configuration: `${provider} is not configured (${provider === 'provider_a' ? 'PROVIDER_A_URL' : 'PROVIDER_B_URL'})`,
      kind: 'unconfigured',
      message: `Not sent: this service is not set up to send apps to ${provider === 'provider_a' ? 'Provider A' : 'Provider B'} yet. An administrator can see what is missing.`,
    }
  const adapter = adapters[provider]
  const timeout = providerTimeoutMs()
  const response = await post(
    base + adapter.path,
    requestOf(adapter, application, idempotencyKey),
    timeout,
  )
  if ('kind' in response) return response
  let answer: Json
  try {
    answer = await readBody(response)
  } catch (thrown) {
    const error = failureOf(thrown)
    return {
      kind: 'retry',
      message: `the answer was cut off: ${error.name === 'TimeoutError' ? noAnswerWithin(timeout) : error.message}`,
      retryAfterMs: null,
      status: response.status,
    }
  }
  return outcomeOf(response, answer, adapter)
}
