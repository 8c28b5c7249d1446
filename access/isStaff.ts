import type { Access } from 'payload'

import { checkRole } from './roles'

/** Anyone signed in to the admin UI, whatever their staff role. */
export const isStaff: Access = ({ req: { user } }) => checkRole(user, { staff: ['admin', 'staff'] })
