import type { RetrySettings } from './config'

/**
 * The wait before attempt `attempt + 1`: exponential (base × factor^(attempt−1), factor 2 unless
 * the settings say), capped, with "equal
 * jitter" (half fixed, half random) so that many apps failing together do not retry together.
 * A Retry-After from the provider wins when it asks for longer (still capped).
 */
export const retryDelayMs = (
  attempt: number,
  settings: RetrySettings,
  retryAfter: null | number,
  random = Math.random,
): number => {
  const exponential = Math.min(
    settings.maxDelayMs,
    settings.baseMs * (settings.factor ?? 2) ** Math.max(0, attempt - 1),
  )
  const jittered = exponential / 2 + random() * (exponential / 2)
  return Math.round(Math.min(settings.maxDelayMs, Math.max(jittered, retryAfter ?? 0)))
}
