/** What the compliance endpoints share: how they name a bad field and who acted. */
import { type PayloadRequest, ValidationError } from 'payload'

/** A 400 naming the field, in the shape of Payload's own validation errors. */
export const invalid = (path: string, message: string) =>
  new ValidationError({ errors: [{ message, path }] })

/** Who acted, as the records keep it: a staff user's e-mail and id, an API client's id, or `system`. */
export const actorOf = (req: PayloadRequest): string => {
  const user = req.user
  if (!user) return 'system'
  return user.collection === 'users' ? `${user.email} (users:${user.id})` : `api-clients:${user.id}`
}
