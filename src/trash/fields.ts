/**
 * The fields the trash adds to a collection: when a record was moved there and by whom. Both are
 * the service's to write (whatever a caller sends for them is replaced) and both are left out of
 * a live record's answers, so records read as they did before the trash existed.
 *
 * `deletedBy` is stored as a reference (`users:7`, `api-clients:3`, `system`), as the audit log
 * keeps its actor, and named when read: a name a user gives themselves later cannot pass for an
 * API client, and what a dealer may read is decided by the kind, not by the text.
 */
import type { Field, FieldHook, PayloadRequest } from 'payload'

import { isDealer } from '../../access/dealer'
import { type Actor, actorOf } from '../fields/actors'

const CLIENT = 'api-clients:'

/**
 * A mover as colleagues read people: a user's name (else "Staff user 7", never an address), an
 * API client's name marked as one, "the service" for its own writes.
 */
const moverName = (actor: Actor): string => {
  if (actor.kind === 'users')
    return actor.record
      ? actor.record.name || `Staff user ${actor.id}`
      : `Staff user ${actor.id} (removed)`
  if (actor.kind === 'api-clients') return `${actor.record?.name ?? `#${actor.id}`} (API client)`
  return 'the service'
}

/** The reference of whoever is writing: `users:7`, `api-clients:3`, or `system`. */
const referenceOf = (user: PayloadRequest['user']): string =>
  user ? `${user.collection}:${user.id}` : 'system'

/** A value that is null on a live record is left out of the answer; a trashed one shows it. */
const omitWhenNull =
  (name: string): FieldHook =>
  ({ siblingData, value }) => {
    if (value == null) delete siblingData[name]
    return undefined
  }

/**
 * afterRead of `deletedBy`: the mover named. Dealers read "an API client" for a client, as they
 * read no API clients.
 */
const nameMover: FieldHook = async ({ req, siblingData, value }) => {
  if (typeof value !== 'string') {
    delete siblingData.deletedBy
    return undefined
  }
  if (value.startsWith(CLIENT) && isDealer(req.user)) return 'an API client'
  return moverName(await actorOf(req, value))
}

/**
 * beforeChange of `deletedBy`: set when the record goes into the trash, kept while it stays,
 * cleared when it is restored; never what the caller sent. Kept means the stored reference, read
 * again: `originalDoc` is the record as the caller read it, its mover already named.
 */
const recordMover: FieldHook = async ({ collection, originalDoc, req, siblingData }) => {
  const trashed = 'deletedAt' in siblingData ? siblingData.deletedAt : originalDoc?.deletedAt
  if (!trashed) return null
  if (!originalDoc?.deletedAt) return referenceOf(req.user)
  if (!collection) return null
  const stored = await req.payload.db.findOne<{ deletedBy?: null | string; id: number | string }>({
    collection: collection.slug,
    req,
    where: { id: { equals: originalDoc.id } },
  })
  return stored?.deletedBy ?? null
}

export const deletedAt: Field = {
  name: 'deletedAt',
  type: 'date',
  admin: {
    date: { pickerAppearance: 'dayAndTime' },
    description: 'When the record was moved to the trash. Only a trashed record has it.',
    disableBulkEdit: true,
    hidden: true,
  },
  hooks: { afterRead: [omitWhenNull('deletedAt')] },
  index: true,
  label: 'Moved to the trash',
}

export const deletedBy: Field = {
  name: 'deletedBy',
  type: 'text',
  admin: {
    description:
      'Who moved the record to the trash: a staff user by name, an API client by its name and "(API client)" (to dealers, "an API client"). Set by the service; only a trashed record has it.',
    disableBulkEdit: true,
    hidden: true,
  },
  hooks: { afterRead: [nameMover], beforeChange: [recordMover] },
  label: 'Moved to the trash by',
}
