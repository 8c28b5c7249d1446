/**
 * Configuration read from the environment (after dotenv). Every variable is listed with its
 * default in the README's configuration table.
 */

export const isProduction = (): boolean => process.env.NODE_ENV === 'production'

/** A numeric setting: its default when unset, else a number of at least `min` (a whole one if `integer`), or a startup error naming it. */
export const numberSetting = (
  name: string,
  fallback: number,
  { integer = false, min = 0 }: { integer?: boolean; min?: number } = {},
): number => {
  const raw = process.env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(
      `${name} must be ${integer ? 'an integer' : 'a number'} of at least ${min}, got "${raw}"`,
    )
  }
  return value
}

export const port = (): number => {
  const value = Number(process.env.PORT || 3000)
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${process.env.PORT}"`)
  }
  return value
}

/** Public address of the service, e.g. https://commerce.example.com; empty when not set. */
export const serverURL = (): string => (process.env.SERVER_URL || '').replace(/\/+$/, '')

/** Session cookies are `Secure` whenever the service is served over HTTPS (or COOKIE_SECURE=true). */
export const sessionCookies = () => ({
  sameSite: 'Lax' as const,
  secure: process.env.COOKIE_SECURE
    ? process.env.COOKIE_SECURE === 'true'
    : serverURL().startsWith('https://'),
})

const list = (value: string | undefined): string[] =>
  (value || '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** Origins allowed to call the API from a browser (CORS) and to send cookie-authenticated writes (CSRF). */
export const allowedOrigins = (): string[] => {
  const origins = list(process.env.CORS_ORIGINS)
  return serverURL() ? [serverURL(), ...origins] : origins
}

export const logLevel = (): string => process.env.LOG_LEVEL || 'info'

/**
 * Where the listing lookup (endpoint 19) answers: the path of LISTING_URL (a path or a full
 * address), default /api/listings. It always answers at /api/listings too.
 */
export const listingPath = (): string => {
  const value = process.env.LISTING_URL || '/api/listings'
  const pathname = /^https?:\/\//.test(value) ? new URL(value).pathname : value
  return `/${pathname.replace(/^\/+|\/+$/g, '')}`
}
