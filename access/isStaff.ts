import type { FieldAccess, PayloadRequest } from 'payload'

import { safeToCompile } from '@/lib/safeToCompile'

import { checkRole, staffRoles } from './roles'

/** Anyone signed in to the admin UI, whatever their staff role. Also usable as `access.admin`. */
export const isStaff = ({ req: { user } }: { req: PayloadRequest }): boolean =>
  checkRole(user, { staff: staffRoles })

/** A field only staff read (API answers leave it out); a pure function of the request. */
export const staffOnlyField: FieldAccess = safeToCompile(({ req }) => isStaff({ req }))

/**
 * A field the service's own staff read (staff, staff admins), not dealers: one that may hold other
 * dealerships' customers, such as an ADF document naming several dealerships' prospects.
 */
export const houseStaffOnlyField: FieldAccess = safeToCompile(({ req }) =>
  checkRole(req.user, { staff: ['admin', 'staff'] }),
)
