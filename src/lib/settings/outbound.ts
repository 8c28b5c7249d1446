/** Settings of what the service calls out to: e-mail, credit providers, webhooks and the vehicle data vendor. */
import { z } from 'zod'

import {
  addressSetting,
  flagSetting,
  numberSetting,
  textSetting,
  wholeAtLeastOne,
} from '../envSchema'

export const email = z.object({
  /** smtp://user:password@host:port (smtps:// for TLS from the start); unset: nothing is sent. */
  SMTP_URL: z
    .string()
    .refine((value) => value === '' || /^smtps?:\/\/[^/]+/.test(value), {
      error: 'an smtp:// or smtps:// address',
    })
    .optional()
    .transform((value) => value || undefined),
  SMTP_TIMEOUT_MS: numberSetting(10_000, { integer: true, min: 1 }),
})

export const providers = z.object({
  PROVIDER_A_API_KEY: textSetting(''),
  PROVIDER_A_URL: addressSetting(),
  PROVIDER_B_CLIENT_ID: textSetting(''),
  PROVIDER_B_CLIENT_SECRET: textSetting(''),
  PROVIDER_B_URL: addressSetting(),
  PROVIDER_MAX_ATTEMPTS: wholeAtLeastOne(8),
  PROVIDER_RETRY_BASE_MS: numberSetting(5_000),
  PROVIDER_RETRY_MAX_MS: numberSetting(10 * 60_000),
  PROVIDER_TIMEOUT_MS: numberSetting(15_000, { min: 1 }),
})

export const webhooks = z.object({
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
})

export const vendor = z.object({
  VEHICLE_DATA_CACHE_TTL_SECONDS: numberSetting(86_400, { min: 1 }),
  VEHICLE_DATA_COOLDOWN_SECONDS: numberSetting(30),
  VEHICLE_DATA_FAILURES: wholeAtLeastOne(5),
  VEHICLE_DATA_KEY: textSetting(''),
  VEHICLE_DATA_TIMEOUT_MS: numberSetting(2000, { min: 1 }),
  VEHICLE_DATA_URL: addressSetting(),
})
