import type {
  CollectionBeforeValidateHook,
  GlobalBeforeValidateHook,
  PayloadRequest,
} from 'payload'

/**
 * `createdAt` and `updatedAt` belong to the server: whatever a caller sends for them over the API
 * or the admin UI (any role, create or update, a record or a global) is dropped, so a record's
 * history cannot be rewritten, and a number past a date's range never reaches the database
 * layer (it was a 500 on a global). Code of the service itself (seed data, jobs) goes through
 * the Local API and may still set them.
 */
const withoutTimestamps = <T extends Record<string, unknown>>(
  data: T | undefined,
  req: PayloadRequest,
): Partial<T> | undefined => {
  if (req.payloadAPI === 'local' || !data) return data
  const rest: Partial<T> = { ...data }
  delete rest.createdAt
  delete rest.updatedAt
  return rest
}

export const serverTimestamps: CollectionBeforeValidateHook = ({ data, req }) =>
  withoutTimestamps(data, req)

export const globalServerTimestamps: GlobalBeforeValidateHook = ({ data, req }) =>
  withoutTimestamps(data, req)
