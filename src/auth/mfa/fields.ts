import type { Field, FieldAccess } from 'payload'

import { markEncrypted } from '@/creditData/marker'

/** The name the secret's ciphertext is bound to (and that key rotation finds by its marker). */
export const SECRET_FIELD = 'mfaSecret'

/** Only the sign-in (./secondFactor.ts) and an admin's reset write these, with SQL of their own. */
const nobody: FieldAccess = () => false

const systemOnly = { create: nobody, update: nobody }

/** A user's second factor: whether it is set up (shown), the secret and recovery codes (never shown). */
export const mfaFields: Field[] = [
  {
    name: 'mfaEnabled',
    type: 'checkbox',
    access: systemOnly,
    admin: {
      description:
        'Set up by the person at sign-in, with an authenticator app. If they lose it and their recovery codes, an admin resets it and they set it up again.',
      position: 'sidebar',
      readOnly: true,
    },
    defaultValue: false,
    label: 'Two-factor sign-in set up',
  },
  {
    name: 'mfaEnrolledAt',
    type: 'date',
    access: systemOnly,
    admin: {
      condition: (data) => Boolean(data?.mfaEnabled),
      date: { pickerAppearance: 'dayAndTime' },
      position: 'sidebar',
      readOnly: true,
    },
    label: 'Two-factor set up on',
  },
  markEncrypted({
    name: SECRET_FIELD,
    type: 'text',
    access: { ...systemOnly, read: nobody },
    hidden: true,
  }),
  {
    name: 'mfaLastTimeStep',
    type: 'number',
    access: { ...systemOnly, read: nobody },
    hidden: true,
  },
  { name: 'mfaRecoveryCodes', type: 'json', access: { ...systemOnly, read: nobody }, hidden: true },
]
