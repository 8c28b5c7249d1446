import {
  type CollectionBeforeOperationHook,
  type CollectionConfig,
  type FieldAccess,
  Forbidden,
} from 'payload'

import { isStaff } from '../../access/isStaff'
import { isStaffAdminUser } from '../../access/isStaffAdmin'
import { stampedUserField } from './stampedUser'

const isStaffField: FieldAccess = ({ req }) => isStaff({ req })

/** Versions kept per record: the oldest go first. */
const MAX_VERSIONS = 100

/** A version is restored by staff admins only; staff read the history. */
const restoreByStaffAdmins: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'restoreVersion' && !isStaffAdminUser(req.user)) throw new Forbidden(req.t)
  return args
}

/**
 * History of a record collection: every save kept as a Payload version (admin UI → the record →
 * Versions), with who (`lastModifiedBy`, a staff user; API clients' writes leave it as it was)
 * and when. Staff read versions; staff admins restore one, which is an update like any other
 * (the same hooks, encryption and audit). Versions store what the record stores, so credit data
 * is in them encrypted, never in clear.
 */
export const withHistory = (collection: CollectionConfig): CollectionConfig => {
  const stamped = collection.fields.some(
    (field) => 'name' in field && field.name === 'lastModifiedBy',
  )
  return {
    ...collection,
    access: { ...collection.access, readVersions: isStaff },
    fields: stamped
      ? collection.fields
      : [
          ...collection.fields,
          // For staff only: API answers keep the shape the interface documents.
          { ...stampedUserField('lastModifiedBy', 'change'), access: { read: isStaffField } },
        ],
    hooks: {
      ...collection.hooks,
      beforeOperation: [restoreByStaffAdmins, ...(collection.hooks?.beforeOperation ?? [])],
    },
    versions: { maxPerDoc: MAX_VERSIONS },
  }
}
