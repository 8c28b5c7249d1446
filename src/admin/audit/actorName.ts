import type { FieldHook, PayloadRequest } from 'payload'

import type { AuditLog } from '../../../payload-types'

/** Names looked up by one request, by actor: a page of entries asks once per person or client. */
const namesByRequest = new WeakMap<PayloadRequest, Map<string, Promise<null | string>>>()

const lookUp = async (req: PayloadRequest, actor: string): Promise<null | string> => {
  const [collection, id] = actor.split(':')
  // Read without the caller's access: whoever reads the audit log is told who acted.
  if (collection === 'users') {
    const user = await req.payload.findByID({
      collection: 'users',
      depth: 0,
      disableErrors: true,
      id,
      req,
      select: { email: true, name: true },
    })
    if (!user) return null
    return user.name ? `${user.name} <${user.email}>` : user.email
  }
  if (collection === 'api-clients') {
    const client = await req.payload.findByID({
      collection: 'api-clients',
      depth: 0,
      disableErrors: true,
      id,
      req,
      select: { name: true },
    })
    return client ? `${client.name} (API client)` : null
  }
  return null
}

/**
 * afterRead of the audit log's `actorName`: who `actor` (`users:<id>`, `api-clients:<id>`,
 * `system`) is, as they are named now — "Name <e-mail>" (or the e-mail) for a staff user,
 * "Name (API client)" for a client, `system` as it is, and "users:7 (deleted)" for an account
 * since deleted.
 */
export const nameActor: FieldHook<AuditLog> = async ({ originalDoc, req, siblingData }) => {
  const actor = siblingData?.actor ?? originalDoc?.actor
  if (!actor) return null
  if (!actor.includes(':')) return actor
  let names = namesByRequest.get(req)
  if (!names) namesByRequest.set(req, (names = new Map()))
  let name = names.get(actor)
  if (!name) names.set(actor, (name = lookUp(req, actor)))
  return (await name) ?? `${actor} (deleted)`
}
