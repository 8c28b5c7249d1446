/**
 * Provider settings from the environment (README, "Credit providers"). A provider without a base
 * URL is "not configured": a credit app sent to it fails at once, saying so.
 */
import { numberSetting } from '../lib/settings'

export type ProviderSlug = 'provider_a' | 'provider_b'

export type RetrySettings = { baseMs: number; maxAttempts: number; maxDelayMs: number }

export const retrySettings = (): RetrySettings => ({
  baseMs: numberSetting('PROVIDER_RETRY_BASE_MS', 5_000),
  maxAttempts: numberSetting('PROVIDER_MAX_ATTEMPTS', 8, { integer: true, min: 1 }),
  maxDelayMs: numberSetting('PROVIDER_RETRY_MAX_MS', 10 * 60_000),
})

export const providerTimeoutMs = (): number =>
  numberSetting('PROVIDER_TIMEOUT_MS', 15_000, { min: 1 })

/** Read at start (service and worker), so a bad value stops the process instead of every job. */
export const checkProviderSettings = (): void => {
  retrySettings()
  providerTimeoutMs()
}

/** The base URL of a provider, without a trailing slash; null when not configured. */
export const providerBaseUrl = (provider: ProviderSlug): null | string => {
  const value = process.env[provider === 'provider_a' ? 'PROVIDER_A_URL' : 'PROVIDER_B_URL']
  return value ? value.replace(/\/+$/, '') : null
}

export const credential = (name: string): string => process.env[name] ?? ''
