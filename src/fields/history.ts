import { sql } from '@payloadcms/db-postgres'
import {
  type CollectionAfterChangeHook,
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  Forbidden,
  type Payload,
  type PayloadRequest,
} from 'payload'

import { versionsTableNameOf } from '@/db/adapter'
import { batchWrite } from '@/db/batchedWrites'

import { staffOnlyField } from '../../access/isStaff'
import { isStaffAdminUser } from '../../access/isStaffAdmin'
import { allow, ROLE_SETS } from '../../access/policy'
import { stampedUserField } from './stampedUser'

/** Versions kept per record: the oldest go first. */
export const MAX_VERSIONS = 100

/** Who may restore a version: staff admins only; staff read the history. */
export const mayRestoreVersions = (user: PayloadRequest['user']): boolean => isStaffAdminUser(user)

const restoreByStaffAdmins: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'restoreVersion' && !mayRestoreVersions(req.user)) throw new Forbidden(req.t)
  return args
}

/** The versions table of a collection, as the database adapter names it. */
const versionsTable = (payload: Payload, slug: string): string => {
  const name = versionsTableNameOf(payload, slug)
  if (!name) throw new Error(`no versions table for ${slug}`)
  return name
}

/**
 * afterChange: an update's new version may be the one past MAX_VERSIONS, so the oldest beyond
 * the newest MAX_VERSIONS go (what Payload's `maxPerDoc` does, as one statement sent with the
 * change's other rows instead of a read and a delete). A create's version is its record's first:
 * nothing to trim.
 */
const trimHistory: CollectionAfterChangeHook = ({ collection, doc, operation, req }) => {
  if (operation !== 'update') return doc
  const table = versionsTable(req.payload, collection.slug)
  batchWrite(req, collection.slug, doc.id, () => [{ query: olderVersionsDelete(table, doc.id) }])
  return doc
}

/**
 * The DELETE of record `id`'s versions beyond the newest MAX_VERSIONS. With `inTheSameStatement`,
 * it is sent in the statement that writes the newest version (a compiled write), which it does not
 * see: one fewer of those it sees is kept.
 */
export const olderVersionsDelete = (
  table: string,
  id: number | string,
  { inTheSameStatement = false } = {},
) => {
  const name = sql.identifier(table)
  const keep = inTheSameStatement ? MAX_VERSIONS - 1 : MAX_VERSIONS
  return sql`
    DELETE FROM ${name} WHERE parent_id = ${id} AND updated_at <= (
      SELECT updated_at FROM ${name} WHERE parent_id = ${id}
       ORDER BY updated_at DESC OFFSET ${keep} LIMIT 1)`
}

/**
 * History of a collection that declares Payload's `versions` (plugins/commerce): every save kept
 * as a Payload version (admin UI → the record → Versions), the newest MAX_VERSIONS, with who
 * (`lastModifiedBy`, a staff user; API clients' writes leave it as it was) and when. Staff read
 * versions; staff admins restore one, which is an update like any other (the same hooks,
 * encryption and audit). Versions store what the record stores, so credit data is in them
 * encrypted, never in clear.
 */
export const withHistory = (collection: CollectionConfig): CollectionConfig => {
  if (!collection.versions) return collection
  const stamped = collection.fields.some(
    (field) => 'name' in field && field.name === 'lastModifiedBy',
  )
  return {
    ...collection,
    // House staff: a version is not filtered as its record is (dealers, compliance officers).
    access: { ...collection.access, readVersions: allow(ROLE_SETS.houseStaff) },
    fields: stamped
      ? collection.fields
      : [
          ...collection.fields,
          // For staff only: API answers keep the shape the interface documents.
          { ...stampedUserField('lastModifiedBy', 'change'), access: { read: staffOnlyField } },
        ],
    hooks: {
      ...collection.hooks,
      afterChange: [...(collection.hooks?.afterChange ?? []), trimHistory],
      beforeOperation: [restoreByStaffAdmins, ...(collection.hooks?.beforeOperation ?? [])],
    },
    // 0: Payload keeps every version; trimHistory trims.
    versions: {
      ...(typeof collection.versions === 'object' && collection.versions),
      maxPerDoc: 0,
    },
  }
}
