import { settings } from '@/lib/settings'

/**
 * Who must sign in with a second factor: staff admins always; every other staff user unless
 * MFA_REQUIRED=admins relaxes it (the FTC Safeguards Rule, 16 CFR 314.4(c)(5), asks it of anyone
 * who reads customer information). Once set up, a second factor is always asked for.
 */
export const mfaRequired = (user: { role?: null | string }): boolean =>
  user.role === 'admin' || settings('auth').MFA_REQUIRED === 'all'
