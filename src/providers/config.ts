/**
 * Provider settings from the environment (docs/providers.md). A provider without a base
 * URL is "not configured": a credit app sent to it fails at once, saying so.
 */
import type { RetrySettings } from '@/lib/retry'
import { settings } from '@/lib/settings'

export type ProviderSlug = 'provider_a' | 'provider_b'

export type { RetrySettings }

export const retrySettings = (): RetrySettings => {
  const { PROVIDER_MAX_ATTEMPTS, PROVIDER_RETRY_BASE_MS, PROVIDER_RETRY_MAX_MS } =
    settings('providers')
  return {
    baseMs: PROVIDER_RETRY_BASE_MS,
    maxAttempts: PROVIDER_MAX_ATTEMPTS,
    maxDelayMs: PROVIDER_RETRY_MAX_MS,
  }
}

export const providerTimeoutMs = (): number => settings('providers').PROVIDER_TIMEOUT_MS

/** Read at start (service and worker), so a bad value stops the process instead of every job. */
export const checkProviderSettings = (): void => {
  settings('providers')
}

/** The base URL of a provider, without a trailing slash; null when not configured. */
export const providerBaseUrl = (provider: ProviderSlug): null | string =>
  settings('providers')[provider === 'provider_a' ? 'PROVIDER_A_URL' : 'PROVIDER_B_URL'] ?? null

export const credential = (
  name: 'PROVIDER_A_API_KEY' | 'PROVIDER_B_CLIENT_ID' | 'PROVIDER_B_CLIENT_SECRET',
): string => settings('providers')[name]
