import type { Access, FieldAccess, PayloadRequest } from 'payload'

import { safeToCompile } from '@/lib/safeToCompile'

import { ROLE_SETS } from './policy'
import { checkRole } from './roles'

const staffAdmins = ROLE_SETS.staffAdmins

/** A signed-in staff admin (a person), not an admin API client: the audit log, the jobs queue, SSN reveals. */
export const isStaffAdminUser = (user: PayloadRequest['user'] | null | undefined): boolean =>
  checkRole(user, staffAdmins)

export const isStaffAdmin: Access = ({ req: { user } }) => isStaffAdminUser(user)

export const isStaffAdminFieldLevel: FieldAccess = ({ req: { user } }) => isStaffAdminUser(user)

/** The same, marked for compiled reads: it is decided by the caller alone, never by the row. */
export const staffAdminsRead: FieldAccess = safeToCompile(isStaffAdminFieldLevel)
