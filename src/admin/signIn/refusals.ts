import type { RefusalCode } from '@/auth/oidc/signIn'

/** What the sign-in page says when an identity provider's sign-in is refused (src/auth/oidc). */
export const REFUSALS: Record<RefusalCode, string> = {
  company:
    'Your group at your identity provider names a dealership this service does not have. Ask your administrator to correct the sign-in mapping. No account was created or changed.',
  email:
    'Your identity provider sent no e-mail address for you, so no account can be made. Ask your administrator to send the email claim.',
  'email-in-use':
    'An account with your e-mail address already exists here and is not linked to your identity provider. Ask an administrator to link or remove it.',
  provider:
    'Your identity provider did not sign you in: your account there may be disabled, or the sign-in was cancelled.',
  token: 'The sign-in could not be verified, or it was started in another window. Start again.',
  unavailable: 'The identity provider could not be reached. Try again in a moment.',
  unmapped:
    'Your identity provider signed you in, but none of your groups gives access to this service. Ask your administrator to add you to one of its groups. No account was created.',
}

export const refusalMessage = (code: unknown): string =>
  typeof code === 'string' && code in REFUSALS ? REFUSALS[code as RefusalCode] : ''
