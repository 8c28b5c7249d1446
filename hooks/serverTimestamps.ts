import type { CollectionBeforeValidateHook } from 'payload'

/**
 * `createdAt` and `updatedAt` belong to the server: whatever a caller sends for them over the API
 * or the admin UI (any role, create or update) is dropped, so a record's history cannot be
 * rewritten. Code of the service itself (seed data, jobs) goes through the Local API and may
 * still set them.
 */
export const serverTimestamps: CollectionBeforeValidateHook = ({ data, req }) => {
  if (req.payloadAPI === 'local' || !data) return data
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = data
  return rest
}
