/**
 * The fields the trash adds to a collection: when a record was moved there and by whom. Both are
 * the service's to write (whatever a caller sends for them is replaced) and both are left out of
 * a live record's answers, so records read as they did before the trash existed.
 */
import type { Field, FieldHook, PayloadRequest } from 'payload'

import { isDealer } from '../../access/dealer'

const API_CLIENT = ' (API client)'

/** A value that is null on a live record is left out of the answer; a trashed one shows it. */
const omitWhenNull =
  (name: string): FieldHook =>
  ({ siblingData, value }) => {
    if (value == null) delete siblingData[name]
    return undefined
  }

/**
 * Who is moving a record to the trash, as colleagues read people: a staff user's name (else
 * "Staff user 7", never an address), an API client's name marked as one, "the service" for its
 * own writes.
 */
const moverOf = (user: PayloadRequest['user']): string => {
  if (!user) return 'the service'
  if (user.collection === 'api-clients') return `${user.name || `#${user.id}`}${API_CLIENT}`
  return user.name || `Staff user ${user.id}`
}

/**
 * beforeChange of `deletedBy`: set when the record goes into the trash, kept while it stays,
 * cleared when it is restored. Never what the caller sent.
 */
const recordMover: FieldHook = ({ originalDoc, req, siblingData }) => {
  const trashed = 'deletedAt' in siblingData ? siblingData.deletedAt : originalDoc?.deletedAt
  if (!trashed) return null
  if (originalDoc?.deletedAt) return originalDoc.deletedBy ?? null
  return moverOf(req.user)
}

/** Dealers read no API client's name (they read no API clients at all). */
const clientUnnamedToDealers: FieldHook = ({ req, value }) =>
  typeof value === 'string' && value.endsWith(API_CLIENT) && isDealer(req.user)
    ? 'an API client'
    : undefined

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
  hooks: {
    afterRead: [omitWhenNull('deletedBy'), clientUnnamedToDealers],
    beforeChange: [recordMover],
  },
  label: 'Moved to the trash by',
}
