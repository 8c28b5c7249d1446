/**
 * Sign-in and sign-up routes (login, password reset, first user, unlock, identity providers'
 * sign-in under users/oidc) of the two auth collections, by path under /api: callers are anonymous by design, so they have a rate-limit
 * budget of their own per address, and their refusals stay 403 rather than 401. Matched without
 * regard to case, as the routes themselves are.
 */
const SIGN_IN =
  /^\/(users|api-clients)\/(login|forgot-password|reset-password|first-register|unlock|verify|oidc)(\/|$)/i

export const isSignInRoute = (apiPath: string): boolean => SIGN_IN.test(apiPath)
