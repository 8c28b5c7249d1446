import type { FieldHook } from 'payload'

import type { AuditLog } from '../../../payload-types'
import { type Actor, actorOf } from '../../fields/actors'

/** A staff user as "Name <e-mail>" (or the e-mail), a client as "Name (API client)". */
const actorName = (actor: Actor): null | string => {
  if (actor.kind === 'users' && actor.record)
    return actor.record.name ? `${actor.record.name} <${actor.record.email}>` : actor.record.email
  if (actor.kind === 'api-clients' && actor.record) return `${actor.record.name} (API client)`
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
  return actorName(await actorOf(req, actor)) ?? `${actor} (deleted)`
}
