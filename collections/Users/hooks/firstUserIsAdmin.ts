import type { CollectionBeforeChangeHook, PayloadRequest } from 'payload'

import type { User } from '../../../payload-types'

const isFirstRegister = (req: PayloadRequest): boolean =>
  req.payloadAPI !== 'local' &&
  /\/first-register\/?$/i.test(new URL(req.url ?? '/', 'http://x').pathname)

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
  // Scripts and seeds (Local API) say which role they mean, and so does the sign-in through an
  // identity provider (its mapping): only the "create first user" sign-up is adjusted.
  if (operation !== 'create' || !isFirstRegister(req)) return data
  const { totalDocs } = await req.payload.count({ collection: 'users', req })
  return totalDocs === 0 ? { ...data, role: 'admin' } : data
}
