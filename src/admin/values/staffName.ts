import type { Payload } from 'payload'

/**
 * A staff user's name (else e-mail), or null for a user since removed. Read past the viewer's
 * access: staff may read only their own user record, but are shown who their colleagues are.
 */
export const staffName = async (payload: Payload, id: number | string): Promise<null | string> => {
  const user = await payload
    .findByID({
      collection: 'users',
      depth: 0,
      disableErrors: true,
      id,
      select: { email: true, name: true },
    })
    .catch(() => null)
  return user ? user.name || user.email : null
}
