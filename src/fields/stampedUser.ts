import type { RelationshipField } from 'payload'

import { stampUser } from '../../hooks/stampUser'

/**
 * A read-only `users` relation the service fills itself (`createdBy`, `lastModifiedBy`), shown as
 * the user's name.
 */
export const stampedUserField = (name: string, when: 'change' | 'create'): RelationshipField => ({
  name,
  type: 'relationship',
  admin: {
    components: { Field: '/src/admin/values/StampedUser#StampedUser' },
    position: 'sidebar',
    readOnly: true,
  },
  hooks: { beforeChange: [stampUser(when)] },
  label: name === 'createdBy' ? 'Created by' : 'Last modified by',
  relationTo: 'users',
})
