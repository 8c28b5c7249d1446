/**
 * Every setting read from the environment (after dotenv), one schema per part of the service,
 * all built from the same pieces (src/lib/envSchema.ts). The README's configuration table lists
 * each variable with its default. Settings are read when used, so that tests and scripts may
 * change them as they run; `checkSettings()` reads them all at start, so a bad value stops the
 * process before it serves anything.
 */
import net from 'node:net'
import os from 'node:os'

import { z } from 'zod'

import {
  addressListSetting,
  addressSetting,
  choiceListSetting,
  choiceSetting,
  flagSetting,
  numberSetting,
  optionalFlagSetting,
  optionalNumberSetting,
  optionalTextSetting,
  postgresUrlListSetting,
  readEnv,
  textSetting,
} from './envSchema'

/** The duplicate rules of leads (src/leadDesk/matchKeys.ts), as `LEAD_DUPLICATE_RULES` names them. */
export const DUPLICATE_RULES = ['email', 'name-phone', 'similar-name-phone'] as const

const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal']

/** An item of Express's `trust proxy` list: a preset name, or an address with an optional range. */
const proxyAddress = (item: string): boolean => {
  const [ip, range, ...rest] = item.split('/')
  return (
    PROXY_PRESETS.includes(item) ||
    (net.isIP(ip) > 0 && !rest.length && (!range || /^\d+$/.test(range) || net.isIP(range) > 0))
  )
}

/** Express's `trust proxy`: `true`, `false`, a hop count, or comma-separated addresses. */
const trustProxy = z
  .string()
  .refine(
    (value) =>
      /^(true|false|\d+)$/.test(value) ||
      value.split(',').every((item) => proxyAddress(item.trim())),
    {
      error: 'true, false, a hop count or comma-separated addresses',
    },
  )
  .transform((value) =>
    value === 'true'
      ? true
      : value === 'false'
        ? false
        : /^\d+$/.test(value)
          ? Number(value)
          : value,
  )
  .optional()

const ADDRESS = /^https?:\/\//

/** LISTING_URL: a path, or a full address whose path is used; as `/a/b`. */
const listingUrl = z
  .string()
  .refine((value) => !ADDRESS.test(value) || URL.canParse(value), {
    error: 'a path or an http or https address',
  })
  .transform(
    (value) =>
      `/${(ADDRESS.test(value) ? new URL(value).pathname : value).replace(/^\/+|\/+$/g, '')}`,
  )
  .default('/api/listings')

const wholeAtLeastOne = (fallback: number) => numberSetting(fallback, { integer: true, min: 1 })

export const schemas = {
  adf: z.object({
    /** Largest ADF document taken (bytes), over HTTP or by mail: 413 above it. */
    ADF_MAX_BYTES: numberSetting(1024 * 1024, { integer: true, max: 16 * 1024 * 1024, min: 1024 }),
    /** Deepest nesting of elements in an ADF document (ADF itself needs 5). */
    ADF_MAX_DEPTH: numberSetting(16, { integer: true, max: 64, min: 6 }),
    /** Most prospects in one ADF document: a larger one would hold its dealerships' rota rows for long. */
    ADF_MAX_PROSPECTS: numberSetting(200, { integer: true, max: 5000, min: 1 }),
  }),
  /** Adverse-action notices (src/compliance/adverseAction, docs/compliance.md §4). */
  adverseAction: z.object({
    /** How often the job runner looks for counteroffers left unaccepted (seconds): daily. */
    ADVERSE_ACTION_CHECK_SECONDS: wholeAtLeastOne(86_400),
    /** Days after a decision within which its notice is due (12 CFR 1002.9(a)(1)). */
    ADVERSE_ACTION_DUE_DAYS: wholeAtLeastOne(30),
    /** Days a counteroffer may stay unaccepted before it gets its own notice (1002.9(a)(1)(iv)). */
    COUNTEROFFER_ACCEPT_DAYS: wholeAtLeastOne(90),
    /** The creditor named on each notice. */
    CREDITOR_ADDRESS: textSetting('Address not configured (CREDITOR_ADDRESS)'),
    CREDITOR_NAME: textSetting('Creditor not configured (CREDITOR_NAME)'),
    CREDITOR_PHONE: textSetting(''),
  }),
  auth: z.object({
    /** The name authenticator apps show beside the account. */
    MFA_ISSUER: textSetting('Commerce service'),
    /**
     * Who must sign in with a second factor: every staff user (they all read customer
     * information), or, relaxed explicitly, staff admins only. The embedded quick start relaxes
     * it when it is not set (src/start/runtime.ts); the start log warns whenever it is relaxed.
     */
    MFA_REQUIRED: choiceSetting(['all', 'admins'], 'all'),
  }),
  consents: z.object({
    /** false: credit apps go to their provider without an authorization on file (src/compliance/consents). */
    CREDIT_AUTHORIZATION_REQUIRED: flagSetting(true),
    /** How many days before a submission a credit-report authorization may have been captured. */
    CREDIT_AUTHORIZATION_WINDOW_DAYS: numberSetting(30, { integer: true, min: 1 }),
  }),
  database: z.object({
    /** Longest wait for a new PostgreSQL connection to be ready (pool, LISTEN, job runner). */
    DATABASE_CONNECT_TIMEOUT_MS: numberSetting(10_000, { integer: true, min: 1 }),
    /**
     * Longest run of one query: PostgreSQL cancels it (statement_timeout), and a connection that
     * has not answered a query a second after that is closed (src/db/pooledQueries.ts). 0: none.
     */
    DATABASE_QUERY_TIMEOUT_MS: numberSetting(30_000, { integer: true, min: 0 }),
    /** How long after a caller's write their reads go to the primary (src/http/readYourWrites.ts). */
    DATABASE_READ_AFTER_WRITE_MS: numberSetting(2_000, { integer: true, min: 0 }),
    /** Read replicas of DATABASE_URL; reads outside transactions go to them. */
    DATABASE_READ_URLS: postgresUrlListSetting(),
    /** Commerce reads as one compiled SQL statement (src/reads); false: every read through Payload. */
    COMPILED_READS: flagSetting(true),
  }),
  email: z.object({
    /** smtp://user:password@host:port (smtps:// for TLS from the start); unset: nothing is sent. */
    SMTP_URL: z
      .string()
      .refine((value) => value === '' || /^smtps?:\/\/[^/]+/.test(value), {
        error: 'an smtp:// or smtps:// address',
      })
      .optional()
      .transform((value) => value || undefined),
    SMTP_TIMEOUT_MS: numberSetting(10_000, { integer: true, min: 1 }),
  }),
  compliance: z.object({
    /** Months without activity after which a consumer's data is disposed of (src/compliance/retention). */
    RETENTION_INACTIVE_MONTHS: numberSetting(24, { integer: true, min: 1 }),
    /** Days to confirm receipt of a consumer data request (11 CCR 7021(a)). */
    CONSUMER_REQUEST_CONFIRM_DAYS: numberSetting(10, { integer: true, min: 1 }),
    /** Days to answer a consumer data request (Cal. Civ. Code 1798.130(a)(2)). */
    CONSUMER_REQUEST_ANSWER_DAYS: numberSetting(45, { integer: true, min: 1 }),
    /** Months a consumer data request record is kept (11 CCR 7101(a)). */
    CONSUMER_REQUEST_KEEP_MONTHS: numberSetting(24, { integer: true, min: 1 }),
  }),
  files: z.object({
    DATA_DIR: textSetting('.data'),
    /** Default: $DATA_DIR/media. */
    MEDIA_DIR: optionalTextSetting(),
    /** Default: $DATA_DIR/vpic/vpic.lite.db. */
    VPIC_DB_PATH: optionalTextSetting(),
  }),
  jobs: z.object({
    JOBS_POLL_MS: numberSetting(1000, { min: 10 }),
    JOBS_RUNNER: choiceSetting(['in-process', 'off'], 'in-process'),
  }),
  leadDesk: z.object({
    /** How many days back a new lead is matched against its location's leads. */
    LEAD_DUPLICATE_DAYS: numberSetting(30, { integer: true, min: 1 }),
    /** Which duplicate rules are on (src/leadDesk/matchKeys.ts). */
    LEAD_DUPLICATE_RULES: choiceListSetting(DUPLICATE_RULES, DUPLICATE_RULES),
    /** Business minutes (of the lead's location) a new lead may wait for a first contact. */
    LEAD_CONTACT_MINUTES: numberSetting(30, { min: 0 }),
    /** How often the job runner looks for leads to escalate. */
    LEAD_ESCALATION_CHECK_SECONDS: numberSetting(60, { min: 1 }),
  }),
  mailbox: z.object({
    LEADS_IMAP_FAILED_FOLDER: textSetting('Failed'),
    /** How often the lead mailbox is read (seconds); a mailbox that cannot be read is retried with backoff. */
    LEADS_IMAP_POLL_SECONDS: numberSetting(60, { max: 86_400, min: 1 }),
    LEADS_IMAP_PROCESSED_FOLDER: textSetting('Processed'),
    /** imap://user:password@host:port/INBOX (imaps:// for TLS from the start); unset: no mailbox. */
    LEADS_IMAP_URL: z
      .string()
      .refine((value) => value === '' || (/^imaps?:\/\/[^/]+/.test(value) && URL.canParse(value)), {
        error: 'an imap:// or imaps:// address',
      })
      .optional()
      .transform((value) => value || undefined),
  }),
  logging: z.object({
    /** Set by the CLI scripts, whose stdout is their result. */
    LOG_DESTINATION: choiceSetting(['stdout', 'stderr'], 'stdout'),
    LOG_LEVEL: choiceSetting(
      ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
      'info',
    ),
    LOG_PRETTY: flagSetting(false),
  }),
  providers: z.object({
    PROVIDER_A_API_KEY: textSetting(''),
    PROVIDER_A_URL: addressSetting(),
    PROVIDER_B_CLIENT_ID: textSetting(''),
    PROVIDER_B_CLIENT_SECRET: textSetting(''),
    PROVIDER_B_URL: addressSetting(),
    PROVIDER_MAX_ATTEMPTS: wholeAtLeastOne(8),
    PROVIDER_RETRY_BASE_MS: numberSetting(5_000),
    PROVIDER_RETRY_MAX_MS: numberSetting(10 * 60_000),
    PROVIDER_TIMEOUT_MS: numberSetting(15_000, { min: 1 }),
  }),
  rateLimits: z.object({
    RATE_LIMIT_API: wholeAtLeastOne(600),
    /** A sign-in with a second factor takes two requests (password, then code). */
    RATE_LIMIT_AUTH: wholeAtLeastOne(20),
    RATE_LIMIT_AUTH_WINDOW_SECONDS: wholeAtLeastOne(900),
    RATE_LIMIT_COMMERCE: wholeAtLeastOne(300),
    /** Failed credential checks per client address (each costs a key lookup) before a 429. */
    RATE_LIMIT_CREDENTIAL_FAILURES: wholeAtLeastOne(30),
    RATE_LIMIT_CREDENTIAL_FAILURES_WINDOW_SECONDS: wholeAtLeastOne(300),
    RATE_LIMIT_PREFIX: textSetting('commerce-rl'),
    RATE_LIMIT_WINDOW_SECONDS: wholeAtLeastOne(60),
    REDIS_TIMEOUT_MS: wholeAtLeastOne(200),
    REDIS_URL: optionalTextSetting(),
  }),
  /** Sanctions screening (src/compliance/sanctions, docs/compliance.md §7). */
  sanctions: z.object({
    /** Lowest name score (0–100, after birth date and address adjustments) kept as a possible match. */
    SANCTIONS_MATCH_THRESHOLD: numberSetting(80, { integer: true, max: 100, min: 50 }),
    /** Lowest score at which clearing a match takes a staff admin or two staff users. */
    SANCTIONS_SECOND_REVIEW_SCORE: numberSetting(90, { integer: true, max: 100, min: 50 }),
  }),
  service: z.object({
    /** Where the admin UI's build is kept (a folder inside the project): `next build` writes it. */
    ADMIN_BUILD_DIR: textSetting('.next'),
    /**
     * Whether this node serves the admin UI: `on`, `off` (the API only: Next is never loaded), or
     * `separate` (the workers serve the API, one more process the admin UI; src/start/cluster.ts).
     */
    ADMIN_UI: choiceSetting(['on', 'off', 'separate'], 'on'),
    COOKIE_SECURE: optionalFlagSetting(),
    CORS_ORIGINS: addressListSetting(),
    EMAIL_FROM: textSetting('no-reply@localhost'),
    /** How long a create's Idempotency-Key is remembered (src/http/idempotency.ts). */
    IDEMPOTENCY_KEY_TTL_SECONDS: wholeAtLeastOne(86_400),
    /** How long a claimed key outlives news of its request (renewed while it runs). */
    IDEMPOTENCY_LEASE_SECONDS: wholeAtLeastOne(60),
    LISTING_URL: listingUrl,
    /** Set by `npm start` and `npm run dev`, and by Next and jest: any value is theirs to choose. */
    NODE_ENV: optionalTextSetting(),
    PORT: numberSetting(3000, { integer: true, max: 65535 }),
    SEED_DEMO_DATA: optionalFlagSetting(),
    SERVER_URL: addressSetting(),
    TRUST_PROXY: trustProxy,
    /** Default: the number of cores (at most 8) in production, 1 otherwise. */
    WEB_CONCURRENCY: optionalNumberSetting({ integer: true, max: 64, min: 1 }),
  }),
  webhooks: z.object({
    /** Deliver to loopback addresses (127.0.0.0/8, ::1), over plain http too: local development and tests. */
    WEBHOOK_ALLOW_LOOPBACK: flagSetting(false),
    /** Consecutive failed attempts after which an endpoint is disabled. */
    WEBHOOK_DISABLE_AFTER_FAILURES: wholeAtLeastOne(30),
    WEBHOOK_MAX_ATTEMPTS: wholeAtLeastOne(10),
    /** Retry waits: base × 5^(attempt−1), capped, with jitter; Retry-After wins when longer. */
    WEBHOOK_RETRY_BASE_MS: numberSetting(5_000, { min: 1 }),
    WEBHOOK_RETRY_MAX_MS: numberSetting(6 * 3600_000, { min: 1 }),
    /** How long the secret replaced by a rotation still signs deliveries. */
    WEBHOOK_SECRET_GRACE_SECONDS: numberSetting(86_400),
    WEBHOOK_TIMEOUT_MS: numberSetting(10_000, { min: 1 }),
  }),
  storage: z.object({
    S3_ACCESS_KEY_ID: optionalTextSetting(),
    /** Unset: uploaded files stay in MEDIA_DIR (src/media/storage.ts). */
    S3_BUCKET: optionalTextSetting(),
    /** An S3-compatible server's address (MinIO, …); unset: AWS. */
    S3_ENDPOINT: addressSetting(),
    /** Address buckets by path; default: when S3_ENDPOINT is set. */
    S3_FORCE_PATH_STYLE: optionalFlagSetting(),
    /** A folder in the bucket for this deployment's files. */
    S3_PREFIX: textSetting(''),
    /** Serve files from here (a public bucket or a CDN) instead of through the service. */
    S3_PUBLIC_URL: addressSetting(),
    S3_REGION: textSetting('us-east-1'),
    S3_SECRET_ACCESS_KEY: optionalTextSetting(),
  }),
  vendor: z.object({
    VEHICLE_DATA_CACHE_TTL_SECONDS: numberSetting(86_400, { min: 1 }),
    VEHICLE_DATA_COOLDOWN_SECONDS: numberSetting(30),
    VEHICLE_DATA_FAILURES: wholeAtLeastOne(5),
    VEHICLE_DATA_KEY: textSetting(''),
    VEHICLE_DATA_TIMEOUT_MS: numberSetting(2000, { min: 1 }),
    VEHICLE_DATA_URL: addressSetting(),
  }),
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
