import type { RelationshipField } from 'payload'

import { stampUser } from '../../hooks/stampUser'

/** A read-only `users` relation the service fills itself (`createdBy`, `lastModifiedBy`). */
export const stampedUserField = (name: string, when: 'change' | 'create'): RelationshipField => ({
  name,
  type: 'relationship',
  admin: { position: 'sidebar', readOnly: true },
  hooks: { beforeChange: [stampUser(when)] },
  relationTo: 'users',
})
