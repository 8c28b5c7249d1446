import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '../../../payload-types'

/**
 * The admin UI's "create first user" form runs anonymously, so field access would leave the
 * role at its `staff` default and lock everyone out of user management. The first account
 * created in an empty database is therefore always an admin.
 */
export const firstUserIsAdmin: CollectionBeforeChangeHook<User> = async ({
  data,
  operation,
  req,
}) => {
  // Scripts and seeds (Local API) say which role they mean; only the HTTP sign-up is adjusted.
  if (operation !== 'create' || req.payloadAPI === 'local') return data
  const { totalDocs } = await req.payload.count({ collection: 'users', req })
  return totalDocs === 0 ? { ...data, role: 'admin' } : data
}
