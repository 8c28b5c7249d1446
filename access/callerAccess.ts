import type { PayloadRequest } from 'payload'

/**
 * Nested Local API calls made by hooks act with the caller's access. A trusted script (a Local
 * API call without a user, e.g. the seed) has already skipped access, so its nested calls do too.
 */
export const callerAccess = (req: PayloadRequest) => ({
  overrideAccess: req.payloadAPI === 'local' && !req.user,
  req,
})
