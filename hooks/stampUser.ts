import type { FieldHook } from 'payload'

/**
 * Records the signed-in staff user in a `users` relation: on create only (`createdBy`) or on
 * every change (`lastModifiedBy`). API clients are not users, so their writes leave it as is.
 */
export const stampUser =
  (when: 'change' | 'create'): FieldHook =>
  ({ operation, req, value }) => {
    if (when === 'create' && operation !== 'create') return value
    return req.user?.collection === 'users' ? req.user.id : value
  }
