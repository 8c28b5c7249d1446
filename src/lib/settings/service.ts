/** Settings of the service itself: how it is served (port, processes, admin UI, proxies, origins) and where it answers. */
import net from 'node:net'

import { z } from 'zod'

import {
  addressListSetting,
  addressSetting,
  choiceSetting,
  numberSetting,
  optionalFlagSetting,
  optionalNumberSetting,
  optionalTextSetting,
  textSetting,
  wholeAtLeastOne,
} from '../envSchema'

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

export const service = z.object({
  /** Where the admin UI's build is kept (a folder inside the project): `next build` writes it. */
  ADMIN_BUILD_DIR: textSetting('.next'),
  /**
   * Whether this node serves the admin UI: `on`, `off` (the API only: Next is never loaded), or
   * `separate` (the workers serve the API, one more process the admin UI; src/start/cluster.ts).
   */
  ADMIN_UI: choiceSetting(['on', 'off', 'separate'], 'on'),
  /**
   * How far V8 lets the old generation of a process serving no admin page grow past its live size
   * before collecting it, in percent (0: V8's own choice, up to 300). src/start/apiHeap.ts.
   */
  API_HEAP_GROWING_PERCENT: numberSetting(100, { integer: true, max: 1000, min: 0 }),
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
})
