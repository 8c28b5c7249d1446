import type { Field, FieldAccess } from 'payload'

/** Written by the sign-in through a provider only (./staffUser.ts), as the service itself. */
const nobody: FieldAccess = () => false

/** Who the person is at their identity provider: shown, never edited. */
export const identityFields: Field[] = [
  {
    name: 'identityProvider',
    type: 'text',
    access: { create: nobody, update: nobody },
    admin: {
      description:
        'The identity provider this person signs in with; their role and dealership follow its groups at every sign-in.',
      position: 'sidebar',
      readOnly: true,
    },
    label: 'Signs in with',
  },
  {
    name: 'identitySubject',
    type: 'text',
    access: { create: nobody, update: nobody },
    admin: {
      description: "The person's id at that provider (its `sub` claim).",
      position: 'sidebar',
      readOnly: true,
    },
    label: 'Identity at the provider',
  },
]
