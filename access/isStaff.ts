import type { PayloadRequest } from 'payload'

import { checkRole } from './roles'

/** Anyone signed in to the admin UI, whatever their staff role. Also usable as `access.admin`. */
export const isStaff = ({ req: { user } }: { req: PayloadRequest }): boolean =>
  checkRole(user, { staff: ['admin', 'staff'] })
