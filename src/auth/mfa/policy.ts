import { settings } from '@/lib/settings'

/**
 * Who must sign in with a second factor. Staff admins always; every staff user when
 * MFA_REQUIRED=all. Anyone may still have one set up by an admin's policy change: once set up it
 * is always asked for.
 */
export const mfaRequired = (user: { role?: null | string }): boolean =>
  user.role === 'admin' || settings('auth').MFA_REQUIRED === 'all'
