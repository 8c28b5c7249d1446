import type { FieldAccess, PayloadRequest } from 'payload'

import { safeToCompile } from '@/lib/safeToCompile'

import { ROLE_SETS } from './policy'
import { checkRole } from './roles'

/** Anyone signed in to the admin UI, whatever their staff role. Also usable as `access.admin`. */
export const isStaff = ({ req: { user } }: { req: PayloadRequest }): boolean =>
  checkRole(user, ROLE_SETS.staffUsers)

/** A field only staff read (API answers leave it out); a pure function of the request. */
export const staffOnlyField: FieldAccess = safeToCompile(({ req }) => isStaff({ req }))

/**
 * A field the service's own staff read (staff, staff admins), not dealers: one that may hold other
 * dealerships' customers, such as an ADF document naming several dealerships' prospects.
 */
export const houseStaffOnlyField: FieldAccess = safeToCompile(({ req }) =>
  checkRole(req.user, ROLE_SETS.houseStaff),
)
