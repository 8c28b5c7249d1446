/** What the compliance endpoints share: how they name a bad field and who acted. */
import type { PayloadRequest } from 'payload'

export { invalid } from '@/errors'

/** Who acted, as the records keep it: a staff user's e-mail and id, an API client's id, or `system`. */
export const actorOf = (req: PayloadRequest): string => {
  const user = req.user
  if (!user) return 'system'
  return user.collection === 'users' ? `${user.email} (users:${user.id})` : `api-clients:${user.id}`
}
