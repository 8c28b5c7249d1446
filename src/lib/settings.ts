/**
 * Every setting read from the environment (after dotenv), one schema per part of the service,
 * all built from the same pieces (src/lib/envSchema.ts) and kept by feature in ./settings/. The
 * README's configuration table lists each variable with its default. Settings are read when
 * used, so that tests and scripts may change them as they run; `checkSettings()` reads them all
 * at start, so a bad value stops the process before it serves anything.
 */
import os from 'node:os'

import { z } from 'zod'

import { readEnv } from './envSchema'
import { adverseAction, compliance, consents, sanctions } from './settings/compliance'
import { database, files, jobs, logging, storage } from './settings/infrastructure'
import { adf, leadDesk, mailbox } from './settings/leads'
import { email, providers, vendor, webhooks } from './settings/outbound'
import { auth, rateLimits } from './settings/security'
import { service } from './settings/service'

export { DUPLICATE_RULES } from './settings/leads'

/** The parts, in the order `checkSettings()` names bad variables in. */
export const schemas = {
  adf,
  adverseAction,
  auth,
  consents,
  database,
  email,
  compliance,
  files,
  jobs,
  leadDesk,
  mailbox,
  logging,
  providers,
  rateLimits,
  sanctions,
  service,
  webhooks,
  storage,
  vendor,
}

type Part = keyof typeof schemas

/** The settings of one part of the service, as the environment has them now. */
export const settings = <P extends Part>(part: P): z.output<(typeof schemas)[P]> =>
  readEnv(schemas[part])

/** At start: every setting at once, so that one message names every bad variable. */
export const checkSettings = (): void => {
  readEnv(z.object(Object.assign({}, ...Object.values(schemas).map((schema) => schema.shape))))
}

/** The logging settings, or their defaults while they are bad: the logger must exist to report them. */
export const loggingSettings = (): z.output<(typeof schemas)['logging']> =>
  schemas.logging.safeParse(process.env).data ?? schemas.logging.parse({})

export const isProduction = (): boolean => settings('service').NODE_ENV === 'production'

export const isDevelopment = (): boolean => settings('service').NODE_ENV === 'development'

export const port = (): number => settings('service').PORT

export const adminUiMode = (): 'off' | 'on' | 'separate' => settings('service').ADMIN_UI

/** Default processes at most: each has its own connection pool (see the README). */
const DEFAULT_WORKERS_CAP = 8

/** How many processes serve HTTP (src/start/cluster.ts). */
export const webConcurrency = (): number =>
  settings('service').WEB_CONCURRENCY ??
  (isProduction() ? Math.min(os.availableParallelism(), DEFAULT_WORKERS_CAP) : 1)

/**
 * Whether `npm start` serves from its own process, forking no workers: one process
 * (WEB_CONCURRENCY=1) and no separate admin worker.
 */
export const servesAlone = (): boolean => webConcurrency() === 1 && adminUiMode() !== 'separate'

/** Public address of the service, e.g. https://commerce.example.com; empty when not set. */
export const serverURL = (): string => settings('service').SERVER_URL ?? ''

/** Session cookies are `Secure` whenever the service is served over HTTPS (or COOKIE_SECURE=true). */
export const sessionCookies = () => ({
  sameSite: 'Lax' as const,
  secure: settings('service').COOKIE_SECURE ?? serverURL().startsWith('https://'),
})

/** Origins allowed to call the API from a browser (CORS) and to send cookie-authenticated writes (CSRF). */
export const allowedOrigins = (): string[] => {
  const { CORS_ORIGINS, SERVER_URL } = settings('service')
  return SERVER_URL ? [SERVER_URL, ...CORS_ORIGINS] : CORS_ORIGINS
}

/**
 * Where the listing lookup (endpoint 19) answers: the path of LISTING_URL (a path or a full
 * address), default /api/listings. It always answers at /api/listings too.
 */
export const listingPath = (): string => settings('service').LISTING_URL
