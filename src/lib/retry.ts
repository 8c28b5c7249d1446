/**
 * Waits between attempts at a call to another service (a credit provider, a webhook receiver):
 * exponential with jitter, and the receiver's Retry-After.
 */

/** `factor`: how much each wait grows on the one before (2 unless said). */
export type RetrySettings = {
  baseMs: number
  factor?: number
  maxAttempts: number
  maxDelayMs: number
}

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

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export const retryAfterMs = (header: null | string, now = Date.now()): null | number => {
  if (!header) return null
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}
