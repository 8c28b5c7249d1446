import type { FieldHook } from 'payload'

/**
 * Records the signed-in staff user in a `users` relation: on create only (`createdBy`) or on
 * every change (`lastModifiedBy`). Callers cannot set it themselves: API clients are not users,
 * so their writes leave it as it was. Only trusted scripts (Local API, no user) may set it.
 */
export const stampUser =
  (when: 'change' | 'create'): FieldHook =>
  ({ field, operation, originalDoc, req, value }) => {
    const stored =
      operation === 'create' || field.name === undefined
        ? null
        : (originalDoc?.[field.name] ?? null)
    const stampable = operation === 'create' || when === 'change'
    if (stampable && req.user?.collection === 'users') return req.user.id
    if (req.payloadAPI === 'local' && !req.user) return value
    return stored
  }
