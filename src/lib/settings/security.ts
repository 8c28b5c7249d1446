/** Settings of who gets in and how often: sign-in (MFA, identity providers) and rate limits. */
import { z } from 'zod'

import { choiceSetting, optionalTextSetting, textSetting, wholeAtLeastOne } from '../envSchema'

export const auth = z.object({
  /** The name authenticator apps show beside the account. */
  MFA_ISSUER: textSetting('Commerce service'),
  /**
   * Who must sign in with a second factor: every staff user (they all read customer
   * information), or, relaxed explicitly, staff admins only. The embedded quick start relaxes
   * it when it is not set (src/start/runtime.ts); the start log warns whenever it is relaxed.
   */
  MFA_REQUIRED: choiceSetting(['all', 'admins'], 'all'),
  /**
   * The identity providers staff sign in with (OpenID Connect), as a JSON list: each one's
   * issuer, client, scopes and the mapping of its claims to roles. Checked in full at start by
   * src/auth/oidc/config.ts, which knows the roles; their client secrets are `OIDC_SECRET_<ID>`.
   */
  OIDC_PROVIDERS: optionalTextSetting(),
  /** How long a session signed in through a provider lasts before the provider is asked again. */
  OIDC_SESSION_MAX_AGE_SECONDS: wholeAtLeastOne(3600),
  /** `break-glass`: only BREAK_GLASS_ADMIN signs in with a password; everyone else through a provider. */
  PASSWORD_SIGN_IN: choiceSetting(['on', 'break-glass'], 'on'),
  /** The one staff admin (by e-mail) who keeps a password when PASSWORD_SIGN_IN=break-glass. */
  BREAK_GLASS_ADMIN: optionalTextSetting(),
})

export const rateLimits = z.object({
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
})
