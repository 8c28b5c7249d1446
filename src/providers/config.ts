/**
 * Provider settings from the environment (README, "Credit providers"). A provider without a base
 * URL is "not configured": a credit app sent to it fails at once, saying so.
 */
export type ProviderSlug = 'provider_a' | 'provider_b'

const number = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`)
  return value
}

export type RetrySettings = { baseMs: number; maxAttempts: number; maxDelayMs: number }

export const retrySettings = (): RetrySettings => ({
  baseMs: number('PROVIDER_RETRY_BASE_MS', 5_000, 0),
  maxAttempts: number('PROVIDER_MAX_ATTEMPTS', 8, 1),
  maxDelayMs: number('PROVIDER_RETRY_MAX_MS', 10 * 60_000, 0),
})

export const providerTimeoutMs = (): number => number('PROVIDER_TIMEOUT_MS', 15_000, 1)

/** The base URL of a provider, without a trailing slash; null when not configured. */
export const providerBaseUrl = (provider: ProviderSlug): null | string => {
  const value = process.env[provider === 'provider_a' ? 'PROVIDER_A_URL' : 'PROVIDER_B_URL']
  return value ? value.replace(/\/+$/, '') : null
}

export const credential = (name: string): string => process.env[name] ?? ''
